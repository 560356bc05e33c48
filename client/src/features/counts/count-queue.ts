/**
 * The counted lines this page has not yet handed over. A line entered is sent at once, in the
 * order entered, each with the Idempotency-Key it was given when entered and `counted_at` = when
 * it was counted. Offline, the app's common queue keeps it on the device (the answer is "kept") and
 * sends it later; a refusal is definite: the line keeps the server's message and is not sent again.
 *
 * The page once kept its own queue in localStorage; what an older version left there is read once
 * and sent the same way (keys and times unchanged), leaving storage only as each line is answered.
 */
import type { CountEntryBody } from '@contract/counts.ts';

export interface QueuedCount {
  /** The Idempotency-Key, made once when the line was entered and kept through every resend. */
  key: string;
  body: CountEntryBody;
  /** How the line reads to the person: "Line 3 · PN-100 at Bin A". */
  label: string;
  /** The server's refusal; a refused line waits for the person, not for the network. */
  refused: string | null;
}

/** 'kept': the common offline queue took it (it is on the device and will be sent from there). */
export type SendOutcome = { kind: 'sent' } | { kind: 'kept' } | { kind: 'refused'; message: string } | { kind: 'offline' };

/** Where the page's own queue of an earlier version kept a count's lines. */
export const queueStorageKey = (countId: string) => `stock-count-queue:${countId}`;

const isQueuedCount = (value: unknown): value is QueuedCount => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.key === 'string' && typeof entry.label === 'string' && typeof entry.body === 'object' && entry.body !== null;
};

/** The lines an earlier version stored for a count; anything unreadable is dropped rather than sent. */
export function loadQueue(storage: Pick<Storage, 'getItem'> | undefined, countId: string): QueuedCount[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(queueStorageKey(countId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isQueuedCount).map((entry) => ({ ...entry, refused: entry.refused ?? null })) : [];
  } catch {
    return [];
  }
}

export function saveQueue(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, countId: string, queue: readonly QueuedCount[]): void {
  try {
    if (queue.length === 0) storage?.removeItem(queueStorageKey(countId));
    else storage?.setItem(queueStorageKey(countId), JSON.stringify(queue));
  } catch {
    // A full or blocked storage still leaves the queue in the page.
  }
}

/** The next line to send: the first one the server has not refused. */
export const nextToSend = (queue: readonly QueuedCount[]): QueuedCount | undefined => queue.find((entry) => entry.refused === null);

/** Lines still to be sent (refused ones are the person's to look at, not waiting). */
export const waitingCount = (queue: readonly QueuedCount[]): number => queue.filter((entry) => entry.refused === null).length;

/** The queue after one answer to `key`. */
export function settle(queue: readonly QueuedCount[], key: string, outcome: SendOutcome): QueuedCount[] {
  if (outcome.kind === 'offline') return [...queue];
  if (outcome.kind === 'sent' || outcome.kind === 'kept') return queue.filter((entry) => entry.key !== key);
  return queue.map((entry) => (entry.key === key ? { ...entry, refused: outcome.message } : entry));
}

/**
 * Sends the waiting lines in order until none is left or the network fails. `read` gives the
 * queue as it is now (lines entered meanwhile are sent too), `write` stores the next one.
 */
export async function drain(
  read: () => readonly QueuedCount[],
  write: (queue: QueuedCount[]) => void,
  send: (entry: QueuedCount) => Promise<SendOutcome>,
): Promise<'done' | 'offline'> {
  for (;;) {
    const entry = nextToSend(read());
    if (!entry) return 'done';
    const outcome = await send(entry);
    write(settle(read(), entry.key, outcome));
    if (outcome.kind === 'offline') return 'offline';
  }
}
