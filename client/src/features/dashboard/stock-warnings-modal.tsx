/**
 * Stock Warnings of one part (spec 01 §2, §5): the low and critical thresholds that colour the
 * table. Blank means the default (the project's, else 15 and 0); the current effective values
 * are shown as placeholders, so leaving a box blank visibly keeps or restores the default.
 */
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { InventoryRow } from '../../api/material-types.ts';
import { useSetStockWarningsMutation } from '../../api/stock-api.ts';
import { toast } from '../../app/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { parseThreshold, thresholdErrors } from './stock-warnings-rules.ts';

interface StockWarningsModalProps {
  projectId: string;
  rows: readonly InventoryRow[];
  materialId: string | null;
  onDone: () => void;
}

export function StockWarningsModal(props: StockWarningsModalProps) {
  return (
    <AppModal opened onClose={props.onDone} title="Stock Warnings" size="md">
      <StockWarningsForm {...props} />
    </AppModal>
  );
}

function StockWarningsForm({ projectId, rows, materialId, onDone }: StockWarningsModalProps) {
  const [selected, setSelected] = useState<string | null>(materialId);
  const [low, setLow] = useState('');
  const [critical, setCritical] = useState('');
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useSetStockWarningsMutation();
  const idempotency = useIdempotencyKey();
  const row = rows.find((r) => r.material_id === selected);
  const errors = tried ? thresholdErrors(low, critical) : {};

  const submit = async () => {
    setTried(true);
    if (!row || Object.keys(thresholdErrors(low, critical)).length > 0) return;
    const lowValue = parseThreshold(low);
    const criticalValue = parseThreshold(critical);
    const body = {
      project_id: projectId,
      part_number: row.PartNumber,
      low_threshold: lowValue === 'invalid' ? null : lowValue,
      critical_threshold: criticalValue === 'invalid' ? null : criticalValue,
    };
    const result = await save({ ...body, idempotencyKey: idempotency.keyFor(body) });
    idempotency.settle(result.error);
    if (result.error) {
      const message = messageOr(result.error, 'Failed to save stock warnings');
      setFailure(message);
      toast.error(message);
      return;
    }
    toast.success('Stock warnings saved');
    onDone();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The table shows a part in red at or below its critical threshold (or at zero), and as a warning below its low threshold. Leave a box blank to use the
        default.
      </Text>
      {failure && (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      )}
      <Select
        label="Part"
        placeholder="Choose a part"
        data={rows.map((r) => ({ value: r.material_id, label: `${r.PartNumber} — ${r.PartName}` }))}
        value={selected}
        onChange={(value) => {
          setSelected(value);
          setLow('');
          setCritical('');
          setTried(false);
        }}
        searchable
        limit={25}
        nothingFoundMessage="No parts match"
        error={tried && !row ? 'Choose a part' : undefined}
      />
      <SimpleGrid cols={2} spacing="sm">
        <TextInput
          label="Low warning threshold"
          inputMode="decimal"
          placeholder={row ? `Now ${row.LowStockWarning}` : 'Default'}
          value={low}
          onChange={(event) => setLow(event.currentTarget.value)}
          error={errors.low}
        />
        <TextInput
          label="Critical warning threshold"
          inputMode="decimal"
          placeholder={row ? `Now ${row.CriticalStockWarning}` : 'Default'}
          value={critical}
          onChange={(event) => setCritical(event.currentTarget.value)}
          error={errors.critical}
        />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={isLoading} disabled={!row}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}
