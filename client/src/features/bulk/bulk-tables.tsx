/**
 * The bulk page's table of the server's verdict on every row, before applying (a dry run) and after:
 * what the row does to the part's on hand, or why it is refused.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { BulkAnswer, BulkResult } from '../../api/material-types.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';

export function statusColor(status: string): string {
  if (status === 'OK') return 'teal';
  if (status === 'Skipped') return 'gray';
  if (status.startsWith('Not applied')) return 'yellow';
  return 'red';
}

const fmt = (n: number) => n.toLocaleString('en');

/** Refused and invalid rows stand out in red; rows held back only by them in yellow. */
function rowTint(status: string): string | null {
  if (status === 'OK' || status === 'Skipped') return null;
  return status.startsWith('Not applied') ? 'yellow' : 'red';
}

function Status({ row, lines }: { row: BulkResult; lines: number }) {
  if (row.status === 'OK' || row.status === 'Skipped' || row.status === 'Invalid row') {
    return (
      <Badge color={statusColor(row.status)} variant={row.status === 'Invalid row' ? 'filled' : 'light'} tt="none">
        {row.status}
      </Badge>
    );
  }
  // Refusals are sentences to read, not labels.
  return (
    <Text span size="sm" fw={500} c={row.status.startsWith('Not applied') ? 'yellow.9' : 'red.8'} style={{ whiteSpace: 'normal' }} lineClamp={lines}>
      {row.status}
    </Text>
  );
}

/** Plain spans, so the figures take the size of the cell or line they sit in. */
function OnHand({ row }: { row: BulkResult }) {
  if (row.on_hand_before === null || row.on_hand_after === null) return <span>—</span>;
  if (row.on_hand_before === row.on_hand_after) return <span>{fmt(row.on_hand_before)}</span>;
  return (
    <span>
      {fmt(row.on_hand_before)} → <b>{fmt(row.on_hand_after)}</b>
    </span>
  );
}

const COLUMNS: VirtualColumn<BulkResult>[] = [
  { key: 'row', header: 'Row', width: 64, render: (r) => r.row },
  { key: 'part_number', header: 'Part Number', width: 180, render: (r) => r.part_number || '—', title: (r) => r.part_number },
  { key: 'quantity', header: 'Quantity', width: 130, align: 'right', render: (r) => (r.quantity === null ? '—' : fmt(r.quantity)) },
  { key: 'on_hand', header: 'On hand', width: 260, align: 'right', render: (r) => <OnHand row={r} /> },
  { key: 'status', header: 'Result', render: (r) => <Status row={r} lines={2} />, title: (r) => r.status },
];

// On a phone the part sits over what the row does to its on hand; the verdict keeps its own column.
const PHONE_COLUMNS: VirtualColumn<BulkResult>[] = [
  { ...COLUMNS[0]!, width: 40 },
  {
    key: 'part',
    header: 'Part',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm" fw={600} truncate="end">
          {r.part_number || '—'}
        </Text>
        <Text size="xs">Qty {r.quantity === null ? '—' : fmt(r.quantity)}</Text>
        <Text size="xs" c="dimmed">
          On hand <OnHand row={r} />
        </Text>
      </Stack>
    ),
    title: (r) => r.part_number,
  },
  { ...COLUMNS[4]!, width: 160, render: (r) => <Status row={r} lines={4} /> },
];

export function VerdictTable({ answer, label }: { answer: BulkAnswer; label: string }) {
  const phone = usePhone();
  const { ok, invalid, skipped, failed, not_applied } = answer.summary;
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
          Refused: {failed}
        </Badge>
        {not_applied > 0 && (
          <Badge tt="none" color="yellow" size="lg" variant="light">
            Not applied: {not_applied}
          </Badge>
        )}
      </Group>
      <VirtualTable
        ariaLabel={label}
        rows={answer.results}
        columns={phone ? PHONE_COLUMNS : COLUMNS}
        rowKey={(r) => String(r.row)}
        rowHeight={phone ? 92 : 44}
        minWidth={phone ? 0 : 760}
        maxHeight="min(60dvh, 560px)"
        rowStyle={(r) => {
          const tint = rowTint(r.status);
          return tint ? { backgroundColor: `var(--mantine-color-${tint}-light)` } : undefined;
        }}
        rowData={(r) => ({ 'data-status': r.status })}
      />
    </>
  );
}
