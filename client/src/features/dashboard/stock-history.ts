/**
 * One part's on-hand, field-assigned and lost figures over time, for its chart. Built from the
 * explanations of the three figures, whose running balances are the figures as they stood after
 * each movement: merged in ledger order, every movement becomes one point with all three values.
 */
import type { ExplainItem } from '../../api/material-types.ts';

export interface StockPoint {
  position: number;
  date: string;
  onHand: number;
  field: number;
  lost: number;
  /** The closing point at the present moment, which carries the last figures forward. */
  now?: true;
}

export interface StockSeries {
  onHand: readonly ExplainItem[];
  field: readonly ExplainItem[];
  lost: readonly ExplainItem[];
}

type Series = keyof StockSeries;

export function stockHistory(series: StockSeries): StockPoint[] {
  const moves: { item: ExplainItem; series: Series }[] = [];
  for (const name of ['onHand', 'field', 'lost'] as const) {
    for (const item of series[name]) moves.push({ item, series: name });
  }
  moves.sort((a, b) => a.item.date.localeCompare(b.item.date) || a.item.position - b.item.position);

  const points: StockPoint[] = [];
  const now = { onHand: 0, field: 0, lost: 0 };
  for (const { item, series: name } of moves) {
    now[name] = item.balance;
    const last = points[points.length - 1];
    // One movement can change several figures (an assignment moves on hand to the field).
    if (last && last.position === item.position) last[name] = item.balance;
    else points.push({ position: item.position, date: item.date, ...now });
  }
  return points;
}

/**
 * The points with the last figures carried on to `now`, so the line of a part with one movement
 * (a single point, which a chart draws as a lone dot) is a visible step up to today.
 */
export function untilNow(points: readonly StockPoint[], now: string): StockPoint[] {
  const last = points[points.length - 1];
  if (!last || last.date >= now) return [...points];
  return [...points, { ...last, date: now, now: true }];
}
