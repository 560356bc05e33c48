/**
 * Corrections that never rewrite: a mistaken receive, return, assign, unassign, lost or found is
 * corrected by a compensating event on the same stream that names it, says why, and is dated when
 * the correction applies. The rules are checked against the stock item's history from that instant
 * on, not only against today's figures: a correction dated last week must not leave a figure below
 * zero on any day since.
 */
import {
  CORRECTED_QUANTITY_INVALID,
  CORRECTION_BEFORE_ENTRY,
  CORRECTION_IN_FUTURE,
  CORRECTION_REASON_REQUIRED,
  CORRECTION_UNCHANGED,
} from '../../contract/corrections.ts';
import { TRANSACTIONS_FROZEN } from '../../contract/messages.ts';
import { DomainError } from '../errors.ts';
import { checkedEvent } from '../checked-event.ts';
import type { StockItemRef } from './commands.ts';
import { CORRECTABLE_TYPES, type CorrectableType, type StockItemEvent, type StockMovementCorrected } from './events.ts';
import { MAX_BALANCE } from './decide.ts';
import { stockDeltas, type StockDeltas } from './stock-numbers.ts';

/** The figures a correction can move, with the field-assigned quantity of the corrected movement's user. */
export interface CorrectionBalances {
  logistics: number;
  onHand: number;
  field: number;
  lost: number;
  /** The named user's field-assigned quantity (0 when the movement named no user). */
  user: number;
}

/**
 * The stock item's figures from the instant the correction applies on: right after every movement
 * at or before it, and the lowest (and highest logistics) any later movement leaves. The correction
 * adds the same deltas to all of them.
 */
export interface CorrectionHistory {
  atInstant: CorrectionBalances;
  lowestAfter: CorrectionBalances | null;
  highestLogisticsAfter: number | null;
}

/** The movement being corrected, as the ledger holds it. */
export interface CorrectedMovement {
  position: number;
  type: string;
  data: unknown;
  occurredAt: Date;
  /** The position of the correction that already corrected it, if any. */
  correctedBy: number | null;
}

export interface CorrectMovement {
  type: 'CorrectMovement';
  data: StockItemRef & {
    movement: CorrectedMovement;
    /** What the movement should have been; 0 reverses it. */
    quantity: number;
    reason: string;
    /** When the correction applies (its occurred_at). */
    appliesAt: Date;
    /** The time of the command: a correction cannot apply after it. */
    now: Date;
    frozen: boolean;
    history: CorrectionHistory;
  };
}

export const CORRECTION_MESSAGES = {
  reason: CORRECTION_REASON_REQUIRED,
  quantity: CORRECTED_QUANTITY_INVALID,
  unchanged: CORRECTION_UNCHANGED,
  notCorrectable: 'Only a receive, return, assign, unassign, lost or found entry can be corrected',
  correction: 'A correction cannot itself be corrected',
  alreadyCorrected: 'This entry has already been corrected',
  future: CORRECTION_IN_FUTURE,
  beforeEntry: CORRECTION_BEFORE_ENTRY,
  otherStock: 'The entry does not belong to this stock',
} as const;

const FIGURE_NAMES: Record<Exclude<keyof CorrectionBalances, 'user'>, string> = {
  logistics: 'Logistics Qty',
  onHand: 'Qty On Hand',
  field: 'Field Assigned',
  lost: 'Qty Lost',
};

const isCorrectable = (type: string): type is CorrectableType => (CORRECTABLE_TYPES as readonly string[]).includes(type);

/** What the movement did, and what it would have done with the corrected quantity. */
function compensation(movement: StockItemEvent, quantity: number): StockDeltas {
  const did = stockDeltas(movement);
  const should = quantity === 0 ? null : stockDeltas(checkedEvent<StockItemEvent>({ type: movement.type, data: { ...movement.data, quantity } }));
  return {
    logistics: (should?.logistics ?? 0) - did.logistics,
    onHand: (should?.onHand ?? 0) - did.onHand,
    field: (should?.field ?? 0) - did.field,
    lost: (should?.lost ?? 0) - did.lost,
    inTransit: 0,
    incoming: 0,
    user: did.user ? { userId: did.user.userId, delta: (should?.user?.delta ?? 0) - did.user.delta } : null,
  };
}

const lowest = (history: CorrectionHistory, key: keyof CorrectionBalances) =>
  Math.min(history.atInstant[key], history.lowestAfter?.[key] ?? Number.POSITIVE_INFINITY);

/** Refuses a correction that would leave any figure below zero at any instant from when it applies. */
function requireCover(history: CorrectionHistory, d: StockDeltas, userName: string | null) {
  // The named user's own quantity first: the most precise thing to tell.
  if (d.user && d.user.delta < 0) {
    const low = lowest(history, 'user') + d.user.delta;
    if (low < 0)
      throw new DomainError(
        'DOMAIN_RULE',
        `This correction would take ${userName ?? 'the user'}'s field-assigned quantity below zero (to ${low}) after it applies`,
      );
  }
  const changes = { logistics: d.logistics, onHand: d.onHand, field: d.field, lost: d.lost };
  for (const key of Object.keys(changes) as Array<keyof typeof changes>) {
    const low = lowest(history, key) + changes[key];
    if (changes[key] < 0 && low < 0)
      throw new DomainError('DOMAIN_RULE', `This correction would take ${FIGURE_NAMES[key]} below zero (to ${low}) after it applies`);
  }
  const highest = Math.max(history.atInstant.logistics, history.highestLogisticsAfter ?? 0);
  if (d.logistics > 0 && highest + d.logistics > MAX_BALANCE) {
    throw new DomainError('DOMAIN_RULE', `This would take the part's stock past ${MAX_BALANCE.toLocaleString('en')}, the most a part can hold.`);
  }
}

/** The compensating event of a correction, or the DomainError saying why it is refused. */
export function decideCorrection(command: CorrectMovement): StockMovementCorrected[] {
  const { movement, quantity, appliesAt, now, frozen, history } = command.data;
  if (frozen) throw new DomainError('FROZEN', TRANSACTIONS_FROZEN);
  const reason = command.data.reason.trim();
  if (reason === '') throw new DomainError('VALIDATION', CORRECTION_MESSAGES.reason);
  if (!Number.isInteger(quantity) || quantity < 0) throw new DomainError('VALIDATION', CORRECTION_MESSAGES.quantity);
  if (movement.type === 'StockMovementCorrected') throw new DomainError('DOMAIN_RULE', CORRECTION_MESSAGES.correction);
  if (!isCorrectable(movement.type)) throw new DomainError('DOMAIN_RULE', CORRECTION_MESSAGES.notCorrectable);
  const original = checkedEvent<StockItemEvent & { type: CorrectableType }>(movement);
  const { location, materialId } = original.data;
  if (location.kind !== command.data.location.kind || location.id !== command.data.location.id || materialId !== command.data.materialId) {
    throw new DomainError('DOMAIN_RULE', CORRECTION_MESSAGES.otherStock);
  }
  if (movement.correctedBy !== null) throw new DomainError('DOMAIN_RULE', CORRECTION_MESSAGES.alreadyCorrected);
  if (appliesAt.getTime() > now.getTime()) throw new DomainError('VALIDATION', CORRECTION_MESSAGES.future);
  if (appliesAt.getTime() < movement.occurredAt.getTime()) throw new DomainError('VALIDATION', CORRECTION_MESSAGES.beforeEntry);
  if (quantity === original.data.quantity) throw new DomainError('VALIDATION', CORRECTION_MESSAGES.unchanged);
  const d = compensation(original, quantity);
  const user =
    'userId' in original.data ? { userId: original.data.userId ?? null, userName: original.data.userName ?? null } : { userId: null, userName: null };
  requireCover(history, d, user.userName);
  const { partNumber, partName } = command.data;
  return [
    {
      type: 'StockMovementCorrected',
      data: {
        location: { kind: location.kind, id: location.id },
        materialId,
        partNumber,
        partName,
        corrects: { position: movement.position, type: original.type, quantity: original.data.quantity, occurredAt: movement.occurredAt.toISOString() },
        quantity,
        reason,
        ...user,
        deltas: { logistics: d.logistics, onHand: d.onHand, field: d.field, lost: d.lost },
      },
    },
  ];
}
