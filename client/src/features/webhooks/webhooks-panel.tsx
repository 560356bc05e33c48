/**
 * The webhook endpoints of one scope (a project's, or the site-wide ones): the list with each
 * endpoint's kinds, status and delivery figures, an empty state that says what a webhook is, Add
 * endpoint, the secret shown once, and each endpoint's own dialog.
 */
import { Alert, Button, Center, Group, List, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { type WebhookEndpoint, useListWebhooksQuery } from '../../api/webhooks-api.ts';
import { WebhookEndpointDialog } from './webhook-endpoint-dialog.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookSecretDialog } from './webhook-secret-dialog.tsx';
import { DeliveryFacts, EndpointStatusBadge, KindBadges } from './webhook-summary.tsx';

/** Pending counts and statuses change as deliveries go out in the background. */
const REFRESH_MS = 10_000;

export function WebhooksPanel({ projectId }: { projectId: string | null }) {
  const list = useListWebhooksQuery(projectId, { refetchOnMountOrArgChange: true, pollingInterval: REFRESH_MS, skipPollingIfUnfocused: true });
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const endpoints = list.data ?? [];
  // Read from the list, so the dialog shows each change as soon as the list is refetched.
  const open = endpoints.find((endpoint) => endpoint.id === openId) ?? null;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed">
          {projectId ? "Endpoints that receive this project's events." : 'Endpoints that receive the events of every project.'}
        </Text>
        <Button onClick={() => setAdding(true)}>Add endpoint</Button>
      </Group>
      {list.isLoading ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : list.error ? (
        <Alert color="red" role="alert">
          {messageOr(list.error, 'The webhook endpoints could not be loaded.')}
        </Alert>
      ) : endpoints.length === 0 ? (
        <WebhooksEmptyState siteWide={projectId === null} />
      ) : (
        <Stack gap="sm" role="list" aria-label="Webhook endpoints">
          {endpoints.map((endpoint) => (
            <EndpointCard key={endpoint.id} endpoint={endpoint} onOpen={() => setOpenId(endpoint.id)} />
          ))}
        </Stack>
      )}

      <WebhookFormDialog
        opened={adding}
        onClose={() => setAdding(false)}
        projectId={projectId}
        onCreated={(created) => setSecret({ url: created.url, secret: created.secret })}
      />
      <WebhookEndpointDialog endpoint={open} onClose={() => setOpenId(null)} onSecret={setSecret} />
      <WebhookSecretDialog shown={secret} onClose={() => setSecret(null)} />
    </Stack>
  );
}

function EndpointCard({ endpoint, onOpen }: { endpoint: WebhookEndpoint; onOpen: () => void }) {
  return (
    <Paper withBorder radius="md" p="md" role="listitem" aria-label={endpoint.url}>
      <Stack gap={8}>
        <UnstyledButton onClick={onOpen} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Text>
          {endpoint.description && (
            <Text size="sm" c="dimmed">
              {endpoint.description}
            </Text>
          )}
        </UnstyledButton>
        <EndpointStatusBadge endpoint={endpoint} />
        <KindBadges kinds={endpoint.kinds} />
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
          <DeliveryFacts endpoint={endpoint} />
          <Button size="xs" variant="light" onClick={onOpen} aria-label={`Open ${endpoint.url}`}>
            Attempts and settings
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** What a webhook is, for someone who has never set one up. */
function WebhooksEmptyState({ siteWide }: { siteWide: boolean }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Text fw={600}>No webhook endpoints yet</Text>
        <Text size="sm">
          A webhook lets the ledger tell another system what happens, as it happens: each time stock moves, a request or transfer changes, a label import
          finishes, a count is posted or a checkpoint is signed{siteWide ? ' in any project' : ''}, an HTTPS request goes to the address you register.
        </Text>
        <List size="sm" spacing={4}>
          <List.Item>Every request is signed with the endpoint's secret (Standard Webhooks), so the receiver knows it came from here.</List.Item>
          <List.Item>Events arrive in ledger order, each with its ledger position.</List.Item>
          <List.Item>
            A receiver that fails is retried for a day; every attempt is logged here, and anything can be sent again from a ledger position.
          </List.Item>
        </List>
      </Stack>
    </Paper>
  );
}
