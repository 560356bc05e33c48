/**
 * Assets mode of the dashboard (spec 01 §2): the asset columns, with S/N after Asset Name. No
 * asset has been recorded anywhere yet, so the table says so plainly.
 */
import { Paper, Table, Text } from '@mantine/core';
import { NO_DATA_TEXT } from '../../components/no-data.tsx';

const COLUMNS = ['Asset Type', 'Asset Name', 'S/N', 'Status', ''];

export function AssetsPanel() {
  return (
    <Paper withBorder radius="md" p="sm">
      <Table.ScrollContainer minWidth={0}>
        <Table aria-label="Assets inventory">
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column || 'details'}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            <Table.Tr>
              <Table.Td colSpan={COLUMNS.length}>
                <Text c="dimmed" ta="center" py="lg">
                  {NO_DATA_TEXT}
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
