/** /outbox (superadmin): the e-mails the product has written; a click opens one to read. */
import { Anchor, Button, Center, Group, Loader, Pagination, Table } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { OUTBOX_PAGE_SIZE, useListOutboxQuery, type OutboxMessage } from './outbox-api.ts';
import { OutboxMessageDialog, StatusBadge } from './outbox-message-dialog.tsx';
import { WideTable } from '../../components/wide-table.tsx';

export function OutboxPage() {
  const [page, setPage] = useState(1);
  const [reading, setReading] = useState<OutboxMessage | null>(null);
  const { data, isLoading, isFetching, isError, refetch } = useListOutboxQuery({ page }, { refetchOnMountOrArgChange: true, refetchOnFocus: true });
  const messages = data?.items ?? [];
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / OUTBOX_PAGE_SIZE));

  return (
    <>
      <PageHeader title="Outbox">
        <Button variant="default" onClick={() => void refetch()} loading={isFetching && !isLoading}>
          Refresh
        </Button>
      </PageHeader>
      {isLoading ? (
        <Center p="xl">
          <Loader />
        </Center>
      ) : messages.length === 0 ? (
        <NoData text={isError ? 'Failed to load the outbox' : undefined} />
      ) : (
        <WideTable minWidth={640}>
          <Table highlightOnHover verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.map((message) => (
                <Table.Tr key={message.id} onClick={() => setReading(message)} style={{ cursor: 'pointer' }}>
                  <Table.Td>{message.to}</Table.Td>
                  <Table.Td>
                    {/* The row is clickable; the subject is also a button for keyboard users. */}
                    <Anchor component="button" type="button" size="sm" fw={500} ta="left">
                      {message.subject}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge status={message.status} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.created_at)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
      {pages > 1 && (
        <Group justify="center" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
      <OutboxMessageDialog message={reading} onClose={() => setReading(null)} />
    </>
  );
}
