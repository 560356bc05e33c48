/**
 * The printed count sheet: every line with its number, what and where, and an empty box for the
 * count (never the expected figure). Printing shows the sheet alone; the counts written on it are
 * typed back by line number.
 */
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import type { CounterLine, CountSummary } from '@contract/counts.ts';
import { formatDate } from '../../shared/format.ts';
import { groupByPlace, lineWhat } from './count-lines.ts';

// While printing only the sheet is shown, in black on white, its rows kept whole across pages.
const PRINT_CSS = `
@media print {
  body * { visibility: hidden; }
  .count-sheet, .count-sheet * { visibility: visible; }
  .count-sheet { position: absolute; inset: 0; padding: 12mm; color: #000; background: #fff; }
  .count-sheet .no-print { display: none; }
  .count-sheet tr { break-inside: avoid; }
  .count-sheet td.count-box { border: 1px solid #000; min-width: 28mm; height: 9mm; }
}
`;

export function CountSheet({ count, lines }: { count: CountSummary; lines: readonly CounterLine[] }) {
  return (
    <Stack gap="sm" className="count-sheet">
      <style>{PRINT_CSS}</style>
      <Group justify="space-between" className="no-print">
        <Text size="sm" c="dimmed">
          Print the sheet, write each count in its box, then type the counts back by line number on the Type tab.
        </Text>
        <Button onClick={() => window.print()}>Print count sheet</Button>
      </Group>
      <Stack gap={0}>
        <Text fw={700}>{count.name}</Text>
        <Text size="sm">
          {count.location_label} · {count.scope_label}
          {count.due_date ? ` · due ${formatDate(count.due_date)}` : ''}
        </Text>
        <Text size="sm">Counted by: ____________________ Date: ____________</Text>
      </Stack>
      {groupByPlace(lines).map((group) => (
        <Stack key={group.label} gap={4}>
          <Text fw={600} size="sm">
            {group.label}
          </Text>
          <Table withTableBorder withColumnBorders aria-label={`Count sheet: ${group.label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={48}>Line</Table.Th>
                <Table.Th>Part or asset</Table.Th>
                <Table.Th w={110}>Count</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {group.lines.map((line) => (
                <Table.Tr key={line.line_id}>
                  <Table.Td>{line.seq}</Table.Td>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {lineWhat(line)}
                    </Text>
                    {line.part_name && (
                      <Text size="xs" c="dimmed">
                        {line.part_name}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td className="count-box" aria-label={`Count of line ${line.seq}`} />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      ))}
    </Stack>
  );
}
