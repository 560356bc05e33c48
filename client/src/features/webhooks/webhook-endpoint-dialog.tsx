/**
 * One endpoint: what it receives and how delivery goes, the switch that turns it off and on, Edit,
 * Rotate secret (confirmed, then the new secret shown once), Delete (confirmed), Replay from
 * position, and the attempt log.
 */
import { Anchor, Button, Divider, Group, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { type WebhookEndpoint, useDeleteWebhookMutation, useRotateWebhookSecretMutation, useUpdateWebhookMutation } from '../../api/webhooks-api.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { formatDateTime } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import { WebhookAttempts } from './webhook-attempts.tsx';
import { WebhookFormDialog } from './webhook-form-dialog.tsx';
import { WebhookReplayForm } from './webhook-replay-form.tsx';
import { DeliveryFacts, EndpointStatusBadge, KindBadges } from './webhook-summary.tsx';

interface WebhookEndpointDialogProps {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  /** A rotated secret, to be shown once. */
  onSecret: (shown: { url: string; secret: string }) => void;
}

export function WebhookEndpointDialog({ endpoint, onClose, onSecret }: WebhookEndpointDialogProps) {
  return (
    <AppModal opened={endpoint !== null} onClose={onClose} title="Webhook endpoint" size="xl">
      {endpoint && <EndpointDetails endpoint={endpoint} onClose={onClose} onSecret={onSecret} />}
    </AppModal>
  );
}

type Confirming = 'rotate' | 'delete' | null;

function EndpointDetails({ endpoint, onClose, onSecret }: { endpoint: WebhookEndpoint } & Omit<WebhookEndpointDialogProps, 'endpoint'>) {
  const [update, updating] = useUpdateWebhookMutation();
  const [rotate, rotating] = useRotateWebhookSecretMutation();
  const [remove, removing] = useDeleteWebhookMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState<Confirming>(null);

  const switchTo = async (enabled: boolean) => {
    const result = await update({ endpoint, patch: { enabled } });
    if (result.error) toast.error(messageOr(result.error, 'The endpoint could not be switched.'));
    else toast.success(enabled ? 'Endpoint enabled' : 'Endpoint disabled');
  };
  const rotateSecret = async () => {
    const result = await rotate(endpoint);
    setConfirming(null);
    if (result.error) toast.error(messageOr(result.error, 'The secret could not be rotated.'));
    else onSecret({ url: result.data.url, secret: result.data.secret });
  };
  const deleteEndpoint = async () => {
    const result = await remove(endpoint);
    setConfirming(null);
    if (result.error) {
      toast.error(messageOr(result.error, 'The endpoint could not be deleted.'));
      return;
    }
    toast.success('Endpoint deleted');
    onClose();
  };

  return (
    <Stack gap="md">
      <Stack gap={6}>
        <Anchor href={endpoint.url} target="_blank" rel="noreferrer" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {endpoint.url}
        </Anchor>
        {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
        <KindBadges kinds={endpoint.kinds} />
        <EndpointStatusBadge endpoint={endpoint} withDetail />
        <DeliveryFacts endpoint={endpoint} />
        <Text size="xs" c="dimmed">
          Added by {endpoint.created_by_name} on {formatDateTime(endpoint.created_at)}
        </Text>
      </Stack>
      <Group gap="sm" wrap="wrap">
        <Switch label="Enabled" checked={endpoint.enabled} disabled={updating.isLoading} onChange={(event) => void switchTo(event.currentTarget.checked)} />
        <Button size="xs" variant="default" onClick={() => setEditing(true)}>
          Edit
        </Button>
        <Button size="xs" variant="default" onClick={() => setConfirming('rotate')}>
          Rotate secret
        </Button>
        <Button size="xs" variant="light" color="red" onClick={() => setConfirming('delete')}>
          Delete
        </Button>
      </Group>
      <Divider />
      <WebhookReplayForm endpoint={endpoint} />
      <Divider />
      <WebhookAttempts endpoint={endpoint} />

      <WebhookFormDialog opened={editing} onClose={() => setEditing(false)} projectId={endpoint.project_id} endpoint={endpoint} />
      <ConfirmDialog
        opened={confirming === 'rotate'}
        title="Rotate secret?"
        message="A new secret is made and shown once; requests are signed with it from now on, and the receiver must be given it."
        confirmLabel="Rotate secret"
        loading={rotating.isLoading}
        onConfirm={() => void rotateSecret()}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'delete'}
        title="Delete endpoint?"
        message={`${endpoint.url} stops receiving events, and its attempt log is deleted with it.`}
        confirmLabel="Delete"
        color="red"
        loading={removing.isLoading}
        onConfirm={() => void deleteEndpoint()}
        onCancel={() => setConfirming(null)}
      />
    </Stack>
  );
}
