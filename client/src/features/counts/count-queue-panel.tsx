/**
 * What the counter must know about lines not yet on the server: how many are kept on this device
 * for the common queue to send, how many wait in the page (with a retry), and each refusal with the
 * server's words (those lines are not sent again).
 */
import { Alert, Badge, Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import type { CountQueue } from './use-count-queue.ts';

export function CountQueuePanel({ queue }: { queue: CountQueue }) {
  const refused = queue.queue.filter((entry) => entry.refused !== null);
  const kept = queue.kept.filter((entry) => entry.problem === null);
  const attention = queue.kept.filter((entry) => entry.problem !== null);
  if (queue.waiting === 0 && refused.length === 0 && queue.kept.length === 0) return null;
  return (
    <Stack gap="xs">
      {kept.length > 0 && (
        <Alert color="orange" role="status" p="xs">
          <Text size="sm" fw={600} data-testid="count-kept">
            {`${kept.length} ${kept.length === 1 ? 'line' : 'lines'} kept on this device`}
          </Text>
          <Text size="xs">Sent in order, with the time each was counted, when the signal returns.</Text>
        </Alert>
      )}
      {queue.waiting > 0 && (
        <Alert color={queue.offline ? 'yellow' : 'blue'} role="status" p="xs">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Stack gap={0}>
              <Text size="sm" fw={600} data-testid="count-waiting">
                {queue.waiting} waiting to send
              </Text>
              {queue.offline && <Text size="xs">No answer from the server: the counts wait on this page and are sent in order when it answers.</Text>}
            </Stack>
            <Button size="compact-sm" variant="light" onClick={queue.retry} loading={queue.sending && !queue.offline}>
              Retry sending
            </Button>
          </Group>
        </Alert>
      )}
      {(refused.length > 0 || attention.length > 0) && (
        <Stack gap={4} role="list" aria-label="Refused counts">
          {refused.map((entry) => (
            <Refusal key={entry.key} label={entry.label} message={entry.refused ?? ''} onDismiss={() => queue.dismiss(entry.key)} />
          ))}
          {attention.map((entry) => (
            // Kept by the common queue: the Offline page offers retry, change or discard.
            <Refusal key={entry.key} label={entry.label} message={entry.problem ?? ''} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function Refusal({ label, message, onDismiss }: { label: string; message: string; onDismiss?: () => void }) {
  return (
    <Alert color="red" p="xs" role="listitem" aria-label={label}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Badge color="red" size="sm">
              Refused
            </Badge>
            <Text size="sm" fw={600}>
              {label}
            </Text>
          </Group>
          <Text size="sm">{message}</Text>
        </Stack>
        {onDismiss && <CloseButton aria-label={`Dismiss ${label}`} onClick={onDismiss} />}
      </Group>
    </Alert>
  );
}
