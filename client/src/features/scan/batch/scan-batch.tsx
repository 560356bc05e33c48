/**
 * Batch mode of the scan page: scan many, then act once. Scans from a scanner, the page's camera or
 * its typed box arrive through the scan subscription and grow a list (a code scanned twice is
 * flagged at once); one action sends every line as one command, and each line shows its result. A
 * refused batch records nothing and keeps its list, so the person removes or fixes the refused
 * lines and sends again. The page above draws the one camera and the typed box for Find and Batch
 * alike: a second camera here would contend for the same device.
 */
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { type ScanBatchLine, scanBatchAnswer } from '@contract/scan.ts';
import { useRef, useState } from 'react';
import { messageOr } from '../../../api/error-message.ts';
import { useIdempotencyKey } from '../../../api/idempotency.ts';
import { FailureAlert } from '../../../components/failure-alert.tsx';
import { useAppSelector } from '../../../shared/hooks.ts';
import { useScanSubscription } from '../../../shared/scan-events.ts';
import { isGlobalAdmin } from '../../../shared/session/permissions.ts';
import { selectRole } from '../../../shared/session/session-selectors.ts';
import { toast } from '../../../shared/toast.ts';
import { KEPT_ON_DEVICE, savedOnDevice } from '../../../offline/saved-notice.ts';
import { ACTION_LABELS, BatchActionFields } from './batch-action.tsx';
import { refusedBatch, useReceiveScannedMutation, useSetScannedInUseMutation } from './batch-api.ts';
import { BatchLines } from './batch-lines.tsx';
import { type BatchAction, type BatchChoice, type BatchLine, batchProblem, inUseBody, lineCode, lineFlags, receiveBody, resultsByLine } from './batch-rules.ts';

/** Batch mode of the scan page: scan many, then act once. */
export interface ScanBatchProps {
  /** The project or warehouse the page is in, preselected as the destination. */
  projectId: string | null;
  warehouseId: string | null;
}

interface Answered {
  applied: boolean;
  /** Kept on this device while offline: sent later as one command, with no per-line answer yet. */
  kept: boolean;
  summary: { ok: number; failed: number; not_applied: number };
  results: Map<number, ScanBatchLine>;
}

const BATCH_FAILED = 'The batch could not be sent.';
const DONE: Record<BatchAction, string> = { receive: 'received', 'check-out': 'checked out', return: 'returned from use' };
/** "3 assets received": what the batch did, for its toast. */
export const batchDone = (action: BatchAction, ok: number) => `${ok} ${ok === 1 ? 'asset' : 'assets'} ${DONE[action]}`;

export function ScanBatch({ projectId, warehouseId }: ScanBatchProps) {
  const admin = isGlobalAdmin(useAppSelector(selectRole));
  const [lines, setLines] = useState<BatchLine[]>([]);
  const nextId = useRef(1);
  const [action, setAction] = useState<BatchAction>('receive');
  const [choice, setChoice] = useState<BatchChoice>(() => ({
    ownerType: warehouseId && admin ? 'warehouse' : 'project',
    ownerId: (admin ? warehouseId : null) ?? projectId,
    parentWarehouseId: warehouseId,
    assetNumber: null,
    userId: null,
  }));
  const [answered, setAnswered] = useState<Answered | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [receive, receiving] = useReceiveScannedMutation();
  const [setInUse, settingInUse] = useSetScannedInUseMutation();
  const idempotency = useIdempotencyKey();

  const add = (raw: string) => {
    const code = lineCode(raw);
    if (!code) return;
    // After a batch went through, the next scan starts a new one.
    const kept = answered?.applied ? [] : lines;
    if (answered?.applied) setAnswered(null);
    setLines([...kept, { id: nextId.current++, code }]);
  };
  useScanSubscription((scan) => add(scan.text));

  const remove = (id: number) => setLines((current) => current.filter((line) => line.id !== id));
  const clear = () => {
    setLines([]);
    setAnswered(null);
    setFailure(null);
  };

  const flags = lineFlags(lines, action);
  const problem = batchProblem(lines, action, choice);
  const applied = answered?.applied ?? false;

  const send = async () => {
    setFailure(null);
    const result =
      action === 'receive'
        ? await receive({ body: receiveBody(lines, choice), idempotencyKey: idempotency.keyFor({ action, body: receiveBody(lines, choice) }) })
        : await setInUse({ body: inUseBody(lines, action, choice), idempotencyKey: idempotency.keyFor({ action, body: inUseBody(lines, action, choice) }) });
    idempotency.settle(result.error);
    if (savedOnDevice(result.data)) {
      // Kept as one command, like an applied batch: its lines are a record now, the next scan starts anew.
      setAnswered({ applied: true, kept: true, summary: { ok: 0, failed: 0, not_applied: 0 }, results: new Map() });
      return;
    }
    // The server answers line by line; anything else (a proxy's page, say) is a failure, not a crash.
    const parsed = scanBatchAnswer.safeParse(result.data);
    const answer = parsed.success ? parsed.data : refusedBatch(result.error);
    if (!answer) {
      setFailure(messageOr(result.error, BATCH_FAILED));
      return;
    }
    setAnswered({ applied: answer.applied, kept: false, summary: answer.summary, results: resultsByLine(lines, answer) });
    if (answer.applied) toast.success(batchDone(action, answer.summary.ok));
  };

  return (
    <Stack gap="sm" maw={640} w="100%">
      <Group justify="space-between" gap="xs">
        <Text fw={600} aria-live="polite" data-testid="batch-count">
          {lines.length} scanned
        </Text>
        <Button variant="subtle" color="red" size="compact-sm" onClick={clear} disabled={lines.length === 0}>
          Clear
        </Button>
      </Group>
      <BatchLines
        lines={lines}
        flags={applied ? new Map() : flags}
        results={answered?.results ?? new Map()}
        kept={answered?.kept ?? false}
        onRemove={applied ? undefined : remove}
      />
      {answered && <Summary answered={answered} lines={lines.length} />}
      {!applied && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <BatchActionFields action={action} onAction={setAction} choice={choice} onChoice={setChoice} warehousesAllowed={admin} />
            <FailureAlert failure={failure} />
            {problem && lines.length > 0 && (
              <Text size="sm" c="dimmed">
                {problem}
              </Text>
            )}
            <Button onClick={() => void send()} disabled={problem !== null} loading={receiving.isLoading || settingInUse.isLoading}>
              {ACTION_LABELS[action]}
              {lines.length > 0 ? ` (${lines.length})` : ''}
            </Button>
          </Stack>
        </Paper>
      )}
      {applied && <Button onClick={clear}>Start a new batch</Button>}
    </Stack>
  );
}

function Summary({ answered, lines }: { answered: Answered; lines: number }) {
  const { ok, failed, not_applied } = answered.summary;
  if (answered.kept) {
    return (
      <Group gap="xs" role="status">
        <Badge color="orange" variant="light" tt="none">
          {KEPT_ON_DEVICE}
        </Badge>
        <Text size="sm">{`${lines} ${lines === 1 ? 'line' : 'lines'} not yet sent: they go when the signal returns.`}</Text>
      </Group>
    );
  }
  return (
    <Group gap="xs" role="status">
      <Badge color={answered.applied ? 'green' : 'red'} variant="light" tt="none">
        {answered.applied ? 'Done' : 'Nothing recorded'}
      </Badge>
      <Text size="sm">{answered.applied ? `${ok} OK` : `${failed} refused, ${not_applied} not applied: remove or fix the refused lines and send again.`}</Text>
    </Group>
  );
}
