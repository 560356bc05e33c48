import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { CORRECTION_MESSAGES, decideCorrection, type CorrectionBalances, type CorrectionHistory, type CorrectMovement } from './correct.ts';
import type { StockItemEvent, StockLocation } from './events.ts';
import { stockDeltas } from './stock-numbers.ts';

const location: StockLocation = { kind: 'project', id: 'p-1' };
const item = { location, materialId: 'm-1', partNumber: 'PN-100', partName: 'Copper wire' };
const u1 = { userId: 'u1', userName: 'Ada Lovelace' };
const received = (quantity: number): StockItemEvent => ({ type: 'MaterialReceived', data: { ...item, quantity } });
const assigned = (quantity: number): StockItemEvent => ({ type: 'MaterialAssigned', data: { ...item, quantity, ...u1 } });
const lostFromField = (quantity: number): StockItemEvent => ({
  type: 'MaterialMarkedLost',
  data: { ...item, quantity, source: 'field_assigned', ...u1, note: null },
});

const entryAt = new Date('2026-11-10T09:00:00Z');
const now = new Date('2026-11-24T12:00:00Z');
const balances = (b: Partial<CorrectionBalances> = {}): CorrectionBalances => ({ logistics: 0, onHand: 0, field: 0, lost: 0, user: 0, ...b });
const plenty: CorrectionHistory = { atInstant: balances({ logistics: 100, onHand: 100 }), lowestAfter: null, highestLogisticsAfter: null };

function correct(
  movement: StockItemEvent,
  quantity: number,
  options: Partial<CorrectMovement['data']> & { correctedBy?: number | null } = {},
): CorrectMovement {
  return {
    type: 'CorrectMovement',
    data: {
      ...item,
      movement: { position: 42, type: movement.type, data: movement.data, occurredAt: entryAt, correctedBy: options.correctedBy ?? null },
      quantity,
      reason: 'Miscounted at the gate',
      appliesAt: entryAt,
      now,
      frozen: false,
      history: plenty,
      ...options,
    },
  };
}

function refusal(command: CorrectMovement): { code: string; message: string } {
  try {
    decideCorrection(command);
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('a correction of a stock movement', () => {
  it('names the entry, says why and carries the deltas from what it did to what it should have done', () => {
    const [event] = decideCorrection(correct(received(100), 90));
    expect(event).toEqual({
      type: 'StockMovementCorrected',
      data: {
        ...item,
        corrects: { position: 42, type: 'MaterialReceived', quantity: 100, occurredAt: entryAt.toISOString() },
        quantity: 90,
        reason: 'Miscounted at the gate',
        userId: null,
        userName: null,
        deltas: { logistics: -10, onHand: -10, field: 0, lost: 0 },
      },
    });
  });

  it('reverses a movement with quantity 0, and moves the named user’s field quantity back', () => {
    const history: CorrectionHistory = { atInstant: balances({ logistics: 10, onHand: 6, field: 4, user: 4 }), lowestAfter: null, highestLogisticsAfter: null };
    const [event] = decideCorrection(correct(assigned(4), 0, { history }));
    expect(event!.data.deltas).toEqual({ logistics: 0, onHand: 4, field: -4, lost: 0 });
    expect(stockDeltas(event!).user).toEqual({ userId: 'u1', delta: -4 });
  });

  it('is refused when it would take a figure below zero at any instant after it applies, even if today has cover', () => {
    // 100 received, 95 returned on a later day, 95 received again since: today has 100 on hand,
    // but the day after the return had only 5, so correcting the receive down to 80 is refused.
    const history: CorrectionHistory = {
      atInstant: balances({ logistics: 100, onHand: 100 }),
      lowestAfter: balances({ logistics: 5, onHand: 5 }),
      highestLogisticsAfter: 100,
    };
    expect(refusal(correct(received(100), 80, { history }))).toEqual({
      code: 'DOMAIN_RULE',
      message: 'This correction would take Logistics Qty below zero (to -15) after it applies',
    });
    expect(decideCorrection(correct(received(100), 95, { history }))[0]!.data.deltas.onHand).toBe(-5);
  });

  it('is refused when it would take the named user’s field-assigned quantity below zero', () => {
    const history: CorrectionHistory = {
      atInstant: balances({ logistics: 10, onHand: 2, field: 5, lost: 3, user: 5 }),
      lowestAfter: balances({ logistics: 10, field: 1, lost: 3, user: 1 }),
      highestLogisticsAfter: 10,
    };
    // Lost 3 from Ada's field that were really 1: the correction gives 2 back to her, fine.
    expect(decideCorrection(correct(lostFromField(3), 1, { history }))[0]!.data.deltas).toEqual({ logistics: 0, onHand: 0, field: 2, lost: -2 });
    // Lost 3 that were really 5 takes 2 more from her; she fell to 1 later: refused.
    expect(refusal(correct(lostFromField(3), 5, { history })).message).toBe(
      "This correction would take Ada Lovelace's field-assigned quantity below zero (to -1) after it applies",
    );
  });

  it('is refused while transactions are frozen (423)', () => {
    expect(refusal(correct(received(100), 90, { frozen: true }))).toEqual({ code: 'FROZEN', message: 'Transactions are frozen' });
  });

  it('needs a reason, a new whole quantity, and a time between the entry and now', () => {
    expect(refusal(correct(received(100), 90, { reason: '   ' }))).toEqual({ code: 'VALIDATION', message: CORRECTION_MESSAGES.reason });
    expect(refusal(correct(received(100), -1)).message).toBe(CORRECTION_MESSAGES.quantity);
    expect(refusal(correct(received(100), 100)).message).toBe(CORRECTION_MESSAGES.unchanged);
    expect(refusal(correct(received(100), 90, { appliesAt: new Date(now.getTime() + 1) })).message).toBe(CORRECTION_MESSAGES.future);
    expect(refusal(correct(received(100), 90, { appliesAt: new Date(entryAt.getTime() - 1) })).message).toBe(CORRECTION_MESSAGES.beforeEntry);
    expect(decideCorrection(correct(received(100), 90, { appliesAt: now }))).toHaveLength(1);
  });

  it('corrects an entry once, and never a correction (correct the original instead, before it is corrected)', () => {
    expect(refusal(correct(received(100), 90, { correctedBy: 77 }))).toEqual({ code: 'DOMAIN_RULE', message: CORRECTION_MESSAGES.alreadyCorrected });
    const [correction] = decideCorrection(correct(received(100), 90));
    expect(refusal(correct(correction!, 0))).toEqual({ code: 'DOMAIN_RULE', message: CORRECTION_MESSAGES.correction });
  });

  it('corrects only receives, returns, assignments, lost and found of the same stock', () => {
    const transfer: StockItemEvent = {
      type: 'MaterialSentOnTransfer',
      data: { ...item, quantity: 3, transferId: 't-1', projectId: 'p-2', projectLabel: 'Other' },
    };
    expect(refusal(correct(transfer, 1)).message).toBe(CORRECTION_MESSAGES.notCorrectable);
    const elsewhere: StockItemEvent = { type: 'MaterialReceived', data: { ...item, materialId: 'm-2', quantity: 5 } };
    expect(refusal(correct(elsewhere, 1)).message).toBe(CORRECTION_MESSAGES.otherStock);
  });
});
