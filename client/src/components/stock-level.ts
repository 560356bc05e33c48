/**
 * Stock colouring (spec 01 §2), shared by the project dashboard and the warehouse inventory:
 * critical at or below zero or the critical threshold (red), low below the low threshold (yellow).
 */

export type StockLevel = 'critical' | 'low' | 'ok';

export function stockLevelOf(onHand: number, low: number, critical: number): StockLevel {
  if (onHand <= 0 || onHand <= critical) return 'critical';
  if (onHand < low) return 'low';
  return 'ok';
}

export const STOCK_LEVEL_COLORS: Record<StockLevel, string | null> = {
  critical: 'red',
  low: 'yellow',
  ok: null,
};

export const STOCK_LEVEL_LABELS: Record<StockLevel, string> = {
  critical: 'Critical stock',
  low: 'Low stock',
  ok: 'In stock',
};
