/**
 * The answers a crew needs with no signal, kept per signed-in user in their own IndexedDB
 * database (db.ts): who they are, their projects, each project's inventory, its assignees and
 * assignable figures, its asset lists. Each GET answer of those screens is saved as it arrives;
 * when the network fails (or the browser says it is offline) the same GET is answered from the
 * saved copy, and the offline slice records the time of that copy so the screen can say "as of".
 */
import type { FetchArgs } from '@reduxjs/toolkit/query';
import { resolveRequestUrl } from '../api/base-query.ts';
import { offlineDb, type SavedRead } from './db.ts';

/** The paths whose answers are kept (the query string is part of the key). */
const SAVED_PATHS: readonly RegExp[] = [
  /^\/api\/users\/me$/,
  // The maintenance check every signed-in page waits for.
  /^\/api\/site\/public-settings$/,
  /^\/api\/projects$/,
  /^\/api\/projects\/[^/]+$/,
  /^\/api\/projects\/[^/]+\/(?:my-role|assignable-users|settings)$/,
  /^\/api\/users\/project\/[^/]+$/,
  /^\/api\/inventory\/materials$/,
  // The material catalogue: the parts a receive or assign picks from.
  /^\/api\/materials$/,
  /^\/api\/materials\/(?:assignees|max-assignable)$/,
  /^\/api\/assets\/inventory\/project\/[^/]+$/,
  /^\/api\/assets\/instances$/,
  // What the scan page's batch needs to receive serials: where to, and as what.
  /^\/api\/warehouses$/,
  /^\/api\/assets\/catalog$/,
  // A counter's session and lines, to count with no signal.
  /^\/api\/counts$/,
  /^\/api\/counts\/[^/]+(?:\/lines)?$/,
];

/** The store's bounds: past either, the oldest copies go first. */
export const READ_CACHE_LIMITS = { maxChars: 8_000_000, maxEntries: 300 } as const;

/**
 * The key of a GET: its path and query as the browser sends it, whatever base URL the base query
 * has; null when its answer is not one that is kept.
 */
export function savedReadKey(args: string | FetchArgs, baseUrl = '/'): string | null {
  const url = new URL(resolveRequestUrl(baseUrl, args), 'http://localhost');
  const path = url.pathname.replace(/\/+$/, '');
  return SAVED_PATHS.some((p) => p.test(path)) ? `${path}${url.search}` : null;
}

export interface ReadCache {
  save(userId: string, url: string, data: unknown, savedAt?: number): Promise<void>;
  load(userId: string, url: string): Promise<SavedRead | undefined>;
}

/** Drops the oldest copies until the store is within its limits. */
async function evict(userId: string, limits: { maxChars: number; maxEntries: number }): Promise<void> {
  const db = await offlineDb(userId);
  const tx = db.transaction('reads', 'readwrite');
  const all = await tx.store.index('savedAt').getAll();
  let chars = all.reduce((sum, read) => sum + read.size, 0);
  let entries = all.length;
  for (const read of all) {
    if (chars <= limits.maxChars && entries <= limits.maxEntries) break;
    await tx.store.delete(read.url);
    chars -= read.size;
    entries -= 1;
  }
  await tx.done;
}

/** The IndexedDB-backed cache; `limits` only differ in tests. */
export function indexedDbReadCache(limits: { maxChars: number; maxEntries: number } = READ_CACHE_LIMITS): ReadCache {
  return {
    async save(userId, url, data, savedAt = Date.now()) {
      const size = JSON.stringify(data ?? null).length;
      // One answer over the whole budget would only push everything else out.
      if (size > limits.maxChars) return;
      const db = await offlineDb(userId);
      await db.put('reads', { url, data, savedAt, size });
      await evict(userId, limits);
    },
    async load(userId, url) {
      const db = await offlineDb(userId);
      return db.get('reads', url);
    },
  };
}

/** The browser's cache, or none where there is no IndexedDB (Node tests, old browsers). */
export function defaultReadCache(): ReadCache | null {
  return typeof indexedDB === 'undefined' ? null : indexedDbReadCache();
}
