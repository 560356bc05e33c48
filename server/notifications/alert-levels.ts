/**
 * Stock alert levels of a project part (spec 01 §2 colouring): critical at or below zero or at or
 * below the critical threshold, low below the low threshold, else ok. A part's own thresholds win,
 * then the project's defaults, then the site defaults (15 and 0), as on the inventory screen.
 */
import { DEFAULT_CRITICAL_THRESHOLD, DEFAULT_LOW_THRESHOLD } from '../../ledger/stock-item/stock-numbers.ts';

export type AlertLevel = 'ok' | 'low' | 'critical';

export interface Thresholds {
  low: number;
  critical: number;
}

export interface ThresholdSettings {
  low_threshold: number | null;
  critical_threshold: number | null;
  low_stock_default: number | null;
  critical_stock_default: number | null;
}

export function effectiveThresholds(settings: ThresholdSettings | undefined): Thresholds {
  return {
    low: Number(settings?.low_threshold ?? settings?.low_stock_default ?? DEFAULT_LOW_THRESHOLD),
    critical: Number(settings?.critical_threshold ?? settings?.critical_stock_default ?? DEFAULT_CRITICAL_THRESHOLD),
  };
}

export function alertLevel(onHand: number, thresholds: Thresholds): AlertLevel {
  if (onHand <= 0 || onHand <= thresholds.critical) return 'critical';
  if (onHand < thresholds.low) return 'low';
  return 'ok';
}

const SEVERITY: Record<AlertLevel, number> = { ok: 0, low: 1, critical: 2 };

/** A crossing is a move to a worse level; staying at a level, or recovering, is not. */
export const isCrossing = (from: AlertLevel, to: AlertLevel): boolean => SEVERITY[to] > SEVERITY[from];
