/** History tab (superadmin): who changed the project's membership, when, and what they did. */
import { Center, Loader, Table } from '@mantine/core';
import { formatDateTime } from '../../shared/format.ts';
import { NoData } from '../../components/no-data.tsx';
import { useGetProjectHistoryQuery } from '../../api/projects-api.ts';
import { WideTable } from '../../components/wide-table.tsx';

export function ProjectHistoryTab({ projectId }: { projectId: string }) {
  const { data = [], isLoading } = useGetProjectHistoryQuery(projectId, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) {
    return (
      <Center p="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (data.length === 0) return <NoData />;
  // Newest first, like the other logs of the product.
  const entries = [...data].sort((a, b) => b.position - a.position);
  return (
    <WideTable minWidth={560}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Who</Table.Th>
            <Table.Th>What</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((entry) => (
            <Table.Tr key={entry.position}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.date)}</Table.Td>
              <Table.Td>{entry.actor}</Table.Td>
              <Table.Td>{entry.summary || entry.type}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </WideTable>
  );
}
