/**
 * "Offline copy · as of 27 Nov 10:42": shown where a screen's answer came from the copy saved on
 * this device (read-cache.ts) rather than from the server, with the time the server gave it. A
 * screen names its query the way its endpoint does (a path, or a path with params); figures
 * inside an `AsOfScope` read the time to carry it in their title.
 */
import { Badge } from '@mantine/core';
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { createContext, type ReactNode, useContext } from 'react';
import type { RootState } from '../shared/root-reducer.ts';
import { useAppSelector } from '../shared/hooks.ts';
import { savedReadKey } from './read-cache.ts';

export type SavedQuery = string | FetchArgs | null | undefined;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (n: number) => String(n).padStart(2, '0');

/** "27 Nov 10:42" in the device's time zone; the year only when it is not this one. */
export function formatAsOf(savedAt: number, now = Date.now()): string {
  const at = new Date(savedAt);
  const year = at.getFullYear() === new Date(now).getFullYear() ? '' : ` ${at.getFullYear()}`;
  return `${at.getDate()} ${MONTHS[at.getMonth()]}${year} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export const asOfText = (savedAt: number): string => `Offline copy · as of ${formatAsOf(savedAt)}`;

/** When the answers on screen were saved, if any came from the device's copy: the oldest of them. */
export function selectSavedAt(state: RootState, queries: readonly SavedQuery[]): number | null {
  let oldest: number | null = null;
  for (const query of queries) {
    const key = query ? savedReadKey(query) : null;
    const savedAt = key ? state.offline.savedReads[key] : undefined;
    if (savedAt !== undefined && (oldest === null || savedAt < oldest)) oldest = savedAt;
  }
  return oldest;
}

export function useSavedAt(...queries: SavedQuery[]): number | null {
  return useAppSelector((state) => selectSavedAt(state, queries));
}

/** The note itself; nothing when the answers came from the server. */
export function AsOfNote({ queries, savedAt }: { queries?: readonly SavedQuery[]; savedAt?: number | null }) {
  const fromQueries = useSavedAt(...(queries ?? []));
  const at = savedAt ?? fromQueries;
  if (at === null) return null;
  return (
    <Badge
      variant="light"
      color="orange"
      radius="sm"
      tt="none"
      data-testid="as-of-note"
      title={`Shown from this device's copy, as the server gave it at ${formatAsOf(at)}`}
    >
      {asOfText(at)}
    </Badge>
  );
}

const AsOfContext = createContext<number | null>(null);

/** Gives the figures inside the time of the copy they show (null: they are the server's own). */
export function AsOfScope({ savedAt, children }: { savedAt: number | null; children: ReactNode }) {
  return <AsOfContext.Provider value={savedAt}>{children}</AsOfContext.Provider>;
}

/** For a figure's title: "Offline copy · as of …", or undefined when it is live. */
export function useAsOfTitle(): string | undefined {
  const savedAt = useContext(AsOfContext);
  return savedAt === null ? undefined : asOfText(savedAt);
}
