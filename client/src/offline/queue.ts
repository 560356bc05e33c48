/**
 * The signed-in user's queue of field actions kept on this device (db.ts `queue`). Every change is
 * announced to this page's subscribers and, through a BroadcastChannel, to the user's other tabs,
 * so the header's count and the "On this device" page stay current wherever the change was made.
 */
import { deleteOfflineDb, offlineDb } from './db.ts';
import { describeCall } from './describe.ts';
import type { QueuedAction } from './queued.ts';

/** `gone`: the user's store was deleted (logout); reading it again would create it afresh. */
type Listener = (userId: string, gone: boolean) => void;

const CHANNEL = 'stockledger-offline-queue';
const listeners = new Set<Listener>();
let channel: BroadcastChannel | null | undefined;

function broadcast(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
    channel?.addEventListener('message', (event: MessageEvent<{ userId?: unknown; gone?: unknown }>) => {
      if (typeof event.data?.userId === 'string') tell(event.data.userId, event.data.gone === true);
    });
  }
  return channel;
}

function tell(userId: string, gone: boolean): void {
  for (const listener of [...listeners]) listener(userId, gone);
}

function changed(userId: string, gone = false): void {
  tell(userId, gone);
  broadcast()?.postMessage({ userId, gone });
}

/** Called with the user's id whenever their queue changes, here or in another tab. */
export function subscribeQueue(listener: Listener): () => void {
  broadcast();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export interface EnqueueInput {
  userId: string;
  /** The call's Idempotency-Key: the queued action keeps it, so the server applies it at most once. */
  id: string;
  method: QueuedAction['method'];
  /** Path and query. */
  url: string;
  body: unknown;
  /** Defaults to now. */
  occurredAt?: string;
}

/** Keeps a call on the device, after every action already queued. */
export async function enqueue(input: EnqueueInput): Promise<QueuedAction> {
  const described = describeCall(input.url, input.body);
  if (!described) throw new Error(`${input.method} ${input.url} cannot be kept offline`);
  const db = await offlineDb(input.userId);
  const tx = db.transaction('queue', 'readwrite');
  // Read and write in one transaction: two tabs queueing at once still get distinct, increasing seqs.
  const last = await tx.store.index('seq').openCursor(null, 'prev');
  const existing = await tx.store.get(input.id);
  const action: QueuedAction = existing ?? {
    id: input.id,
    seq: (last?.value.seq ?? 0) + 1,
    userId: input.userId,
    projectId: described.projectId,
    warehouseId: described.warehouseId,
    kind: described.kind,
    method: input.method,
    url: input.url,
    body: input.body,
    occurredAt: input.occurredAt ?? new Date().toISOString(),
    status: 'pending',
    attempts: 0,
    problem: null,
    summary: described.summary,
  };
  if (!existing) await tx.store.put(action);
  await tx.done;
  changed(input.userId);
  return action;
}

/** The user's queued actions in the order they are sent. */
export async function listActions(userId: string): Promise<QueuedAction[]> {
  const db = await offlineDb(userId);
  return db.getAllFromIndex('queue', 'seq');
}

export async function getAction(userId: string, id: string): Promise<QueuedAction | undefined> {
  return (await offlineDb(userId)).get('queue', id);
}

/** Writes an action back (status, attempts, problem). */
export async function updateAction(action: QueuedAction): Promise<void> {
  await (await offlineDb(action.userId)).put('queue', action);
  changed(action.userId);
}

export async function removeAction(userId: string, id: string): Promise<void> {
  await (await offlineDb(userId)).delete('queue', id);
  changed(userId);
}

/**
 * Puts a changed body in place of a refused action: a new Idempotency-Key (a different payload
 * must never reuse the old one), the same place in the queue and the same Occurred-At.
 */
export async function replaceAction(old: QueuedAction, body: unknown, newId: string): Promise<QueuedAction> {
  const described = describeCall(old.url, body);
  const next: QueuedAction = {
    ...old,
    id: newId,
    body,
    summary: described?.summary ?? old.summary,
    status: 'pending',
    attempts: 0,
    problem: null,
  };
  const db = await offlineDb(old.userId);
  const tx = db.transaction('queue', 'readwrite');
  await tx.store.delete(old.id);
  await tx.store.put(next);
  await tx.done;
  changed(old.userId);
  return next;
}

/** Empties the queue, keeping the database (and the saved reads). */
export async function clearQueue(userId: string): Promise<void> {
  await (await offlineDb(userId)).clear('queue');
  changed(userId);
}

/** Deletes the user's whole offline store (logout) and tells the other tabs. */
export async function forgetUser(userId: string): Promise<void> {
  await deleteOfflineDb(userId);
  changed(userId, true);
}

/** True when actions wait to be sent: a new one must queue behind them to keep the order. */
export async function hasUnsent(userId: string): Promise<boolean> {
  const actions = await listActions(userId);
  return actions.some((a) => a.status !== 'attention');
}

export function countActions(actions: readonly QueuedAction[]): { pending: number; attention: number } {
  const attention = actions.filter((a) => a.status === 'attention').length;
  return { pending: actions.length - attention, attention };
}
