/**
 * The tokens of one page, personal or service: a table on a wide screen, cards on a phone (where
 * the expiry and the last use share one line and the creation day is left out). Active tokens
 * carry a Revoke button.
 */
import { Badge, Button, Code, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { ApiToken } from '../../api/tokens-api.ts';
import { formatDate, formatDateTime } from '../../shared/format.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { hintText, ROLE_LABEL, SCOPE_LABEL, STATUS_COLOR, STATUS_LABEL, tokenStatus } from './token-model.ts';

interface TokenListProps {
  kind: ApiToken['kind'];
  tokens: ApiToken[];
  /** The project's "number · name", from the page's projects list. */
  projectName: (id: string) => string;
  onRevoke: (token: ApiToken) => void;
}

function Scopes({ token }: { token: ApiToken }) {
  return (
    <Group gap={4} wrap="nowrap">
      {token.scopes.map((scope) => (
        <Badge key={scope} tt="none" miw="max-content" variant="light" color={scope === 'write' ? 'orange' : 'blue'}>
          {SCOPE_LABEL[scope]}
        </Badge>
      ))}
    </Group>
  );
}

function Status({ token, now }: { token: ApiToken; now: Date }) {
  const status = tokenStatus(token, now);
  return (
    <Badge tt="none" miw="max-content" variant="light" color={STATUS_COLOR[status]}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

export function TokenList({ kind, tokens, projectName, onRevoke }: TokenListProps) {
  const phone = usePhone();
  const now = new Date();
  const reach = (token: ApiToken) =>
    token.project_ids === null ? (kind === 'personal' ? 'All my projects' : 'Site-wide') : token.project_ids.map(projectName).join(', ');
  const lastUsed = (token: ApiToken) => (token.last_used_at ? formatDateTime(token.last_used_at) : 'Never used');
  const revoke = (token: ApiToken): ReactNode =>
    tokenStatus(token, now) === 'active' ? (
      <Button size="compact-sm" variant="light" color="red" aria-label={`Revoke ${token.name}`} onClick={() => onRevoke(token)}>
        Revoke
      </Button>
    ) : null;

  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label="Tokens">
        {tokens.map((token) => (
          <Paper key={token.id} role="listitem" withBorder p="sm" radius="sm" data-token={token.id}>
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {token.name}
              </Text>
              <Status token={token} now={now} />
            </Group>
            <Group gap="xs" mt={4} wrap="wrap">
              <Code>{hintText(token.hint)}</Code>
              <Scopes token={token} />
              {token.role && (
                <Badge tt="none" variant="outline" color="gray">
                  {ROLE_LABEL[token.role] ?? token.role}
                </Badge>
              )}
            </Group>
            <Text size="sm" mt={4}>
              {reach(token)}
            </Text>
            <Text size="xs" c="dimmed" mt={4}>
              Expires {formatDate(token.expires_at)} · {token.last_used_at ? `Last used ${formatDateTime(token.last_used_at)}` : 'Never used'}
            </Text>
            {tokenStatus(token, now) === 'active' && (
              <Group justify="flex-end" mt="xs">
                {revoke(token)}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    );
  }

  return (
    <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
      <Table verticalSpacing="sm" aria-label="Tokens">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Token</Table.Th>
            <Table.Th>Scopes</Table.Th>
            {kind === 'service' && <Table.Th>Role</Table.Th>}
            <Table.Th>{kind === 'service' ? 'Project' : 'Projects'}</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Last used</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tokens.map((token) => (
            <Table.Tr key={token.id} data-token={token.id}>
              <Table.Td fw={600}>{token.name}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Code>{hintText(token.hint)}</Code>
              </Table.Td>
              <Table.Td>
                <Scopes token={token} />
              </Table.Td>
              {kind === 'service' && <Table.Td>{token.role ? (ROLE_LABEL[token.role] ?? token.role) : '—'}</Table.Td>}
              <Table.Td>{reach(token)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {formatDate(token.created_at)}
                {kind === 'service' && (
                  <Text size="xs" c="dimmed">
                    by {token.created_by_name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(token.expires_at)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{lastUsed(token)}</Table.Td>
              <Table.Td>
                <Status token={token} now={now} />
              </Table.Td>
              <Table.Td>{revoke(token)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
