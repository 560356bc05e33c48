/** One outbox e-mail: its envelope and its body, with links that can be followed. */
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatDateTime } from '../../shared/format.ts';
import { AppModal } from '../../components/app-modal.tsx';
import type { OutboxMessage } from './outbox-api.ts';
import { splitLinks } from './linkify.ts';

interface OutboxMessageDialogProps {
  message: OutboxMessage | null;
  onClose: () => void;
}

export function OutboxMessageDialog({ message, onClose }: OutboxMessageDialogProps) {
  return (
    <AppModal opened={message !== null} onClose={onClose} title={message?.subject ?? ''} size="lg">
      {message && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Field label="To" value={message.to} />
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Status
              </Text>
              <Group gap="xs">
                <StatusBadge status={message.status} />
              </Group>
            </div>
            <Field label="Created" value={formatDateTime(message.created_at)} />
            <Field label="Sent" value={formatDateTime(message.sent_at)} />
          </SimpleGrid>
          <Paper withBorder p="md" radius="md" bg="var(--mantine-color-gray-light)">
            <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="outbox-body">
              {/* biome-ignore-start lint/suspicious/noArrayIndexKey: the parts of one message never move, so their order is their identity */}
              {splitLinks(message.body).map((part, index) =>
                part.kind === 'link' ? (
                  <Anchor key={index} href={part.value} target="_blank" rel="noreferrer">
                    {part.value}
                  </Anchor>
                ) : (
                  <span key={index}>{part.value}</span>
                ),
              )}
              {/* biome-ignore-end lint/suspicious/noArrayIndexKey: end of the message parts */}
            </Text>
          </Paper>
        </Stack>
      )}
    </AppModal>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm">{value}</Text>
    </div>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const value = status.toLowerCase();
  const color = value === 'sent' ? 'teal' : value === 'failed' ? 'red' : 'gray';
  return (
    <Badge variant="light" color={color}>
      {status}
    </Badge>
  );
}
