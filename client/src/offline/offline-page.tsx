/**
 * "On this device": the field actions kept here, in the order they will be sent, and those the
 * server refused on arrival, each with its message and the person's choices: retry with what is
 * available now, change the quantity, or discard. Nothing leaves this list without an answer from
 * the server or the person's own choice.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { newIdempotencyKey } from '../api/idempotency.ts';
import { useGetAssigneesQuery, useGetInventoryQuery } from '../api/materials-api.ts';
import { projectLabel } from '../api/project-types.ts';
import { useListProjectsQuery } from '../api/projects-api.ts';
import { ConfirmDialog } from '../components/confirm-dialog.tsx';
import { NoData } from '../components/no-data.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { QuantityInput } from '../components/quantity-input.tsx';
import { formatDateTime } from '../shared/format.ts';
import { useAppSelector } from '../shared/hooks.ts';
import { toast } from '../shared/toast.ts';
import { quantityOf } from './describe.ts';
import { removeAction, replaceAction } from './queue.ts';
import type { QueuedAction } from './queued.ts';
import { availableNow, figureNeeded, onlyDiscard, partOf, retryOffer, withQuantity } from './retry-rule.ts';
import { sendNow } from './runtime.ts';
import { usePendingActions } from './use-pending.ts';

export const EMPTY_TEXT = 'Nothing is waiting on this device: everything done here has reached the server.';

/** Resends a refused action with another quantity: a new key, its place and its Occurred-At kept. */
async function resend(action: QueuedAction, quantity: number): Promise<void> {
  await replaceAction(action, withQuantity(action.body, quantity), newIdempotencyKey());
  void sendNow();
}

function useProjectNames(): (id: string | null) => string | null {
  const { data: projects = [] } = useListProjectsQuery({});
  return (id) => {
    if (!id) return null;
    const project = projects.find((p) => p.id === id);
    return project ? projectLabel(project) : null;
  };
}

function ActionLine({ action, project }: { action: QueuedAction; project: string | null }) {
  return (
    <Stack gap={2}>
      <Text fw={600}>{action.summary}</Text>
      <Text size="sm" c="dimmed">
        {[project, `done on this device ${formatDateTime(action.occurredAt)}`].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

function RetryChoice({ action }: { action: QueuedAction }) {
  const need = figureNeeded(action);
  const part = partOf(action);
  // A figure cached before the refusal would offer the wrong number: ask the server again, and
  // offer nothing until it has answered.
  const fresh = { refetchOnMountOrArgChange: true } as const;
  const inventory = useGetInventoryQuery(part?.projectId ?? '', { ...fresh, skip: !need || !part || need.figure === 'held' });
  const holders = useGetAssigneesQuery(part ?? { projectId: '', number: '' }, { ...fresh, skip: !need || !part || need.figure !== 'held' });
  const [busy, setBusy] = useState(false);
  if (!need || !part || inventory.isFetching || holders.isFetching) return null;
  const offer = retryOffer(action, availableNow(need, part.number, inventory.data, holders.data));
  if (offer === null) return null;
  const retry = () => {
    setBusy(true);
    resend(action, offer)
      .catch(() => toast.error('Could not change the action on this device.'))
      .finally(() => setBusy(false));
  };
  return (
    <Button size="compact-sm" onClick={retry} loading={busy}>
      Retry with {offer}
    </Button>
  );
}

function ChangeChoice({ action }: { action: QueuedAction }) {
  const original = quantityOf(action.body);
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(String(original ?? ''));
  if (original === null) return null;
  const quantity = Number(value);
  const valid = value.trim() !== '' && Number.isInteger(quantity) && quantity > 0;
  if (!editing) {
    return (
      <Button size="compact-sm" variant="default" onClick={() => setEditing(true)}>
        Change
      </Button>
    );
  }
  const save = () => {
    resend(action, quantity)
      .then(() => setEditing(false))
      .catch(() => toast.error('Could not change the action on this device.'));
  };
  return (
    <Group gap="xs" wrap="nowrap">
      <QuantityInput value={value} onChange={setValue} aria-label="Quantity" size="xs" w={90} min={1} />
      <Button size="compact-sm" onClick={save} disabled={!valid}>
        Send
      </Button>
      <Button size="compact-sm" variant="subtle" onClick={() => setEditing(false)}>
        Cancel
      </Button>
    </Group>
  );
}

function DiscardChoice({ action }: { action: QueuedAction }) {
  const [confirming, setConfirming] = useState(false);
  const discard = () => {
    removeAction(action.userId, action.id)
      .catch(() => toast.error('Could not discard the action.'))
      .finally(() => setConfirming(false));
  };
  return (
    <>
      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setConfirming(true)}>
        Discard
      </Button>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={discard}
        title="Discard this action?"
        message={`"${action.summary}" will not be sent. It was done on this device ${formatDateTime(action.occurredAt)}.`}
        confirmLabel="Discard"
        color="red"
      />
    </>
  );
}

function AttentionItem({ action, project }: { action: QueuedAction; project: string | null }) {
  return (
    <Paper withBorder radius="md" p="md" data-queued={action.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ActionLine action={action} project={project} />
          <Badge color="red" style={{ flexShrink: 0 }}>
            Needs attention
          </Badge>
        </Group>
        <Text size="sm" c="red" role="alert">
          {action.problem?.message ?? 'The server refused this action.'}
        </Text>
        <Group gap="xs">
          {!onlyDiscard(action) && <RetryChoice action={action} />}
          {!onlyDiscard(action) && <ChangeChoice action={action} />}
          <DiscardChoice action={action} />
        </Group>
      </Stack>
    </Paper>
  );
}

function PendingItem({ action, project }: { action: QueuedAction; project: string | null }) {
  return (
    <Paper withBorder radius="md" p="md" data-queued={action.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ActionLine action={action} project={project} />
        <Badge color="gray" variant="light">
          {action.status === 'sending' ? 'sending…' : 'not yet sent'}
        </Badge>
      </Group>
    </Paper>
  );
}

export function OfflinePage() {
  const actions = usePendingActions();
  const { online, syncing } = useAppSelector((state) => state.offline);
  const projectName = useProjectNames();
  const attention = actions.filter((a) => a.status === 'attention');
  const waiting = actions.filter((a) => a.status !== 'attention');

  return (
    <>
      <PageHeader title="On this device">
        <Button onClick={() => void sendNow()} disabled={!online || waiting.length === 0} loading={syncing}>
          Send now
        </Button>
      </PageHeader>
      {actions.length === 0 && <NoData text={EMPTY_TEXT} />}
      <Stack gap="lg">
        {attention.length > 0 && (
          <Stack gap="sm">
            <Title order={4}>Needs attention</Title>
            {attention.map((action) => (
              <AttentionItem key={action.id} action={action} project={projectName(action.projectId)} />
            ))}
          </Stack>
        )}
        {waiting.length > 0 && (
          <Stack gap="sm">
            <Title order={4}>Waiting to be sent</Title>
            {!online && (
              <Text size="sm" c="dimmed">
                They go, in this order, when the signal returns.
              </Text>
            )}
            {waiting.map((action) => (
              <PendingItem key={action.id} action={action} project={projectName(action.projectId)} />
            ))}
          </Stack>
        )}
      </Stack>
    </>
  );
}
