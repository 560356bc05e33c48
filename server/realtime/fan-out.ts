/**
 * Follows the ledger in commit order from this process's start and hands each batch's changes to
 * the connected browsers. A NOTIFY (from any process) wakes it; a short poll covers a lost wake-up.
 * Its place is only a cursor for pushing hints, so it lives in memory: browsers refetch on connect.
 */
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { START_CHECKPOINT, type Checkpoint, type RecordedEvent } from '../../ledger/event-store/types.ts';
import { type Selectable, sql } from 'kysely';
import type { EventsTable } from '../../migrations/schema.ts';
import { mergeChanges, type Change } from './topics.ts';

export interface FanOut {
  /** Called when the first listener arrives: follow the ledger from its head again. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * With nobody listening it reads nothing: a browser that connects refetches what it shows anyway, so
 * the cursor simply starts again from the ledger's head when the first one arrives.
 */
export async function startFanOut(
  store: EventStore,
  deliver: (changes: Change[], events: RecordedEvent[]) => void,
  listening: () => boolean = () => true,
  pollMs = 2000,
): Promise<FanOut> {
  const head = async (): Promise<Checkpoint> => {
    // Raw SQL: the transaction id is an xid8, read as text.
    const { rows } = await sql<Pick<Selectable<EventsTable>, 'transaction_id' | 'global_position'>>`
      select transaction_id::text, global_position from events order by global_position desc limit 1`.execute(store.db);
    return rows[0] ? { transactionId: rows[0].transaction_id, globalPosition: Number(rows[0].global_position) } : START_CHECKPOINT;
  };
  let checkpoint: Checkpoint = await head();
  let idle = false;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;

  const drain = async () => {
    if (!listening()) {
      idle = true;
      return;
    }
    if (idle) {
      idle = false;
      checkpoint = await head();
    }
    for (;;) {
      const page = await store.readAllSafe(checkpoint, 500);
      if (page.length === 0) return;
      const last = page[page.length - 1]!;
      checkpoint = { transactionId: last.transactionId, globalPosition: last.globalPosition };
      const changes = mergeChanges(page);
      if (changes.length > 0) deliver(changes, page);
    }
  };
  const wake = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch(() => undefined)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          wake();
        }
      });
  };

  const unsubscribe = store.notifier.subscribe(wake);
  const timer = setInterval(wake, pollMs);
  timer.unref();
  return {
    resume: async () => {
      if (!idle) return;
      idle = false;
      checkpoint = await head();
    },
    stop: async () => {
      stopped = true;
      unsubscribe();
      clearInterval(timer);
      await running;
    },
  };
}
