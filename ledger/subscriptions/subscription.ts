/**
 * Durable ledger subscriptions: a consumer that reads committed events in commit order, handles
 * each page in one transaction together with its checkpoint (exactly once: a page's effects and
 * the checkpoint past it commit together or not at all), resumes from the checkpoint after a
 * restart, and runs in one server process at a time.
 *
 * One at a time: a lease row names the process that runs the subscription. The holder re-reads it
 * under a row lock at the start of every page's transaction, so a process that lost its lease (it
 * stalled past the lease time and another took over) aborts instead of writing. Another process
 * stands by and takes over when the holder stops (it releases the lease) or stops renewing it.
 *
 * Wake-ups come from the store's notifier (NOTIFY on PostgreSQL, in memory on PGlite); a short
 * poll covers a lost wake-up and renews the lease while idle.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { sql } from 'kysely';
import type { EventStore, Trx } from '../event-store/event-store.ts';
import type { RecordedEvent } from '../event-store/types.ts';
import {
  committedHead,
  compareCheckpoints,
  ensureCheckpoint,
  type EraCheckpoint,
  type EventPlace,
  loadCheckpoint,
  type PageReader,
  readNextPage,
  saveCheckpoint,
} from './checkpoint.ts';
import { listEras } from './eras.ts';

export interface SubscriptionOptions<E extends EventPlace = RecordedEvent> {
  /** Unique per subscription: names its checkpoint and its lease. */
  name: string;
  /** Runs inside the page's transaction; whatever it writes commits with the checkpoint. */
  handle: (trx: Trx, events: E[]) => Promise<void>;
  /** Called after a page's transaction committed (to wake whatever reads what the handler wrote). */
  afterCommit?: (events: E[]) => void;
  /** Events per page (per transaction). */
  batchSize?: number;
  /** Where a subscription without a checkpoint begins: the first event, or the ledger's head now. */
  from?: 'start' | 'head';
  /** The fallback poll, and how often a standby process tries to take over. */
  pollMs?: number;
  /** How long a lease holds without renewal before another process may take over. */
  leaseMs?: number;
  /**
   * Commits wake the subscription at most this often (0: at each commit). Under a stream of
   * commands one page then takes many of them, instead of each commit costing the database a page
   * transaction of its own.
   */
  wakeEveryMs?: number;
  /** A failed page is rolled back and tried again on the next wake-up. */
  onError?: (error: unknown) => void;
}

export interface Subscription {
  /** Finishes the page in hand, releases the lease and stops listening. */
  stop(): Promise<void>;
  /** Resolves once everything committed before the call has been handled (by any process). */
  drained(): Promise<void>;
  /** Whether this process holds the lease now. */
  readonly active: boolean;
}

class LeaseLost extends Error {}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** A subscription to whole events. */
export function startSubscription(store: EventStore, options: SubscriptionOptions): Subscription {
  return startPagedSubscription(store, (trx, eras, from, limit) => readNextPage(store, trx, eras, from, limit), options);
}

/** A subscription whose pages `readPage` reads: whole events, or only what the handler needs of them. */
export function startPagedSubscription<E extends EventPlace>(store: EventStore, readPage: PageReader<E>, options: SubscriptionOptions<E>): Subscription {
  const { name, handle, batchSize = 200, from = 'start', pollMs = 1000, leaseMs = 15_000 } = options;
  const onError = options.onError ?? (() => undefined);
  const db = store.db;
  const holder = `${hostname()}:${process.pid}:${randomUUID()}`;
  let active = false;
  let stopped = false;
  let running: Promise<void> | null = null;
  let again = false;
  const roundListeners = new Set<() => void>();

  const acquire = async (): Promise<boolean> => {
    const { rows } = await sql<{ holder: string }>`
      insert into subscription_leases (name, holder, lease_until)
      values (${name}, ${holder}, now() + ${leaseMs} * interval '1 millisecond')
      on conflict (name) do update set holder = excluded.holder, lease_until = excluded.lease_until
       where subscription_leases.holder is null or subscription_leases.holder = excluded.holder
          or subscription_leases.lease_until < now()
      returning holder`.execute(db);
    if (rows.length === 0) return false;
    await db.transaction().execute(async (trx) => {
      if (await loadCheckpoint(trx, name)) return;
      const eras = await listEras(trx);
      const initial: EraCheckpoint = from === 'head' ? await committedHead(trx, eras, true) : { era: eras[0]!.era, transactionId: '0', globalPosition: 0 };
      await ensureCheckpoint(trx, name, initial);
    });
    return true;
  };

  /** One page in one transaction; true when another may follow at once (a full page, or a closed era). */
  const page = async (): Promise<boolean> => {
    let handled: E[] = [];
    const more = await db.transaction().execute(async (trx) => {
      const lease = await sql<{ holder: string | null }>`
        select holder from subscription_leases where name = ${name} for update`.execute(trx);
      if (lease.rows[0]?.holder !== holder) throw new LeaseLost();
      await sql`update subscription_leases set lease_until = now() + ${leaseMs} * interval '1 millisecond' where name = ${name}`.execute(trx);
      const checkpoint = await loadCheckpoint(trx, name);
      if (!checkpoint) throw new Error(`subscription ${name} has no checkpoint`);
      const next = await readPage(trx, await listEras(trx), checkpoint, batchSize);
      if ('nextEra' in next) {
        await saveCheckpoint(trx, name, next.nextEra);
        return true;
      }
      if (!('checkpoint' in next)) return false;
      await handle(trx, next.events);
      await saveCheckpoint(trx, name, next.checkpoint);
      handled = next.events;
      // A short page read everything committed: the next commit's wake-up brings the rest. Going on
      // at once would, under a steady stream of commands, run a page transaction per commit.
      return next.events.length >= batchSize;
    });
    if (handled.length > 0) options.afterCommit?.(handled);
    return more;
  };

  const round = async () => {
    if (!active) active = await acquire();
    while (active && !stopped) {
      try {
        if (!(await page())) return;
      } catch (error) {
        if (error instanceof LeaseLost) active = false;
        else throw error;
      }
    }
  };

  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = round()
      .catch(onError)
      .finally(() => {
        running = null;
        const listeners = [...roundListeners];
        roundListeners.clear();
        for (const listener of listeners) listener();
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const wakeEveryMs = options.wakeEveryMs ?? 0;
  let paced: NodeJS.Timeout | null = null;
  const stopListening = store.notifier.subscribe(() => {
    if (wakeEveryMs <= 0) wake();
    else
      paced ??= setTimeout(() => {
        paced = null;
        wake();
      }, wakeEveryMs);
  });
  const unsubscribe = () => {
    if (paced) clearTimeout(paced);
    stopListening();
  };
  const timer = setInterval(wake, pollMs);
  timer.unref();
  wake();

  return {
    get active() {
      return active;
    },
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await running;
      if (active) {
        active = false;
        await sql`update subscription_leases set holder = null, lease_until = now() where name = ${name} and holder = ${holder}`.execute(db);
      }
    },
    drained: async () => {
      const target = await committedHead(db, await listEras(db), false);
      for (;;) {
        if (stopped) throw new Error(`subscription ${name} stopped before it caught up`);
        const checkpoint = await loadCheckpoint(db, name);
        if (checkpoint && compareCheckpoints(checkpoint, target) >= 0) return;
        wake();
        // Another process may be the one doing the work: look again soon either way.
        await Promise.race([new Promise<void>((resolve) => roundListeners.add(resolve)), sleep(Math.min(pollMs, 50))]);
      }
    },
  };
}
