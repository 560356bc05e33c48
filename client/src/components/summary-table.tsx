/** A wizard's last look before it sends: label and value per line. */
import { Table } from '@mantine/core';

export function SummaryTable({ lines, labelWidth = 150 }: { lines: [string, string][]; labelWidth?: number }) {
  return (
    <Table variant="vertical" withTableBorder layout="fixed">
      <Table.Tbody>
        {lines.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={labelWidth}>{label}</Table.Th>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
