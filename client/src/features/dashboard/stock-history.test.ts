import { describe, expect, it } from 'vitest';
import type { ExplainItem } from '../../api/material-types.ts';
import { stockHistory, untilNow } from './stock-history.ts';

const move = (position: number, date: string, balance: number): ExplainItem => ({
  position,
  date,
  type: 'Receive',
  amount: 0,
  change: 0,
  balance,
  by: 'Ada',
  associated: null,
});

describe('stock history', () => {
  it('merges the three figures into one point per movement, in ledger order', () => {
    const points = stockHistory({
      onHand: [move(1, '2026-01-01T10:00:00Z', 10), move(2, '2026-01-02T10:00:00Z', 6), move(4, '2026-01-04T10:00:00Z', 5)],
      field: [move(2, '2026-01-02T10:00:00Z', 4)],
      lost: [move(4, '2026-01-04T10:00:00Z', 1), move(3, '2026-01-03T10:00:00Z', 0)],
    });
    expect(points.map(({ position, onHand, field, lost }) => [position, onHand, field, lost])).toEqual([
      [1, 10, 0, 0],
      [2, 6, 4, 0],
      [3, 6, 4, 0],
      [4, 5, 4, 1],
    ]);
  });

  it('has no points for a part without movements', () => {
    expect(stockHistory({ onHand: [], field: [], lost: [] })).toEqual([]);
  });
});

describe('stock history up to now', () => {
  const point = { position: 1, date: '2026-01-01T10:00:00.000Z', onHand: 10, field: 0, lost: 0 };

  it('carries the last figures to the present, so one movement draws a line', () => {
    expect(untilNow([point], '2026-02-01T00:00:00.000Z')).toEqual([point, { ...point, date: '2026-02-01T00:00:00.000Z', now: true }]);
  });

  it('adds nothing to an empty history', () => {
    expect(untilNow([], '2026-02-01T00:00:00.000Z')).toEqual([]);
  });
});
