/** The bulk page's two tables: the preview before submitting, and the result of every row after. */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BulkAnswer, BulkResult } from '../../api/material-types.ts';
import { usePhone } from '../../app/use-phone.ts';
import { VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { INVALID_ROW, type PreviewRow } from './bulk-csv.ts';

const PREVIEW_COLUMNS: VirtualColumn<PreviewRow>[] = [
  { key: 'row', header: 'Row', width: 64, render: (r) => r.row },
  { key: 'part_number', header: 'Part Number', width: 150, render: (r) => r.part_number || '—', title: (r) => r.part_number },
  { key: 'part_name', header: 'Part Name', render: (r) => r.part_name || '—', title: (r) => r.part_name },
  { key: 'part_nickname', header: 'Part Nickname', render: (r) => r.part_nickname || '—', title: (r) => r.part_nickname },
  { key: 'quantity', header: 'Quantity', width: 120, align: 'right', render: (r) => r.quantity || '—' },
  {
    key: 'check',
    header: 'Check',
    // Wide enough for "Part nickname is too long (at most 200 characters)." beside its badge.
    width: 460,
    render: (r) =>
      r.valid ? (
        <Badge tt="none" color="teal" variant="light">
          Ready
        </Badge>
      ) : (
        <Group gap={6} wrap="nowrap">
          <Badge tt="none" color="red" variant="filled" style={{ flexShrink: 0 }}>
            {INVALID_ROW}
          </Badge>
          <Text span size="xs" c="red.8" truncate="end">
            {r.problem}
          </Text>
        </Group>
      ),
    title: (r) => r.problem ?? 'Ready',
  },
];

const names = (r: PreviewRow) => [r.part_name, r.part_nickname].filter(Boolean).join(' · ') || '—';

// On a phone the part's number sits over its names, or over the reason it will be refused.
const PHONE_PREVIEW_COLUMNS: VirtualColumn<PreviewRow>[] = [
  { ...PREVIEW_COLUMNS[0]!, width: 40 },
  {
    key: 'part',
    header: 'Part',
    render: (r) => (
      <Stack gap={0} style={{ whiteSpace: 'normal' }}>
        <Text size="sm" fw={600} truncate="end">
          {r.part_number || '—'}
        </Text>
        <Text size="xs" c={r.valid ? 'dimmed' : 'red.8'} lineClamp={3}>
          {r.problem ?? names(r)}
        </Text>
      </Stack>
    ),
    title: (r) => r.problem ?? names(r),
  },
  { ...PREVIEW_COLUMNS[4]!, header: 'Qty', width: 48 },
  {
    key: 'check',
    header: 'Check',
    width: 100,
    render: (r) => (
      <Badge tt="none" color={r.valid ? 'teal' : 'red'} variant={r.valid ? 'light' : 'filled'}>
        {r.valid ? 'Ready' : INVALID_ROW}
      </Badge>
    ),
  },
];

export function PreviewTable({ rows }: { rows: readonly PreviewRow[] }) {
  const phone = usePhone();
  return (
    <VirtualTable
      ariaLabel="Preview"
      rows={rows}
      columns={phone ? PHONE_PREVIEW_COLUMNS : PREVIEW_COLUMNS}
      rowKey={(r) => String(r.row)}
      rowHeight={phone ? 80 : 44}
      minWidth={phone ? 0 : 880}
      maxHeight="min(60dvh, 560px)"
      rowStyle={(r) => (r.valid ? undefined : { backgroundColor: 'var(--mantine-color-red-light)' })}
      rowData={(r) => ({ 'data-valid': String(r.valid) })}
    />
  );
}

export function statusColor(status: string): string {
  if (status === 'OK') return 'teal';
  if (status === 'Skipped') return 'gray';
  return 'red';
}

const RESULT_COLUMNS: VirtualColumn<BulkResult>[] = [
  { key: 'row', header: 'Row', width: 64, render: (r) => r.row },
  { key: 'part_number', header: 'Part Number', width: 180, render: (r) => r.part_number || '—', title: (r) => r.part_number },
  { key: 'quantity', header: 'Quantity', width: 100, align: 'right', render: (r) => r.quantity ?? '—' },
  {
    key: 'status',
    header: 'Result',
    render: (r) =>
      r.status === 'OK' || r.status === 'Skipped' ? (
        <Badge color={statusColor(r.status)} variant="light" tt="none">
          {r.status}
        </Badge>
      ) : (
        // Errors are sentences to read, not labels.
        <Text span size="sm" fw={500} c="red.8">
          {r.status}
        </Text>
      ),
    title: (r) => r.status,
  },
];

const PHONE_RESULT_COLUMNS: VirtualColumn<BulkResult>[] = [
  { ...RESULT_COLUMNS[0]!, width: 44 },
  { ...RESULT_COLUMNS[1]!, width: undefined },
  { ...RESULT_COLUMNS[2]!, header: 'Qty', width: 52 },
  { ...RESULT_COLUMNS[3]!, width: 130 },
];

export function ResultsTable({ answer }: { answer: BulkAnswer }) {
  const phone = usePhone();
  const { ok, invalid, skipped, failed } = answer.summary;
  return (
    <>
      <Group gap="xs" wrap="wrap" aria-label="Summary">
        <Badge tt="none" color="teal" size="lg" variant="light">
          OK: {ok}
        </Badge>
        <Badge tt="none" color="red" size="lg" variant="light">
          Invalid: {invalid}
        </Badge>
        <Badge tt="none" color="gray" size="lg" variant="light">
          Skipped: {skipped}
        </Badge>
        <Badge tt="none" color="red" size="lg" variant="light">
          Failed: {failed}
        </Badge>
      </Group>
      <VirtualTable
        ariaLabel="Results"
        rows={answer.results}
        columns={phone ? PHONE_RESULT_COLUMNS : RESULT_COLUMNS}
        rowKey={(r) => String(r.row)}
        minWidth={phone ? 0 : 560}
        maxHeight="min(60dvh, 560px)"
        rowData={(r) => ({ 'data-status': r.status })}
      />
    </>
  );
}
