/**
 * The detail side panel of a transfer: its projects, delivery and address, the pick list with the
 * actions each side may take on each item in this state (Fulfill, Partial, Deny; Receive), the
 * transfer's own actions (Accept, Deny; Fulfilled; Shipped with a tracking number or Ready;
 * Received; Complete), and a timeline of its events from the ledger.
 */
import { Alert, Badge, Button, Drawer, Group, NumberInput, Stack, Table, Text, TextInput, Timeline } from '@mantine/core';
import { useState } from 'react';
import { TRANSFER_ERRORS } from '@contract/transfers.ts';
import { messageOr } from '../../api/error-message.ts';
import { formatDateTime } from '../../shared/format.ts';
import { toast } from '../../shared/toast.ts';
import {
  inTransit,
  itemActions,
  ITEM_COLORS,
  itemNote,
  leftToSend,
  partialError,
  sideOf,
  STATUS_COLORS,
  transferActions,
  type TransferAction,
} from './transfer-rules.ts';
import {
  type Transfer,
  type TransferItem,
  useDenyItemMutation,
  useFulfillItemMutation,
  useNotifyTransferMutation,
  useReceiveItemMutation,
  useSetTransferStatusMutation,
  useTransferHistoryQuery,
} from './transfers-api.ts';
import { scanStep, TransferScan } from './transfer-scan.tsx';

const STATUS_OF: Record<TransferAction, string> = {
  accept: 'Accepted',
  deny: 'Denied',
  fulfilled: 'Fulfilled',
  shipped: 'Shipped',
  ready: 'Ready',
  received: 'Received',
  complete: 'Complete',
};
const LABEL_OF: Record<TransferAction, string> = {
  accept: 'Accept',
  deny: 'Deny',
  fulfilled: 'Mark Fulfilled',
  shipped: 'Shipped',
  ready: 'Ready for Pickup',
  received: 'Received',
  complete: 'Complete',
};

interface Props {
  transfer: Transfer;
  currentProjectId: string;
  isAdmin: boolean;
  onClose: () => void;
}

export function TransferPanel({ transfer: t, currentProjectId, isAdmin, onClose }: Props) {
  const side = sideOf(t, currentProjectId, isAdmin);
  const [setStatus, statusState] = useSetTransferStatusMutation();
  const [notify] = useNotifyTransferMutation();
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | null>(null);
  const actions = transferActions(t, side);
  const step = scanStep(t, side);
  const [scanning, setScanning] = useState(false);

  async function act(action: TransferAction) {
    setError(null);
    const result = await setStatus({ id: t.id, status: STATUS_OF[action], ...(action === 'shipped' ? { TrackingNumber: tracking } : {}) });
    if ('error' in result) {
      setError(messageOr(result.error, TRANSFER_ERRORS.status));
      return;
    }
    toast.success(`Transfer ${STATUS_OF[action]}`);
    // The other side is told by e-mail; the screens of both update live.
    void notify(t.id);
  }

  return (
    <Drawer opened onClose={onClose} position="right" size="xl" title={`Transfer ${t.FromName} → ${t.ToName}`} aria-label="Transfer details">
      <Stack gap="md">
        <Group gap="xs">
          <Badge color={STATUS_COLORS[t.Status]} variant="light" tt="none" data-testid="transfer-status">
            {t.Status}
          </Badge>
          <Text size="sm" c="dimmed">
            Requested by {t.requested_by} on {formatDateTime(t.Date)}
          </Text>
        </Group>
        <Text size="sm">
          Delivery: <b>{t.DeliveryMethod === 'label' ? 'Label (shipping)' : 'Pickup'}</b>
          {t.ShippingAddress ? ` · ${t.ShippingAddress}` : ''}
          {t.TrackingNumber ? ` · Tracking number ${t.TrackingNumber}` : ''}
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        {step && !scanning && (
          <Button variant="light" onClick={() => setScanning(true)} style={{ alignSelf: 'flex-start' }}>
            Scan items
          </Button>
        )}
        {step && scanning ? (
          <TransferScan transfer={t} step={step} onDone={() => setScanning(false)} />
        ) : (
          <Table striped withTableBorder aria-label="Pick list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Part</Table.Th>
                <Table.Th ta="right">Qty</Table.Th>
                <Table.Th ta="right">Sent</Table.Th>
                <Table.Th ta="right">Received</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {t.PickList.map((item) => (
                <ItemRow key={item.part_number} transfer={t} item={item} side={side} onError={setError} />
              ))}
            </Table.Tbody>
          </Table>
        )}
        {actions.length > 0 && (
          <Group gap="sm" align="end">
            {actions.includes('shipped') && <TextInput label="Tracking number" value={tracking} onChange={(e) => setTracking(e.currentTarget.value)} />}
            {actions.map((action) => (
              <Button
                key={action}
                color={action === 'deny' ? 'red' : undefined}
                variant={action === 'deny' ? 'light' : 'filled'}
                loading={statusState.isLoading}
                disabled={action === 'shipped' && !tracking.trim()}
                onClick={() => void act(action)}
              >
                {LABEL_OF[action]}
              </Button>
            ))}
          </Group>
        )}
        <History transferId={t.id} />
      </Stack>
    </Drawer>
  );
}

function ItemRow({
  transfer: t,
  item,
  side,
  onError,
}: {
  transfer: Transfer;
  item: TransferItem;
  side: ReturnType<typeof sideOf>;
  onError: (m: string | null) => void;
}) {
  const [fulfill, fulfillState] = useFulfillItemMutation();
  const [deny, denyState] = useDenyItemMutation();
  const [receive, receiveState] = useReceiveItemMutation();
  const [partial, setPartial] = useState<number | string | null>(null);
  const actions = itemActions(t, item, side);
  const busy = fulfillState.isLoading || denyState.isLoading || receiveState.isLoading;

  async function run(call: Promise<{ error?: unknown }>, fallback: string, done: string) {
    onError(null);
    const result = await call;
    if (result.error) onError(messageOr(result.error as Parameters<typeof messageOr>[0], fallback));
    else toast.success(done);
  }

  const left = leftToSend(item);
  // Of a partial item the buttons act on what is left: the rest, or how many more.
  const rest = item.status === 'partial' ? ' rest' : '';
  const partialProblem = partial === null ? null : partialError(String(partial), left);
  const note = itemNote(item);
  return (
    <Table.Tr data-part={item.part_number}>
      <Table.Td>
        <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
          {item.part_number}
        </Text>
        <Text size="xs" c="dimmed">
          {item.part_name}
        </Text>
      </Table.Td>
      <Table.Td ta="right">{item.qty}</Table.Td>
      <Table.Td ta="right">{item.sent}</Table.Td>
      <Table.Td ta="right">{item.received}</Table.Td>
      <Table.Td>
        {/* max-content: in the narrow phone drawer the table would otherwise squeeze it to "pe…" */}
        <Badge color={ITEM_COLORS[item.status]} variant="light" tt="none" miw="max-content">
          {item.status}
        </Badge>
        {note && (
          <Text size="xs" c="dimmed">
            {note}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {actions.includes('fulfill') && partial === null && (
            <Button
              size="compact-xs"
              disabled={busy}
              onClick={() =>
                void run(fulfill({ id: t.id, part_number: item.part_number, quantity: left }), TRANSFER_ERRORS.fulfill, `${item.part_number} fulfilled`)
              }
            >
              Fulfill{rest}
            </Button>
          )}
          {actions.includes('partial') &&
            (partial === null ? (
              <Button size="compact-xs" variant="light" disabled={busy} onClick={() => setPartial('')}>
                Partial
              </Button>
            ) : (
              <>
                <NumberInput
                  size="xs"
                  w={80}
                  aria-label={`Partial quantity of ${item.part_number}`}
                  min={1}
                  max={left - 1}
                  placeholder={rest ? 'more' : undefined}
                  value={partial}
                  onChange={setPartial}
                  error={partial !== '' ? partialProblem : null}
                />
                <Button
                  size="compact-xs"
                  disabled={busy || partial === '' || partialProblem !== null}
                  onClick={() =>
                    void run(
                      fulfill({ id: t.id, part_number: item.part_number, quantity: Number(partial) }),
                      TRANSFER_ERRORS.fulfill,
                      `${item.part_number}: ${item.sent + Number(partial)} of ${item.qty} fulfilled`,
                    ).then(() => setPartial(null))
                  }
                >
                  Fulfill {partial || ''}
                </Button>
                <Button size="compact-xs" variant="subtle" onClick={() => setPartial(null)}>
                  Cancel
                </Button>
              </>
            ))}
          {actions.includes('deny') && (
            <Button
              size="compact-xs"
              color="red"
              variant="light"
              disabled={busy}
              onClick={() => void run(deny({ id: t.id, part_number: item.part_number }), TRANSFER_ERRORS.picklist, `${item.part_number} denied`)}
            >
              Deny{rest}
            </Button>
          )}
          {actions.includes('receive') && (
            <Button
              size="compact-xs"
              disabled={busy}
              onClick={() =>
                void run(
                  receive({ id: t.id, part_number: item.part_number, quantity: inTransit(item) }),
                  TRANSFER_ERRORS.receive,
                  `${item.part_number} received`,
                )
              }
            >
              Receive {inTransit(item)}
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

function History({ transferId }: { transferId: string }) {
  const history = useTransferHistoryQuery(transferId);
  if (history.error) return <Alert color="red">{TRANSFER_ERRORS.fetch}</Alert>;
  return (
    <Stack gap="xs">
      <Text fw={600}>Timeline</Text>
      <Timeline bulletSize={14} lineWidth={2} active={(history.data?.length ?? 0) - 1}>
        {(history.data ?? []).map((e) => (
          <Timeline.Item key={e.position} title={e.item_number ? `${e.action}: ${e.item_number}${e.quantity ? ` × ${e.quantity}` : ''}` : e.action}>
            <Text size="xs" c="dimmed">
              {e.user} · {formatDateTime(e.date)}
              {e.detail ? ` · ${e.detail}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}
