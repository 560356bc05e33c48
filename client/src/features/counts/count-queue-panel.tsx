/**
 * What the counter must know about lines not yet on the server: how many wait, a retry for when the
 * network is back, and each refusal with the server's words (those lines are not sent again).
 */
import { Alert, Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { CountQueue } from './use-count-queue.ts';

export function CountQueuePanel({ queue }: { queue: CountQueue }) {
  const refused = queue.queue.filter((entry) => entry.refused !== null);
  if (queue.waiting === 0 && refused.length === 0) return null;
  return (
    <Stack gap="xs">
      {queue.waiting > 0 && (
        <Alert color={queue.offline ? 'yellow' : 'blue'} role="status" p="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={600} data-testid="count-waiting">
                {queue.waiting} waiting to send
              </Text>
              {queue.offline && <Text size="xs">No connection: the counts are kept on this phone and sent in order when it is back.</Text>}
            </Stack>
            <Button size="compact-sm" variant="light" onClick={queue.retry} loading={queue.sending && !queue.offline}>
              Retry sending
            </Button>
          </Group>
        </Alert>
      )}
      {refused.length > 0 && (
        <Stack gap={4} role="list" aria-label="Refused counts">
          {refused.map((entry) => (
            <Alert key={entry.key} color="red" p="xs" role="listitem" aria-label={entry.label}>
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Group gap={6}>
                    <Badge color="red" size="sm">
                      Refused
                    </Badge>
                    <Text size="sm" fw={600}>
                      {entry.label}
                    </Text>
                  </Group>
                  <Text size="sm">{entry.refused}</Text>
                </Stack>
                <CloseButton aria-label={`Dismiss ${entry.label}`} onClick={() => queue.dismiss(entry.key)} />
              </Group>
            </Alert>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
