/**
 * A person's sign-ins and second-factor changes, newest first, from their stream: one's own
 * (`userId` null) on Sign-in security, or someone's in an admin's Security dialog. A table on a
 * wide screen, a list of lines on a phone; 50 at a time with "Load more".
 */
import { Alert, Button, Center, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { JSX } from 'react';
import { type SecurityHistoryItem, useGetSecurityHistoryInfiniteQuery } from '../api/security-admin-api.ts';
import { formatDateTime } from '../shared/format.ts';
import { usePhone } from '../shared/use-phone.ts';

export const HISTORY_TITLE = 'Sign-in history';
export const HISTORY_EMPTY = 'No sign-ins or security changes yet.';
export const HISTORY_FAILED = 'The sign-in history could not be loaded.';

function HistoryLines({ items }: { items: SecurityHistoryItem[] }) {
  return (
    <Stack gap="xs">
      {items.map((item) => (
        <Paper key={item.position} withBorder radius="sm" p="sm">
          <Text size="sm">{item.summary}</Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(item.at)} · {item.actor}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

function HistoryTable({ items }: { items: SecurityHistoryItem[] }) {
  return (
    <Table verticalSpacing="xs" striped aria-label={HISTORY_TITLE}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={190}>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th w={180}>By</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.position}>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(item.at)}</Table.Td>
            <Table.Td>{item.summary}</Table.Td>
            <Table.Td>{item.actor}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function SecurityHistory({ userId }: { userId: string | null }): JSX.Element {
  const phone = usePhone();
  const { data, isLoading, isError, isFetchingNextPage, hasNextPage, fetchNextPage, refetch } = useGetSecurityHistoryInfiniteQuery(userId);
  const items = data?.pages.flatMap((page) => page.items) ?? [];

  let body: JSX.Element;
  if (isLoading)
    body = (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  else if (isError && items.length === 0)
    body = (
      <Alert color="red" role="alert">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{HISTORY_FAILED}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  else if (items.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        {HISTORY_EMPTY}
      </Text>
    );
  else
    body = (
      <Stack gap="sm">
        {phone ? <HistoryLines items={items} /> : <HistoryTable items={items} />}
        {isError && (
          <Text c="red" size="sm" role="alert">
            {HISTORY_FAILED}
          </Text>
        )}
        {hasNextPage && (
          <Group justify="center">
            <Button variant="light" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              Load more
            </Button>
          </Group>
        )}
      </Stack>
    );

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {HISTORY_TITLE}
      </Title>
      {body}
    </Stack>
  );
}
