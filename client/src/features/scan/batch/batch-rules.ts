/**
 * The pure rules of a scan batch: the scanned lines with what is wrong with each before sending
 * (scanned twice, not a serial number), the one body each action sends, and each line's result
 * from the server's answer, so a refused batch keeps its lines and shows what to fix.
 */
import { parseScanCode } from '@contract/scan-code.ts';
import { SCAN_BATCH_MAX, SCAN_BATCH_MESSAGES, type ScanBatchAnswer, type ScanBatchLine, type ScanInUseBody, type ScanReceiveBody } from '@contract/scan.ts';

export type BatchAction = 'receive' | 'check-out' | 'return';

export interface BatchLine {
  /** A key of the line in this batch, stable while lines are removed. */
  id: number;
  code: string;
}

export const BATCH_MESSAGES = {
  notSerial: 'This code names an asset, a location or a document, not a serial number.',
  fixFlagged: 'Remove or fix the lines marked in red first.',
  chooseDestination: 'Select where the assets are received.',
  chooseParent: 'Select the warehouse the new assets belong to.',
  chooseType: 'Select the asset type of the scanned serials.',
  choosePerson: 'Select the person the assets go to.',
} as const;

const key = (code: string) => code.trim().toLowerCase();

/** The code of a scan as the batch keeps it: a serial is the text read, anything else as scanned. */
export function lineCode(raw: string): string {
  const parsed = parseScanCode(raw);
  return parsed.ok && parsed.code.kind === 'text' ? parsed.code.text : raw.trim();
}

/** Per line, what is wrong with it before it is sent (null: nothing), for this action. */
export function lineFlags(lines: readonly BatchLine[], action: BatchAction): Map<number, string | null> {
  const seen = new Map<string, number>();
  for (const line of lines) seen.set(key(line.code), (seen.get(key(line.code)) ?? 0) + 1);
  return new Map(
    lines.map((line) => {
      const parsed = parseScanCode(line.code);
      if (!parsed.ok) return [line.id, parsed.message];
      if ((seen.get(key(line.code)) ?? 0) > 1) return [line.id, SCAN_BATCH_MESSAGES.duplicateInBatch];
      if (action === 'receive' && parsed.code.kind !== 'text') return [line.id, BATCH_MESSAGES.notSerial];
      return [line.id, null];
    }),
  );
}

export interface BatchChoice {
  ownerType: 'warehouse' | 'project';
  ownerId: string | null;
  /** Into a project: the warehouse the new instances belong to. */
  parentWarehouseId: string | null;
  assetNumber: string | null;
  userId: string | null;
}

/** Why the batch cannot be sent yet, or null. */
export function batchProblem(lines: readonly BatchLine[], action: BatchAction, choice: BatchChoice): string | null {
  if (lines.length === 0) return SCAN_BATCH_MESSAGES.emptyBatch;
  if (lines.length > SCAN_BATCH_MAX) return SCAN_BATCH_MESSAGES.tooMany;
  if ([...lineFlags(lines, action).values()].some((flag) => flag !== null)) return BATCH_MESSAGES.fixFlagged;
  if (action === 'receive') {
    if (!choice.ownerId) return BATCH_MESSAGES.chooseDestination;
    if (choice.ownerType === 'project' && !choice.parentWarehouseId) return BATCH_MESSAGES.chooseParent;
    if (!choice.assetNumber) return BATCH_MESSAGES.chooseType;
  }
  if (action === 'check-out' && !choice.userId) return BATCH_MESSAGES.choosePerson;
  return null;
}

export function receiveBody(lines: readonly BatchLine[], choice: BatchChoice): ScanReceiveBody {
  return {
    to_owner_type: choice.ownerType,
    to_owner_id: choice.ownerId ?? '',
    asset_number: choice.assetNumber ?? undefined,
    ...(choice.ownerType === 'project' ? { parent_warehouse_id: choice.parentWarehouseId } : {}),
    lines: lines.map((line) => ({ serial_number: line.code })),
  };
}

export function inUseBody(lines: readonly BatchLine[], action: 'check-out' | 'return', choice: BatchChoice): ScanInUseBody {
  return {
    in_use: action === 'check-out',
    ...(action === 'check-out' ? { assigned_user_id: choice.userId } : {}),
    lines: lines.map((line) => ({ code: line.code })),
  };
}

/** The answer's result of each sent line by its id; lines are answered in the order sent (line 1 first). */
export function resultsByLine(sent: readonly BatchLine[], answer: ScanBatchAnswer): Map<number, ScanBatchLine> {
  const byNumber = new Map(answer.results.map((result) => [result.line, result]));
  return new Map(
    sent.flatMap((line, at) => {
      const result = byNumber.get(at + 1) ?? answer.results[at];
      return result ? [[line.id, result] as const] : [];
    }),
  );
}
