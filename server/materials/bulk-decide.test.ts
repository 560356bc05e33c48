import { describe, expect, it } from 'vitest';
import { DomainError } from '../../ledger/errors.ts';
import { MAX_BALANCE } from '../../ledger/stock-item/decide.ts';
import { initialStockItemState, type StockItemState } from '../../ledger/stock-item/state.ts';
import { ALREADY_REVERSED, NOT_APPLIED, planBulk, planReversal, type BulkLine, type PartAtStart } from './bulk-decide.ts';

const location = { kind: 'project' as const, id: '00000000-0000-4000-8000-000000000001' };
const bolt = { material_id: '00000000-0000-4000-8000-0000000000b1', part_number: 'BLT-10', part_name: 'Bolt M10', part_nickname: 'Bolt' };
const holding = (onHand: number): StockItemState => ({
  ...initialStockItemState(),
  exists: true,
  partNumber: 'BLT-10',
  partName: 'Bolt M10',
  logistics: onHand,
  onHand,
});
const parts = (onHand: number) => new Map<string, PartAtStart>([['BLT-10', { material: bolt, state: holding(onHand) }]]);
const line = (row: number, action: BulkLine['action'], partNumber: string, quantity: number): BulkLine => ({
  row,
  action,
  partNumber,
  partName: 'Named',
  partNickname: 'Nick',
  quantity,
});
const plan = (lines: BulkLine[], onHand = 3, frozen = false) =>
  planBulk({ location, lines, parts: parts(onHand), newMaterialIds: { 'NEW-1': '00000000-0000-4000-8000-0000000000e1' }, frozen });
const verdicts = (p: ReturnType<typeof plan>) => p.rows.map((r) => [r.row, r.status, r.on_hand_before, r.on_hand_after]);

describe('a bulk file decided as one batch', () => {
  it('decides rows on one part in order on the running state: receive 5 then return 7 of a part holding 3', () => {
    const p = plan([line(1, 'receive', 'BLT-10', 5), line(2, 'return', 'BLT-10', 7)]);
    expect(verdicts(p)).toEqual([
      [1, 'OK', 3, 8],
      [2, 'OK', 8, 1],
    ]);
    expect(p.appends).toEqual([
      {
        streamId: `stock:project:${location.id}:${bolt.material_id}`,
        events: [expect.objectContaining({ type: 'MaterialReceived' }), expect.objectContaining({ type: 'MaterialReturned' })],
      },
    ]);
  });

  it('applies nothing when one row is refused, and says so on every row', () => {
    const p = plan([line(1, 'receive', 'BLT-10', 5), line(2, 'return', 'BLT-10', 9), line(3, 'return', 'NOPE-1', 1)]);
    expect(p.refused).toBe(2);
    expect(p.appends).toEqual([]);
    expect(verdicts(p)).toEqual([
      [1, NOT_APPLIED, 3, 3],
      [2, 'Insufficient quantity available', 8, 8],
      [3, 'Part number not found in this project', 0, 0],
    ]);
  });

  it('refuses a receive that would take a part past the largest balance, counting the rows before it', () => {
    const p = plan([line(1, 'receive', 'BLT-10', 1_000_000_000), line(2, 'receive', 'BLT-10', 1_000_000_000), line(3, 'receive', 'BLT-10', 1_000_000_000)]);
    expect(p.rows.map((r) => r.status)).toEqual([
      NOT_APPLIED,
      NOT_APPLIED,
      `This would take the part's stock past ${MAX_BALANCE.toLocaleString('en')}, the most a part can hold.`,
    ]);
  });

  it('defines a new part once, before its first movement, and receives it on every row', () => {
    const p = plan([line(1, 'receive', 'NEW-1', 2), line(2, 'receive', 'NEW-1', 3)]);
    expect(verdicts(p)).toEqual([
      [1, 'OK', 0, 2],
      [2, 'OK', 2, 5],
    ]);
    expect(p.appends.map((a) => [a.streamId, a.events.map((e) => e.type)])).toEqual([
      ['material:00000000-0000-4000-8000-0000000000e1', ['MaterialDefined']],
      [`stock:project:${location.id}:00000000-0000-4000-8000-0000000000e1`, ['MaterialReceived', 'MaterialReceived']],
    ]);
  });

  it('decides two spellings that the catalogue resolves to one part on one running state', () => {
    const both = new Map<string, PartAtStart>([...parts(3), ['blt-10', { material: bolt, state: holding(3) }]]);
    const p = planBulk({ location, lines: [line(1, 'return', 'BLT-10', 2), line(2, 'return', 'blt-10', 2)], parts: both, newMaterialIds: {}, frozen: false });
    expect(verdicts(p)).toEqual([
      [1, NOT_APPLIED, 3, 3],
      [2, 'Insufficient quantity available', 1, 1],
    ]);
  });

  it('refuses the whole file when transactions are frozen', () => {
    expect(() => plan([line(1, 'receive', 'BLT-10', 1)], 3, true)).toThrow(new DomainError('FROZEN', 'Transactions are frozen'));
  });
});

describe('reversing an applied batch', () => {
  const received = { materialId: bolt.material_id, partNumber: 'BLT-10', partName: 'Bolt M10', logType: 'Receive' as const, quantity: 40 };
  const reverse = (onHand: number, alreadyReversed = false) =>
    planReversal({ location, movements: [received], states: new Map([[bolt.material_id, holding(onHand)]]), alreadyReversed, frozen: false });

  it('returns what was received, as one batch', () => {
    const p = reverse(45);
    expect(p.rows).toBe(1);
    expect(p.appends[0]!.events).toEqual([expect.objectContaining({ type: 'MaterialReturned', data: expect.objectContaining({ quantity: 40 }) })]);
  });

  it('undoes the rows newest first, so a receive then a return of one part reverses cleanly', () => {
    const returned = { ...received, logType: 'Return' as const, quantity: 7 };
    const p = planReversal({
      location,
      movements: [{ ...received, quantity: 5 }, returned],
      states: new Map([[bolt.material_id, holding(1)]]),
      alreadyReversed: false,
      frozen: false,
    });
    expect(p.appends[0]!.events.map((e) => [e.type, (e.data as { quantity: number }).quantity])).toEqual([
      ['MaterialReceived', 7],
      ['MaterialReturned', 5],
    ]);
  });

  it('is refused as a whole when stock has moved so that a balance would go negative', () => {
    expect(() => reverse(10)).toThrow(
      'This upload cannot be reversed: stock has moved since (BLT-10 has 10 on hand now and the reversal would return 40). Nothing was changed.',
    );
  });

  it('is refused when already reversed', () => {
    expect(() => reverse(45, true)).toThrow(ALREADY_REVERSED);
  });
});
