/**
 * Stock Warnings of one part (spec 01 §2, §5): the low and critical thresholds that colour the
 * table. The boxes open with the part's current values; a save changes only what was changed
 * (the other value is sent as it was), and "Reset to default" blanks a box (blank means the
 * default: the project's, else 15 and 0).
 */
import { Anchor, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import type { InventoryRow } from '../../api/material-types.ts';
import { useSetStockWarningsMutation } from '../../api/stock-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { limitWithHint } from '../../components/part-picker.tsx';
import { PICKER_LIMIT } from '../../components/part-search.ts';
import {
  DEFAULT_CRITICAL_THRESHOLD,
  DEFAULT_LOW_THRESHOLD,
  thresholdErrors,
  thresholdRequest,
  thresholdsChanged,
  thresholdText,
} from './stock-warnings-rules.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';

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
  const initialRow = rows.find((r) => r.material_id === materialId);
  const [low, setLow] = useState(initialRow ? thresholdText(initialRow.LowStockWarning) : '');
  const [critical, setCritical] = useState(initialRow ? thresholdText(initialRow.CriticalStockWarning) : '');
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { isLoading }] = useSetStockWarningsMutation();
  const idempotency = useIdempotencyKey();
  const row = rows.find((r) => r.material_id === selected);
  // Shown as the person types: a wrong value is said at once, not after a refused save.
  const errors = thresholdErrors(low, critical);
  const form = row ? { initialLow: row.LowStockWarning, initialCritical: row.CriticalStockWarning, low, critical } : null;
  const changed = form !== null && thresholdsChanged(form);

  const submit = async () => {
    if (!row || !form || !changed || Object.keys(errors).length > 0) return;
    const body = { project_id: projectId, part_number: row.PartNumber, ...thresholdRequest(form) };
    const result = await save({ ...body, idempotencyKey: idempotency.keyFor(body) });
    idempotency.settle(result.error);
    if (result.error) {
      const message = messageOr(result.error, 'Failed to save stock warnings');
      // Said once, in the dialog, where it stays until the next try.
      setFailure(message);
      return;
    }
    toast.success('Stock warnings saved');
    onDone();
  };

  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        The table shows a part in red at or below its critical threshold (or at zero), and as a warning below its low threshold. A blank box means the default
        (low {DEFAULT_LOW_THRESHOLD}, critical {DEFAULT_CRITICAL_THRESHOLD}).
      </Text>
      <FailureAlert failure={failure} />
      <Select
        label="Part"
        placeholder="Choose a part"
        data={rows.map((r) => ({ value: r.material_id, label: `${r.PartNumber} — ${r.PartName}` }))}
        value={selected}
        onChange={(value) => {
          const next = rows.find((r) => r.material_id === value);
          setSelected(value);
          setLow(next ? thresholdText(next.LowStockWarning) : '');
          setCritical(next ? thresholdText(next.CriticalStockWarning) : '');
          setFailure(null);
        }}
        searchable
        limit={PICKER_LIMIT}
        filter={limitWithHint}
        nothingFoundMessage="No parts match"
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <ThresholdInput label="Low warning threshold" value={low} onChange={setLow} error={errors.low} disabled={!row} />
        <ThresholdInput label="Critical warning threshold" value={critical} onChange={setCritical} error={errors.critical} disabled={!row} />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDone} disabled={isLoading}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={isLoading} disabled={!changed || Object.keys(errors).length > 0}>
          Save
        </Button>
      </Group>
    </Stack>
  );
}

interface ThresholdInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
  disabled: boolean;
}

/** One threshold box with its own "Reset to default", which blanks it (blank is the default). */
function ThresholdInput({ label, value, onChange, error, disabled }: ThresholdInputProps) {
  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        inputMode="decimal"
        placeholder="Default"
        maxLength={MAX_LENGTH.threshold}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
        disabled={disabled}
      />
      <Anchor
        component="button"
        type="button"
        size="xs"
        ta="left"
        disabled={disabled || value.trim() === ''}
        onClick={() => onChange('')}
        // Not the box's own label, so the box alone answers to it.
        aria-label={`Reset the ${label.replace(' warning', '').toLowerCase()} to default`}
      >
        Reset to default
      </Anchor>
    </Stack>
  );
}
