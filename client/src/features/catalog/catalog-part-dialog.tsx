/**
 * Add a part to the catalogue, or rename or renumber one (Material Catalog, global admins), with
 * the rules and messages of the material edit (spec 01 §5): number and name required, each text
 * within its limit, a new number only when it changed.
 */
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { useEditPartMutation, useCreatePartMutation } from '../../api/catalog-api.ts';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { CatalogPart } from '../../api/material-types.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { materialEditBody, materialNameLengthErrors, validateMaterialNames, type MaterialNameValues } from '../../components/material-name-form.ts';
import { CREATE_FAILED, MATERIAL_UPDATED, UPDATE_MATERIAL_FAILED } from '../../shared/messages.ts';

const EMPTY: MaterialNameValues = { partNumber: '', partName: '', nickname: '', note: '' };

export function CatalogPartDialog({ part, onClose }: { part: CatalogPart | null; onClose: () => void }) {
  const [values, setValues] = useState<MaterialNameValues>(() =>
    part ? { partNumber: part.part_number, partName: part.part_name, nickname: part.part_nickname, note: '' } : EMPTY,
  );
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = useCreatePartMutation();
  const [edit, editing] = useEditPartMutation();
  const idempotency = useIdempotencyKey();
  const busy = creating.isLoading || editing.isLoading;
  const tooLong = materialNameLengthErrors(values);
  const set = (field: keyof MaterialNameValues) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues({ ...values, [field]: event.currentTarget.value });
    setError(null);
  };

  const save = async () => {
    const problem = validateMaterialNames(values);
    setError(problem);
    if (problem) return;
    let result: { error?: Parameters<typeof messageOr>[0]; data?: CatalogPart };
    if (part) {
      const body = { materialId: part.material_id, ...materialEditBody(part.part_number, values) };
      result = await edit({ ...body, idempotencyKey: idempotency.keyFor(body) });
    } else {
      const body = { part_number: values.partNumber.trim(), part_name: values.partName.trim(), part_nickname: values.nickname.trim() };
      result = await create({ ...body, idempotencyKey: idempotency.keyFor(body) });
    }
    idempotency.settle(result.error);
    if (result.error || !result.data) {
      setError(messageOr(result.error, part ? UPDATE_MATERIAL_FAILED : CREATE_FAILED));
      return;
    }
    toast.success(part ? MATERIAL_UPDATED : `Part ${result.data.part_number} added to the catalogue`);
    onClose();
  };

  return (
    <AppModal opened onClose={onClose} title={part ? `Edit ${part.part_number}` : 'New Part'} size="lg">
      <Stack gap="sm">
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Part Number" required value={values.partNumber} onChange={set('partNumber')} error={tooLong.partNumber} data-autofocus />
          <TextInput label="Part Name" required value={values.partName} onChange={set('partName')} error={tooLong.partName} />
          <TextInput label="Nickname" value={values.nickname} onChange={set('nickname')} error={tooLong.nickname} />
        </SimpleGrid>
        {part && <TextInput label="Note" description="Optional: why the names changed" value={values.note} onChange={set('note')} error={tooLong.note} />}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={Object.keys(tooLong).length > 0}>
            {part ? 'Save' : 'Add Part'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
