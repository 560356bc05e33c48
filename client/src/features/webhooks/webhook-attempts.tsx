/**
 * An endpoint's attempt log, newest first, 50 a page: when, which event (kind and ledger position),
 * the receiver's status or the error, and how long it took. It refreshes on its own while open,
 * with the endpoint's figures beside it, since deliveries happen in the background. On a phone the
 * event goes under its time, so the columns fit.
 */
import { Alert, Badge, Button, Center, Group, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { type WebhookEndpoint, useListWebhookAttemptsQuery, useListWebhooksQuery, WEBHOOK_ATTEMPTS_PAGE_SIZE } from '../../api/webhooks-api.ts';
import { NoData } from '../../components/no-data.tsx';
import { WideTable } from '../../components/wide-table.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { attemptResult, kindLabel } from './webhook-status.ts';

const REFRESH_MS = 5000;

export function WebhookAttempts({ endpoint }: { endpoint: WebhookEndpoint }) {
  const phone = usePhone();
  const [page, setPage] = useState(1);
  const polled = { pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true };
  const attempts = useListWebhookAttemptsQuery({ id: endpoint.id, page }, { refetchOnMountOrArgChange: true, ...polled });
  // The endpoint's pending count and delivered position move with its attempts.
  const endpoints = useListWebhooksQuery(endpoint.project_id, polled);
  const refresh = () => {
    void attempts.refetch();
    void endpoints.refetch();
  };
  const items = attempts.data?.items ?? [];
  const pages = Math.max(1, Math.ceil((attempts.data?.total ?? 0) / WEBHOOK_ATTEMPTS_PAGE_SIZE));

  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={3} size="h5">
          Attempts
        </Title>
        <Button size="xs" variant="default" onClick={refresh} loading={attempts.isFetching && !attempts.isLoading}>
          Refresh
        </Button>
      </Group>
      {attempts.isLoading ? (
        <Center p="md">
          <Loader size="sm" />
        </Center>
      ) : attempts.error ? (
        <Alert color="red" role="alert">
          {messageOr(attempts.error, 'The attempts could not be loaded.')}
        </Alert>
      ) : items.length === 0 ? (
        <NoData text="No attempts yet: the first event of a chosen kind is sent as soon as it is recorded." />
      ) : (
        <WideTable minWidth={phone ? 320 : 600}>
          <Table verticalSpacing="xs" aria-label="Attempts">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phone ? 'Time and event' : 'Time'}</Table.Th>
                {!phone && <Table.Th>Event</Table.Th>}
                <Table.Th ta="right">Position</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th ta="right">Latency</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((attempt) => {
                const result = attemptResult(attempt);
                return (
                  <Table.Tr key={attempt.id} title={`webhook-id ${attempt.message_id}`}>
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: phone ? undefined : 'nowrap' }}>
                        {formatDateTime(attempt.attempted_at)}
                      </Text>
                      {phone && (
                        <Text size="xs" c="dimmed">
                          {kindLabel(attempt.kind)}
                        </Text>
                      )}
                    </Table.Td>
                    {!phone && <Table.Td>{kindLabel(attempt.kind)}</Table.Td>}
                    <Table.Td ta="right">{attempt.position.toLocaleString('en-US')}</Table.Td>
                    <Table.Td>
                      {attempt.status !== null ? (
                        <Badge color={result.ok ? 'green' : 'red'} variant="light">
                          {result.text}
                        </Badge>
                      ) : (
                        <Text size="sm" c="red">
                          {result.text}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {attempt.latency_ms.toLocaleString('en-US')} ms
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </WideTable>
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
