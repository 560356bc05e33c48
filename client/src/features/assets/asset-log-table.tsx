/** The asset log, newest first, with its count, each row tinted by its type: a table on a wide screen, cards on a phone. */
import { Paper, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '../../shared/format.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { LogCardHeader, LogTableFrame, LogTypeBadge } from '../../components/log-table.tsx';
import { logTypeColor } from '../../components/log-colors.ts';
import { NoData } from '../../components/no-data.tsx';
import { ownerText } from './asset-log-model.ts';
import type { AssetTransaction } from './asset-types.ts';

export const NO_LOGS_TEXT = 'No logs to display';

const nowrap = { whiteSpace: 'nowrap' } as const;
const tint = (type: string) => ({ backgroundColor: `var(--mantine-color-${logTypeColor(type)}-light)` });

export function AssetLogTable({ rows }: { rows: readonly AssetTransaction[] }) {
  const phone = usePhone();
  if (rows.length === 0) return <NoData text={NO_LOGS_TEXT} />;
  if (phone) {
    return (
      <Stack gap="xs" aria-label="Asset logs">
        {rows.map((r) => {
          const type = r.action_type;
          return (
            <Paper key={r.id} withBorder radius="md" p="xs" style={tint(type)}>
              <LogCardHeader type={type} date={r.created_at} />
              <Text size="sm" fw={600} mt={4} style={{ overflowWrap: 'anywhere' }}>
                {r.asset_number} {r.serial_number ? `· S/N ${r.serial_number}` : ''} × {r.quantity}
              </Text>
              <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
                {ownerText(r.from_owner_type, r.from_owner_label)} → {ownerText(r.to_owner_type, r.to_owner_label)} · {r.created_by}
              </Text>
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <LogTableFrame
      label="Asset logs"
      minWidth={860}
      columns={['Date', 'Type', 'Asset Number', 'S/N', 'Quantity', 'From', 'To', 'Transacted By']}
      right="Quantity"
    >
      {rows.map((r) => {
        const type = r.action_type;
        return (
          <Table.Tr key={r.id} style={tint(type)} data-type={type}>
            <Table.Td style={nowrap}>{formatDateTime(r.created_at)}</Table.Td>
            <Table.Td>
              <LogTypeBadge type={type} />
            </Table.Td>
            <Table.Td>{r.asset_number}</Table.Td>
            <Table.Td>{r.serial_number ?? '—'}</Table.Td>
            <Table.Td ta="right">{r.quantity}</Table.Td>
            <Table.Td>{ownerText(r.from_owner_type, r.from_owner_label)}</Table.Td>
            <Table.Td>{ownerText(r.to_owner_type, r.to_owner_label)}</Table.Td>
            <Table.Td>{r.created_by}</Table.Td>
          </Table.Tr>
        );
      })}
    </LogTableFrame>
  );
}

/** The rows and how many there are (the server sends the newest 500 at most, spec 02 §9). */
export function AssetLogList({ rows }: { rows: readonly AssetTransaction[] }) {
  return (
    <>
      <AssetLogTable rows={rows} />
      {rows.length > 0 && (
        <Text size="sm" c="dimmed">
          {rows.length} {rows.length === 1 ? 'entry' : 'entries'}, newest first
        </Text>
      )}
    </>
  );
}
