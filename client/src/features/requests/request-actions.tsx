/**
 * A manager's actions on one or more requests (spec 01 §2 Manage Requests): Fulfill All (disabled,
 * with the reason, when on hand does not cover every open line of the selection: `Insufficient
 * Quantity`), Fulfill Partial (one request at a time), Hold and Deny; on one request also Scan items
 * (Fulfill Partial counted by scanning), Re-Open and Finalise. An action shows only as enabled when
 * the state table allows it for every request.
 */
import { Button, Group } from '@mantine/core';
import { useMemo, useState } from 'react';
import { REQUEST_MESSAGES, type RequestStatus } from '@contract/requests.ts';
import { useGetInventoryQuery } from '../../api/materials-api.ts';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';
import { DenyDialog, FULFIL_FAILED, HoldDialog, PartialDialog, useEachRequest } from './request-dialogs.tsx';
import { allowsAll, everyLineSettled, uncoveredParts } from './request-rules.ts';
import { useAssignRequestMutation, useNotifyFulfilledMutation, useSetRequestStatusMutation } from './requests-api.ts';
import { useRequestDetails } from './use-request-details.ts';

export interface ActionTarget {
  id: string;
  num: number;
  status: RequestStatus;
  type: 'Material' | 'Asset';
}

type Dialog = 'partial' | 'scan' | 'hold' | 'deny' | null;

export function RequestActions({
  projectId,
  targets,
  single = false,
  onDone,
}: {
  projectId: string;
  targets: readonly ActionTarget[];
  single?: boolean;
  onDone?: () => void;
}) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const ids = useMemo(() => targets.map((t) => t.id), [targets]);
  const { details, loading } = useRequestDetails(ids);
  const inventory = useGetInventoryQuery(projectId);
  const onHand = useMemo(() => new Map((inventory.data ?? []).map((row) => [row.PartNumber, row.QtyOnHand])), [inventory.data]);
  const [assign, assigning] = useAssignRequestMutation();
  const [setStatus, setting] = useSetRequestStatusMutation();
  const [notify] = useNotifyFulfilledMutation();
  /** Runs a change; once it leaves the request fulfilled, the requester is told by e-mail. */
  const closing = async (change: Promise<{ data?: { id: string; status: string }; error?: unknown }>) => {
    const result = await change;
    if (result.data?.status === 'fulfilled') void notify(result.data.id);
    return result;
  };
  const each = useEachRequest();
  const statuses = targets.map((t) => t.status);
  const busy = assigning.isLoading || setting.isLoading;

  const short = uncoveredParts(
    details.filter((d) => d.type === 'Material'),
    onHand,
  );
  const fulfilAllBlock = !allowsAll(statuses, 'fulfil')
    ? targets.length === 0
      ? 'Select one or more requests'
      : 'Only requested, partial or on-hold requests can be fulfilled'
    : loading || inventory.isLoading
      ? 'Checking stock…'
      : short.length > 0
        ? `${REQUEST_MESSAGES.insufficient}: ${short.map((s) => `${s.part} needs ${s.needed}, ${s.onHand} on hand`).join('; ')}`
        : null;
  const partialTarget = targets.length === 1 && allowsAll(statuses, 'fulfil') ? details[0] : undefined;

  const cancel = () => setDialog(null);
  const done = () => {
    setDialog(null);
    onDone?.();
  };
  const fulfilAll = async () => {
    if (await each(targets, (t) => closing(assign({ id: t.id, body: {} })), 'Fulfilled', FULFIL_FAILED)) onDone?.();
  };
  const reopen = async () => {
    if (await each(targets, (t) => setStatus({ id: t.id, status: 'requested' }), 'Re-opened', 'Failed to re-open request')) onDone?.();
  };
  const finalise = async () => {
    if (await each(targets, (t) => closing(setStatus({ id: t.id, status: 'finalised' })), 'Finalised', 'Failed to finalise request')) onDone?.();
  };
  const canFinalise = allowsAll(statuses, 'finalise') && details.length === targets.length && details.every((d) => everyLineSettled(d.picklist));

  const action = (label: string, enabled: boolean, why: string, run: () => void, color?: string) =>
    enabled ? (
      <Button key={label} size="sm" color={color} variant={color ? 'light' : 'filled'} loading={busy} onClick={run}>
        {label}
      </Button>
    ) : (
      <ReasonedDisabledButton key={label} size="sm" color={color} variant={color ? 'light' : 'filled'} reason={why}>
        {label}
      </ReasonedDisabledButton>
    );

  return (
    <>
      <Group gap="xs" wrap="wrap">
        {action('Fulfill All', fulfilAllBlock === null, fulfilAllBlock ?? '', () => void fulfilAll())}
        {action(
          'Fulfill Partial',
          partialTarget !== undefined,
          targets.length === 1
            ? allowsAll(statuses, 'fulfil')
              ? 'Loading the request…'
              : 'This request cannot be fulfilled'
            : 'Select one request to fulfil in part',
          () => setDialog('partial'),
        )}
        {single && partialTarget && (
          <Button size="sm" variant="light" loading={busy} onClick={() => setDialog('scan')}>
            Scan items
          </Button>
        )}
        {action('Hold', allowsAll(statuses, 'hold'), 'Only requested or partial requests can be put on hold', () => setDialog('hold'), 'yellow')}
        {single && action('Re-Open', allowsAll(statuses, 'reopen'), 'Only on-hold requests can be re-opened', () => void reopen(), 'blue')}
        {single && action('Finalise', canFinalise, REQUEST_MESSAGES.notAllSettled, () => void finalise(), 'teal')}
        {action('Deny', allowsAll(statuses, 'deny'), 'Fulfilled and denied requests are final', () => setDialog('deny'), 'red')}
      </Group>
      {(dialog === 'partial' || dialog === 'scan') && partialTarget && (
        <PartialDialog request={partialTarget} onHand={onHand} onClose={cancel} onDone={done} scan={dialog === 'scan'} />
      )}
      {dialog === 'hold' && <HoldDialog targets={targets} onClose={cancel} onDone={done} />}
      {dialog === 'deny' && <DenyDialog targets={targets} onClose={cancel} onDone={done} />}
    </>
  );
}
