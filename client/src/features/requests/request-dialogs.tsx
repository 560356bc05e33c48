/**
 * The managers' dialogs (spec 01 §2 Manage Requests, §4, §5): Hold (no reason, a reason, or waiting
 * on delivery, which a covering receive re-opens), Deny (a reason is required), and Fulfill Partial
 * (a quantity per open line, above 0 and not above the line, optionally another part of the project
 * in its place; the rest stays open or waits on delivery).
 */
import { Button, Group, NumberInput, Radio, Stack, Table, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { REQUEST_MESSAGES, REQUEST_LIMITS } from '@contract/requests.ts';
import { messageOr } from '../../api/error-message.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { holdReason, openLines, partialError, requestLabel } from './request-rules.ts';
import { type RequestDetail, useAssignRequestMutation, useNotifyFulfilledMutation, useSetRequestStatusMutation } from './requests-api.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import type { CountLine, Counts } from '../../components/scan-count.ts';
import { ScanCounter } from '../../components/scan-counter.tsx';

interface Target {
  id: string;
  num: number;
}

const named = (targets: readonly Target[]) => (targets.length === 1 ? `request ${requestLabel(targets[0]!)}` : `${targets.length} requests`);

/** Runs one change per request; says what went through and each refusal in the server's words. */
/** Fulfilling one request or several fails with the same words. */
export const FULFIL_FAILED = 'Failed to fulfil request';

export function useEachRequest() {
  return async (targets: readonly Target[], run: (t: Target) => Promise<{ error?: unknown }>, done: string, fallback: string): Promise<boolean> => {
    let ok = 0;
    for (const target of targets) {
      const result = await run(target);
      if (result.error) toast.error(`${requestLabel(target)}: ${messageOr(result.error as Parameters<typeof messageOr>[0], fallback)}`);
      else ok += 1;
    }
    if (ok > 0) toast.success(`${done} ${named(targets.length === ok ? targets : targets.slice(0, ok))}`);
    return ok === targets.length;
  };
}

export function HoldDialog({ targets, onClose, onDone = onClose }: { targets: readonly Target[]; onClose: () => void; onDone?: () => void }) {
  const [kind, setKind] = useState<'waiting_delivery' | 'other'>('waiting_delivery');
  const [text, setText] = useState('');
  const [setStatus, state] = useSetRequestStatusMutation();
  const each = useEachRequest();
  const confirm = async () => {
    const reason = holdReason(kind, text);
    if (await each(targets, (t) => setStatus({ id: t.id, status: 'on-hold', reason }), 'Put on hold:', 'Failed to hold request')) onDone();
  };
  return (
    <AppModal opened onClose={onClose} title={`Hold ${named(targets)}`} size="md" compact>
      <Stack gap="sm">
        <Radio.Group label="Reason" value={kind} onChange={(v) => setKind(v as 'waiting_delivery' | 'other')}>
          <Stack gap={6} mt={6}>
            <Radio value="waiting_delivery" label="Waiting on delivery (re-opens when a receive covers it)" />
            <Radio value="other" label="Other reason" />
          </Stack>
        </Radio.Group>
        {kind === 'other' && (
          <TextInput label="Reason (optional)" value={text} maxLength={REQUEST_LIMITS.reason} onChange={(e) => setText(e.currentTarget.value)} />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="yellow" loading={state.isLoading} onClick={() => void confirm()}>
            Hold
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

export function DenyDialog({ targets, onClose, onDone = onClose }: { targets: readonly Target[]; onClose: () => void; onDone?: () => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [setStatus, state] = useSetRequestStatusMutation();
  const each = useEachRequest();
  const confirm = async () => {
    if (!reason.trim()) {
      setError(REQUEST_MESSAGES.reasonRequired);
      return;
    }
    if (await each(targets, (t) => setStatus({ id: t.id, status: 'denied', reason: reason.trim() }), 'Denied', 'Failed to deny request')) onDone();
  };
  return (
    <AppModal opened onClose={onClose} title={`Deny ${named(targets)}`} size="md" compact>
      <Stack gap="sm">
        <Textarea
          label="Reason"
          withAsterisk
          autosize
          minRows={2}
          maxLength={REQUEST_LIMITS.reason}
          value={reason}
          error={error}
          onChange={(e) => {
            setReason(e.currentTarget.value);
            setError(null);
          }}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={state.isLoading} onClick={() => void confirm()}>
            Deny
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}

interface PartialEntry {
  qty: string | number;
  replacement: string;
}

export function PartialDialog({
  request,
  onHand,
  onClose,
  onDone = onClose,
  scan = false,
}: {
  request: RequestDetail;
  onHand: ReadonlyMap<string, number>;
  onClose: () => void;
  onDone?: () => void;
  /** Opens counting by scanning: each scanned part number is one unit of its line. */
  scan?: boolean;
}) {
  const lines = openLines(request.picklist);
  const [scanning, setScanning] = useState(scan);
  const [entries, setEntries] = useState<Record<string, PartialEntry>>({});
  const [remainder, setRemainder] = useState<'open' | 'waiting_delivery'>('open');
  const [failure, setFailure] = useState<string | null>(null);
  const [assign, state] = useAssignRequestMutation();
  const [notify] = useNotifyFulfilledMutation();
  const entry = (lineId: string): PartialEntry => entries[lineId] ?? { qty: '', replacement: '' };
  const set = (lineId: string, change: Partial<PartialEntry>) => setEntries((current) => ({ ...current, [lineId]: { ...entry(lineId), ...change } }));
  const errors = Object.fromEntries(lines.map((l) => [l.line_id, partialError(entry(l.line_id).qty, l)]));
  const chosen = lines.filter((l) => Number(entry(l.line_id).qty) > 0);
  const valid = chosen.length > 0 && lines.every((l) => errors[l.line_id] === null);
  const total = chosen.reduce((sum, l) => sum + Number(entry(l.line_id).qty), 0);
  const countLines: CountLine[] = lines.map((l) => ({ key: l.line_id, part_number: l.part_number, part_name: l.part_name, max: l.qty }));
  const counts: Counts = Object.fromEntries(lines.map((l) => [l.line_id, Number(entry(l.line_id).qty) || 0]));
  const setCounts = (next: Counts) =>
    setEntries((current) => Object.fromEntries(lines.map((l) => [l.line_id, { ...(current[l.line_id] ?? { replacement: '' }), qty: next[l.line_id] ?? 0 }])));

  const confirm = async () => {
    setFailure(null);
    const body = {
      remainder,
      lines: chosen.map((l) => {
        const replacement = entry(l.line_id).replacement.trim();
        return {
          line_id: l.line_id,
          part_number: l.part_number,
          quantity: Number(entry(l.line_id).qty),
          ...(replacement ? { replacement_part_number: replacement } : {}),
        };
      }),
    };
    const result = await assign({ id: request.id, body });
    if (result.error) {
      setFailure(messageOr(result.error, FULFIL_FAILED));
      return;
    }
    toast.success(`Fulfilled part of request ${requestLabel(request)}`);
    // The last lines given: the requester is told by e-mail, as after Fulfill All.
    if (result.data?.status === 'fulfilled') void notify(request.id);
    onDone();
  };

  return (
    <AppModal opened onClose={onClose} title={`Fulfill part of request ${requestLabel(request)}`} size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Give a quantity for each line to fulfil now; a line given less than it asks for splits, and the rest stays requested.
        </Text>
        <FailureAlert failure={failure} />
        <Button variant="light" size="compact-sm" onClick={() => setScanning((on) => !on)} style={{ alignSelf: 'flex-start' }}>
          {scanning ? 'Type quantities' : 'Scan items'}
        </Button>
        {scanning ? (
          <ScanCounter lines={countLines} counts={counts} onChange={setCounts} verb="Fulfil now" />
        ) : (
          <div style={{ overflowX: 'auto' }}>
            <Table withTableBorder aria-label="Lines to fulfil" miw={520}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Part</Table.Th>
                  <Table.Th ta="right">Asked</Table.Th>
                  <Table.Th ta="right">On hand</Table.Th>
                  <Table.Th w={140}>Fulfil now</Table.Th>
                  <Table.Th>In place of it (optional)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lines.map((line) => (
                  <Table.Tr key={line.line_id} data-part={line.part_number}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {line.part_number}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {line.part_name} · {line.status}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">{line.qty}</Table.Td>
                    <Table.Td ta="right">{request.type === 'Material' ? (onHand.get(line.part_number) ?? 0) : '—'}</Table.Td>
                    <Table.Td>
                      <NumberInput
                        size="xs"
                        aria-label={`Fulfil quantity of ${line.part_number}`}
                        min={0}
                        max={line.qty}
                        allowDecimal={false}
                        allowNegative={false}
                        value={entry(line.line_id).qty}
                        onChange={(qty) => set(line.line_id, { qty })}
                        error={errors[line.line_id]}
                      />
                    </Table.Td>
                    <Table.Td>
                      <TextInput
                        size="xs"
                        aria-label={`Replacement part for ${line.part_number}`}
                        placeholder="Part number"
                        value={entry(line.line_id).replacement}
                        onChange={(e) => set(line.line_id, { replacement: e.currentTarget.value })}
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </div>
        )}
        <Radio.Group label="The rest of the request" value={remainder} onChange={(v) => setRemainder(v as 'open' | 'waiting_delivery')}>
          <Stack gap={6} mt={6}>
            <Radio value="open" label="Keep it open" />
            <Radio value="waiting_delivery" label="Hold it, waiting on delivery" />
          </Stack>
        </Radio.Group>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!valid} loading={state.isLoading} onClick={() => void confirm()}>
            {total > 0 ? `Fulfill ${total}` : 'Fulfill'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
