/**
 * The last scans of this browser session (spec: the last five kept in the session), newest first,
 * each with what it found so the list reads without looking anything up again.
 */
import { useSessionStorage } from '@mantine/hooks';
import { useCallback } from 'react';
import { SCAN_RECENT } from '@contract/scan-code.ts';

export interface RecentScan {
  code: string;
  /** What it found: a match's title, "2 matches", or the "No match for …" message. */
  found: string;
  at: string;
}

export const RECENT_SCANS_KEY = 'stockledger.recentScans';

/** The list with `scan` on top; the same code scanned again moves up rather than repeating. */
export function withRecent(list: readonly RecentScan[], scan: RecentScan): RecentScan[] {
  return [scan, ...list.filter((s) => s.code !== scan.code)].slice(0, SCAN_RECENT);
}

const isRecentList = (value: unknown): value is RecentScan[] =>
  Array.isArray(value) && value.every((s) => typeof s === 'object' && s !== null && typeof s.code === 'string' && typeof s.found === 'string');

export function useRecentScans(): [RecentScan[], (scan: RecentScan) => void] {
  const [stored, setStored] = useSessionStorage<unknown>({ key: RECENT_SCANS_KEY, defaultValue: [], getInitialValueInEffect: false });
  // Anything else in the slot (an older shape, a hand edit) reads as no scans yet.
  const list = isRecentList(stored) ? stored : [];
  const add = useCallback((scan: RecentScan) => setStored((current: unknown) => withRecent(isRecentList(current) ? current : [], scan)), [setStored]);
  return [list, add];
}
