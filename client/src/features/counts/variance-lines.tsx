/**
 * The variance of a count, line by line: counted against what was on hand at the line's place at
 * the instant it was counted, with the counter, the previous count and what moved since. A table on
 * a wide screen; one card a line on a phone, where ten columns cannot fit.
 */
import { Badge, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { VarianceLine } from '@contract/counts.ts';
import { formatDateTime } from '../../shared/format.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { LINE_STATUS_COLORS, LINE_STATUS_LABELS, lineWhat } from './count-lines.ts';
import { percentText } from './count-summary-view.tsx';
import { signed } from './counts-reports.tsx';

const ASSET_RESULT_LABELS = { found: 'Found', missing: 'Missing', unexpected: 'Unexpected', not_counted: 'Not counted' } as const;

const num = (n: number | null) => (n === null ? '—' : String(n));
const diffColor = (d: number | null) => (d === null || d === 0 ? undefined : d < 0 ? 'red' : 'teal');
const differenceText = (l: VarianceLine) => (l.asset_result ? ASSET_RESULT_LABELS[l.asset_result] : l.difference === null ? '—' : signed(l.difference));
const movedText = (l: VarianceLine) =>
  l.moved_since === null
    ? '—'
    : `${signed(l.moved_since)}${l.movements_since ? ` (${l.movements_since} ${l.movements_since === 1 ? 'movement' : 'movements'})` : ''}`;
const lastText = (l: VarianceLine) => (l.last_counted_at ? `${num(l.last_counted)} on ${formatDateTime(l.last_counted_at)}` : 'Never');
const counterText = (l: VarianceLine) => [l.counter, l.second_counter && `${l.second_counter} (${num(l.second_counted)})`].filter(Boolean).join(', ') || '—';

interface VarianceLinesProps {
  lines: readonly VarianceLine[];
  selected: ReadonlySet<string>;
  /** Null when lines cannot be picked (the count is closed). */
  onToggle: ((lineId: string) => void) | null;
}

export function VarianceLines(props: VarianceLinesProps) {
  return usePhone() ? <VarianceCards {...props} /> : <VarianceTable {...props} />;
}

function StatusBadge({ line }: { line: VarianceLine }) {
  return (
    <Badge color={LINE_STATUS_COLORS[line.status]} variant="light" size="sm">
      {LINE_STATUS_LABELS[line.status]}
    </Badge>
  );
}

function Pick({ line, selected, onToggle }: { line: VarianceLine } & Omit<VarianceLinesProps, 'lines'>) {
  if (!onToggle) return null;
  return <Checkbox aria-label={`Select line ${line.seq}`} checked={selected.has(line.line_id)} onChange={() => onToggle(line.line_id)} />;
}

function VarianceCards({ lines, selected, onToggle }: VarianceLinesProps) {
  return (
    <Stack gap={6} role="list" aria-label="Variance">
      {lines.map((l) => (
        <Paper key={l.line_id} withBorder p="xs" radius="sm" role="listitem" aria-label={`Line ${l.seq} ${lineWhat(l)}`}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Pick line={l} selected={selected} onToggle={onToggle} />
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              <Group justify="space-between" gap={4} wrap="nowrap">
                <Text size="sm" fw={700} truncate>
                  {l.seq} · {lineWhat(l)}
                </Text>
                <StatusBadge line={l} />
              </Group>
              {(l.place_label || !l.planned) && (
                <Text size="xs" c="dimmed">
                  {[l.place_label, l.planned ? null : 'not planned'].filter(Boolean).join(' · ')}
                </Text>
              )}
              <Group gap="sm" wrap="wrap">
                <Text size="sm">Counted {num(l.counted)}</Text>
                <Text size="sm">Expected {num(l.expected)}</Text>
                <Text size="sm" fw={700} c={diffColor(l.difference)}>
                  {differenceText(l)}
                  {l.percent !== null ? ` (${percentText(l.percent)})` : ''}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {counterText(l)} · {formatDateTime(l.counted_at)}
              </Text>
              <Text size="xs" c="dimmed">
                Last count: {lastText(l)} · Moved since: {movedText(l)}
              </Text>
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function VarianceTable({ lines, selected, onToggle }: VarianceLinesProps) {
  return (
    <Table.ScrollContainer minWidth={1000}>
      <Table striped aria-label="Variance" verticalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            {onToggle && <Table.Th w={36} />}
            <Table.Th>Line</Table.Th>
            <Table.Th>Part</Table.Th>
            <Table.Th>Place</Table.Th>
            <Table.Th ta="right">Counted</Table.Th>
            <Table.Th ta="right">Expected</Table.Th>
            <Table.Th ta="right">Difference</Table.Th>
            <Table.Th ta="right">%</Table.Th>
            <Table.Th>Counter</Table.Th>
            <Table.Th>Counted at</Table.Th>
            <Table.Th>Last count</Table.Th>
            <Table.Th>Moved since</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.line_id} data-line={l.seq}>
              {onToggle && (
                <Table.Td>
                  <Pick line={l} selected={selected} onToggle={onToggle} />
                </Table.Td>
              )}
              <Table.Td>
                <Stack gap={2} align="flex-start">
                  <Text size="sm">{l.seq}</Text>
                  <StatusBadge line={l} />
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {lineWhat(l)}
                </Text>
                <Text size="xs" c="dimmed">
                  {l.part_name}
                </Text>
              </Table.Td>
              <Table.Td>{l.place_label ?? 'No location'}</Table.Td>
              <Table.Td ta="right">{num(l.counted)}</Table.Td>
              <Table.Td ta="right">{num(l.expected)}</Table.Td>
              <Table.Td ta="right" c={diffColor(l.difference)} fw={700}>
                {differenceText(l)}
              </Table.Td>
              <Table.Td ta="right">{percentText(l.percent)}</Table.Td>
              <Table.Td>{counterText(l)}</Table.Td>
              <Table.Td>{formatDateTime(l.counted_at)}</Table.Td>
              <Table.Td>{lastText(l)}</Table.Td>
              <Table.Td>{movedText(l)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
