/**
 * Fixed-window counters kept in the database, so every server process counts the same hits.
 */
import { sql } from 'kysely';
import type { Db } from '../../ledger/database.ts';

export interface RateLimitVerdict {
  allowed: boolean;
  retryAfterSeconds: number;
}

const windowStartOf = (now: Date, windowMs: number) => new Date(Math.floor(now.getTime() / windowMs) * windowMs);

export async function hitRateLimit(db: Db, bucket: string, limit: number, windowSeconds: number, now = new Date()): Promise<RateLimitVerdict> {
  const windowMs = windowSeconds * 1000;
  const windowStart = windowStartOf(now, windowMs);
  const row = await db
    .insertInto('rate_limits')
    .values({ bucket, window_start: windowStart })
    .onConflict((oc) => oc.columns(['bucket', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
    .returning('hits')
    .executeTakeFirstOrThrow();
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now.getTime()) / 1000));
  return { allowed: row.hits <= limit, retryAfterSeconds };
}

/** Takes back one hit of the current window, for an attempt that turned out not to count. */
export async function forgiveRateLimitHit(db: Db, bucket: string, windowSeconds: number, now = new Date()): Promise<void> {
  const windowStart = windowStartOf(now, windowSeconds * 1000);
  await db.updateTable('rate_limits').set({ hits: sql`greatest(hits - 1, 0)` }).where('bucket', '=', bucket).where('window_start', '=', windowStart).execute();
}

export async function clearRateLimit(db: Db, bucket: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('bucket', '=', bucket).execute();
}

/** Old windows are useless; dropping them keeps the table small. */
export async function pruneRateLimits(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_limits').where('window_start', '<', olderThan).execute();
}
