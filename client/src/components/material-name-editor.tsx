/**
 * A part's names, read-only with an Edit button for those who may curate, then editable with
 * Save and Cancel (spec 01 §2). Used by Material Details and by the Material Catalog. The
 * catalogue is shared, so a rename shows in every project that holds the part.
 */
import { Alert, Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent } from 'react';
import { messageOr } from '../api/error-message.ts';
import { useIdempotencyKey } from '../api/idempotency.ts';
import type { InventoryRow } from '../api/material-types.ts';
import { useEditMaterialMutation } from '../api/stock-api.ts';
import { toast } from '../shared/toast.ts';
import { initialNameValues, materialEditBody, materialNameLengthErrors, validateMaterialNames, type MaterialNameValues } from './material-name-form.ts';
import { DetailField } from './detail-field.tsx';
import { MATERIAL_UPDATED, UPDATE_MATERIAL_FAILED } from '../shared/messages.ts';

interface MaterialNameEditorProps {
  projectId: string;
  row: InventoryRow;
  canEdit: boolean;
}

export function MaterialNameEditor({ projectId, row, canEdit }: MaterialNameEditorProps) {
  const [editing, setEditing] = useState(false);
  if (!editing) {
    return (
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" style={{ flex: 1, minWidth: 0 }}>
          <DetailField wrap label="Part Number" value={row.PartNumber} />
          <DetailField wrap label="Part Name" value={row.PartName} />
          <DetailField wrap label="Nickname" value={row.StandardName || '—'} />
        </SimpleGrid>
        {canEdit && (
          <Button variant="light" size="xs" onClick={() => setEditing(true)}>
            Edit
          </Button>
        )}
      </Group>
    );
  }
  return <NameForm projectId={projectId} row={row} onDone={() => setEditing(false)} />;
}

function NameForm({ projectId, row, onDone }: { projectId: string; row: InventoryRow; onDone: () => void }) {
  const [values, setValues] = useState<MaterialNameValues>(() => initialNameValues(row));
  const [error, setError] = useState<string | null>(null);
  const [edit, { isLoading }] = useEditMaterialMutation();
  const idempotency = useIdempotencyKey();
  const set = (field: keyof MaterialNameValues) => (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });

  const tooLong = materialNameLengthErrors(values);
  const save = async () => {
    const problem = validateMaterialNames(values);
    setError(problem);
    if (problem) return;
    const body = { ...materialEditBody(row.PartNumber, values), project_id: projectId, part_number: row.PartNumber };
    const result = await edit({ ...body, idempotencyKey: idempotency.keyFor(body) });
    idempotency.settle(result.error);
    if (result.error) {
      const message = messageOr(result.error, UPDATE_MATERIAL_FAILED);
      // Said once, in the dialog, where it stays until the next try.
      setError(message);
      return;
    }
    toast.success(MATERIAL_UPDATED);
    onDone();
  };

  return (
    <Stack gap="sm">
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        <TextInput label="Part Number" required value={values.partNumber} onChange={set('partNumber')} error={tooLong.partNumber} />
        <TextInput label="Part Name" required value={values.partName} onChange={set('partName')} error={tooLong.partName} />
        <TextInput label="Nickname" value={values.nickname} onChange={set('nickname')} error={tooLong.nickname} />
      </SimpleGrid>
      <TextInput label="Note" description="Optional: why the names changed" value={values.note} onChange={set('note')} error={tooLong.note} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={isLoading} disabled={Object.keys(tooLong).length > 0}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
