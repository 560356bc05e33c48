/**
 * A page of a warehouse's log, newest first, each row tinted by its type (spec 02 §2.5). A move
 * between the warehouse and a project names both sides: where it came from and where it went.
 */
import { Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { LogRow } from '../../api/material-types.ts';
import { formatDateTime } from '../../shared/format.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { logTypeColor } from '../../components/log-colors.ts';
import { LogCardHeader, LogTableFrame, LogTypeBadge, NO_LOGS_TEXT } from '../../components/log-table.tsx';
import { NoData } from '../../components/no-data.tsx';

/** "Rack A → Project 1001 · North": both sides of a move, or the one side a row has. */
export function movePath(row: Pick<LogRow, 'location_a' | 'location_b'>): string {
  const a = row.location_a?.trim();
  const b = row.location_b?.trim();
  if (a && b) return `${a} → ${b}`;
  return a || b || '—';
}

const nowrap = { whiteSpace: 'nowrap' } as const;

export function WarehouseLogTable({ rows }: { rows: readonly LogRow[] }) {
  const phone = usePhone();
  if (rows.length === 0) return <NoData text={NO_LOGS_TEXT} />;
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label="Warehouse logs">
        {rows.map((row) => {
          const color = logTypeColor(row.LogType);
          return (
            <Paper
              key={row.id}
              role="listitem"
              data-log-type={row.LogType}
              withBorder
              p="xs"
              radius="sm"
              style={{ backgroundColor: `var(--mantine-color-${color}-light)`, borderLeft: `4px solid var(--mantine-color-${color}-filled)` }}
            >
              <LogCardHeader type={row.LogType} date={row.LogDate} />
              <Text size="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
                <Text span fw={600}>
                  {row.PartNumber}
                </Text>{' '}
                · {row.PartName}
              </Text>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {movePath(row)}
              </Text>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm" truncate="end">
                  by {row.LogName}
                </Text>
                <Text size="sm" fw={600}>
                  Amount {row.LogAmount}
                </Text>
              </Group>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <LogTableFrame
      label="Warehouse logs"
      minWidth={880}
      columns={['Date', 'Type', 'Part Number', 'Name', 'Amount', 'From → To', 'Transacted By']}
      right="Amount"
    >
      {rows.map((row) => (
        <Table.Tr key={row.id} data-log-type={row.LogType} style={{ backgroundColor: `var(--mantine-color-${logTypeColor(row.LogType)}-light)` }}>
          <Table.Td style={nowrap}>{formatDateTime(row.LogDate)}</Table.Td>
          <Table.Td style={nowrap}>
            <LogTypeBadge type={row.LogType} />
          </Table.Td>
          <Table.Td fw={500} style={nowrap}>
            {row.PartNumber}
          </Table.Td>
          <Table.Td>{row.PartName}</Table.Td>
          <Table.Td ta="right">{row.LogAmount}</Table.Td>
          <Table.Td>{movePath(row)}</Table.Td>
          <Table.Td>{row.LogName}</Table.Td>
        </Table.Tr>
      ))}
    </LogTableFrame>
  );
}
