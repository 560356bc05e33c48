/** The pieces an endpoint is shown with, in the list and in its own dialog: kinds, status, delivery figures. */
import { Badge, Group, Text } from '@mantine/core';
import type { WebhookEndpoint } from '../../api/webhooks-api.ts';
import { formatDateTime } from '../../shared/format.ts';
import { endpointStatus, kindLabel, orderedKinds } from './webhook-status.ts';

export function KindBadges({ kinds }: { kinds: readonly string[] }) {
  return (
    <Group gap={6} aria-label="Events">
      {orderedKinds(kinds).map((kind) => (
        <Badge key={kind} variant="light" color="blue" style={{ textTransform: 'none' }}>
          {kindLabel(kind)}
        </Badge>
      ))}
    </Group>
  );
}

export function EndpointStatusBadge({ endpoint, withDetail = false }: { endpoint: WebhookEndpoint; withDetail?: boolean }) {
  const status = endpointStatus(endpoint, formatDateTime);
  return (
    <Group gap="xs" wrap="wrap">
      <Badge color={status.color} variant="light" style={{ textTransform: 'none' }}>
        {status.label}
      </Badge>
      {status.detail && (withDetail || !endpoint.enabled) && (
        <Text size="xs" c="dimmed">
          {status.detail}
        </Text>
      )}
    </Group>
  );
}

/** Pending deliveries, how far delivery has reached in the ledger, and when it was last tried. */
export function DeliveryFacts({ endpoint }: { endpoint: WebhookEndpoint }) {
  const facts = [
    ['Pending', endpoint.pending.toLocaleString('en-US')],
    ['Delivered up to position', endpoint.delivered_position === null ? '—' : endpoint.delivered_position.toLocaleString('en-US')],
    ['Last attempt', formatDateTime(endpoint.last_attempt_at)],
  ] as const;
  return (
    <Group gap="lg" wrap="wrap" style={{ rowGap: 2 }}>
      {facts.map(([label, value]) => (
        <Text key={label} size="sm">
          <Text span c="dimmed" size="sm">
            {label}:
          </Text>{' '}
          {value}
        </Text>
      ))}
    </Group>
  );
}
