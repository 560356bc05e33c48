/**
 * Pieces both request screens show: the status badge, the lines of a request, and its history from
 * the ledger (who did what, when).
 */
import { Alert, Badge, Loader, Table, Text, Timeline } from '@mantine/core';
import type { RequestStatus } from '@contract/requests.ts';
import { formatDateTime } from '../../shared/format.ts';
import { LINE_COLORS, reasonText, STATUS_COLORS, STATUS_LABEL } from './request-rules.ts';
import { type RequestLine, useRequestHistoryQuery } from './requests-api.ts';

// A badge clips its word when its cell is squeezed by long names or notes: it keeps its whole width.
const WHOLE_WORD = { minWidth: 'max-content' } as const;

export function StatusBadge({ status, testId }: { status: RequestStatus; testId?: string }) {
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" tt="none" data-testid={testId} style={WHOLE_WORD}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

export function RequestLines({ lines, type }: { lines: readonly RequestLine[]; type: 'Material' | 'Asset' }) {
  if (lines.length === 0) return <Text c="dimmed">No data to display</Text>;
  return (
    <div style={{ overflowX: 'auto' }}>
      <Table striped withTableBorder aria-label="Request items" miw={320}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{type === 'Material' ? 'Part' : 'Asset'}</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Notes</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.line_id} data-part={line.part_number} data-line-status={line.status}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {line.part_number}
                </Text>
                <Text size="xs" c="dimmed">
                  {line.part_name}
                  {line.requested_part_number ? ` · in place of ${line.requested_part_number}` : ''}
                </Text>
              </Table.Td>
              <Table.Td ta="right">{line.qty}</Table.Td>
              <Table.Td>
                <Badge color={LINE_COLORS[line.status]} variant="outline" tt="none" style={WHOLE_WORD}>
                  {line.status}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{line.notes ?? ''}</Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

export function RequestHistory({ requestId }: { requestId: string }) {
  const history = useRequestHistoryQuery(requestId);
  if (history.isLoading) return <Loader size="sm" />;
  if (history.error) return <Alert color="red">Failed to fetch the request's history</Alert>;
  const items = history.data ?? [];
  if (items.length === 0) return <Text c="dimmed">No logs to display</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} aria-label="Request history">
      {items.map((entry) => (
        <Timeline.Item key={entry.position} title={entry.action}>
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.date)} · {entry.user}
          </Text>
          {entry.detail && <Text size="sm">{reasonText(entry.detail)}</Text>}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
