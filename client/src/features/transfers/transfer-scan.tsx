/**
 * Fulfilling or receiving a transfer by scanning its items: at the source while Accepted each scan
 * counts one unit towards what is left to send; at the destination while Received, towards what is
 * on its way. The counts go as one command (`lines`), all of them or none.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useState } from 'react';
import { TRANSFER_ERRORS } from '@contract/transfers.ts';
import { messageOr } from '../../api/error-message.ts';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { type CountLine, type Counts, countedLines, countsProblem } from '../../components/scan-count.ts';
import { ScanCounter } from '../../components/scan-counter.tsx';
import { toast } from '../../shared/toast.ts';
import { inTransit, itemActions, leftToSend, type Side } from './transfer-rules.ts';
import { type Transfer, useMoveScannedMutation } from './transfers-api.ts';

export type ScanStep = 'fulfill' | 'receive';

/** The step this side may scan items for now, or null. */
export function scanStep(t: Transfer, side: Side): ScanStep | null {
  const acts = t.PickList.flatMap((item) => itemActions(t, item, side));
  if (acts.includes('fulfill')) return 'fulfill';
  return acts.includes('receive') ? 'receive' : null;
}

/** The lines a scan may count against at this step, each with the most it may take. */
export function scanLines(t: Transfer, step: ScanStep): CountLine[] {
  return t.PickList.map((item) => ({
    key: item.part_number,
    part_number: item.part_number,
    part_name: item.part_name,
    max: step === 'fulfill' ? (item.status === 'pending' || item.status === 'partial' ? leftToSend(item) : 0) : inTransit(item),
  })).filter((line) => line.max > 0);
}

export function TransferScan({ transfer: t, step, onDone }: { transfer: Transfer; step: ScanStep; onDone: () => void }) {
  const [counts, setCounts] = useState<Counts>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [send, sending] = useMoveScannedMutation();
  const lines = scanLines(t, step);
  const problem = countsProblem(lines, counts);
  const label = step === 'fulfill' ? 'Fulfil scanned' : 'Receive scanned';

  const submit = async () => {
    setFailure(null);
    const sent = countedLines(lines, counts);
    const result = await send({ id: t.id, step, lines: sent });
    if (result.error) {
      setFailure(messageOr(result.error, step === 'fulfill' ? TRANSFER_ERRORS.fulfill : TRANSFER_ERRORS.receive));
      return;
    }
    const units = sent.reduce((sum, line) => sum + line.quantity, 0);
    toast.success(`${units} scanned ${units === 1 ? 'unit' : 'units'} ${step === 'fulfill' ? 'fulfilled' : 'received'}`);
    onDone();
  };

  return (
    <Stack gap="xs">
      <FailureAlert failure={failure} />
      <ScanCounter lines={lines} counts={counts} onChange={setCounts} verb={step === 'fulfill' ? 'Fulfil now' : 'Receive now'} />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} disabled={problem !== null} loading={sending.isLoading} title={problem ?? undefined}>
          {label}
        </Button>
      </Group>
    </Stack>
  );
}
