/**
 * The sealer: a durable subscription (one active process across all of them, checkpointed with
 * its writes) that gives every committed event its ledger_seq and chain hash after the command has
 * committed, never on the command's path. The process holding the subscription also signs a
 * checkpoint every few seconds while the chain grows; any process can ask for one now.
 */
import { sql } from 'kysely';
import type { Checkpoint } from '../../contract/ledger.ts';
import type { EventStore } from '../event-store/event-store.ts';
import { readNextHeaderPage } from '../subscriptions/checkpoint.ts';
import { startPagedSubscription, type Subscription } from '../subscriptions/subscription.ts';
import { type SealState, sealPage, writeCheckpoint } from './seal-page.ts';
import { latestCheckpoint, sealHead } from './seal-store.ts';
import type { SigningKey } from './signing-key.ts';

export const SEALER_SUBSCRIPTION = 'ledger-seal';

export interface SealerOptions {
  key: SigningKey;
  /** How often the active sealer signs the chain's head when it has grown. */
  checkpointEveryMs?: number;
  /** Events sealed per transaction. */
  batchSize?: number;
  pollMs?: number;
  /**
   * Commits wake the sealer at most this often: under a stream of commands one page then seals
   * many of them, instead of each commit costing the database a page transaction of its own.
   */
  wakeEveryMs?: number;
  onError?: (error: unknown) => void;
}

export interface Sealer {
  /** Seals everything committed before the call (whichever process seals), then signs the head. */
  checkpointNow(): Promise<Checkpoint | null>;
  /** Resolves once everything committed before the call is sealed. */
  drained(): Promise<void>;
  readonly active: boolean;
  stop(): Promise<void>;
}

export function startSealer(store: EventStore, options: SealerOptions): Sealer {
  const onError = options.onError ?? (() => undefined);
  let state: SealState | null = null;
  // Sealing needs each event's place and hash, never its payload: reading only those keeps the
  // sealer's share of the server and the database small beside the commands it follows.
  const subscription: Subscription = startPagedSubscription(store, readNextHeaderPage, {
    wakeEveryMs: options.wakeEveryMs ?? 500,
    name: SEALER_SUBSCRIPTION,
    batchSize: options.batchSize ?? 2000,
    pollMs: options.pollMs ?? 500,
    onError,
    handle: async (trx, events) => {
      // The page's commit need not wait for its WAL flush: a page lost in a crash goes with its
      // checkpoint and is sealed again, to the same values, and a signed checkpoint commits (and
      // so flushes) only after the pages it covers.
      await sql`set local synchronous_commit = off`.execute(trx);
      // A page that rolls back leaves `state` ahead of the table; sealPage then reads the head afresh.
      state = await sealPage(trx, events, state);
    },
  });

  let signedSeq: number | null = null;
  let signing: Promise<Checkpoint | null> | null = null;
  const sign = (): Promise<Checkpoint | null> => {
    signing ??= writeCheckpoint(store.db, options.key).finally(() => {
      signing = null;
    });
    return signing;
  };
  const tick = async () => {
    if (!subscription.active) return;
    signedSeq ??= (await latestCheckpoint(store.db))?.ledger_seq ?? 0;
    const head = await sealHead(store.db);
    if (head.seq <= signedSeq) return;
    signedSeq = (await sign())?.ledger_seq ?? signedSeq;
  };
  const timer = setInterval(() => tick().catch(onError), options.checkpointEveryMs ?? 5000);
  timer.unref();

  return {
    get active() {
      return subscription.active;
    },
    drained: () => subscription.drained(),
    checkpointNow: async () => {
      await subscription.drained();
      return sign();
    },
    stop: async () => {
      clearInterval(timer);
      await signing;
      await subscription.stop();
    },
  };
}
