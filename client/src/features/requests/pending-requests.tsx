/**
 * Material requests made offline and kept on this device: they have no number until the server
 * takes them, so they are listed apart from the history, as not yet sent.
 */
import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { NOT_YET_SENT } from '../../offline/saved-notice.ts';
import { usePendingActions } from '../../offline/use-pending.ts';
import { formatDateTime } from '../../shared/format.ts';

const itemCount = (body: unknown): number => {
  const list = (body as { pick_list?: unknown } | null)?.pick_list;
  return Array.isArray(list) ? list.length : 0;
};

export function PendingRequests({ projectId }: { projectId: string }) {
  const pending = usePendingActions().filter((a) => a.kind === 'material-request' && a.projectId === projectId);
  if (pending.length === 0) return null;
  return (
    <Stack gap={4} role="list" aria-label="Requests not yet sent">
      {pending.map((action) => {
        const items = itemCount(action.body);
        return (
          <Paper key={action.id} withBorder p="xs" role="listitem" data-request-pending={action.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>{`Material · ${items} ${items === 1 ? 'item' : 'items'}`}</Text>
                <Text size="xs" c="dimmed">
                  {formatDateTime(action.occurredAt)}
                </Text>
              </Stack>
              <Badge color={action.status === 'attention' ? 'red' : 'orange'} variant="light" tt="none" miw="max-content">
                {action.status === 'attention' ? 'Needs attention' : NOT_YET_SENT}
              </Badge>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
