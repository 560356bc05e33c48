/**
 * The counted lines a phone has not sent yet. Counting goes on through short network losses: every
 * line entered waits here (and in localStorage, so a reload or a dead battery loses nothing) until
 * the server has answered it. Lines go one at a time in the order they were entered, each with the
 * Idempotency-Key it was given when entered, so a line resent after a lost answer is applied once.
 * A refusal is definite: the line keeps the server's message and is not sent again by itself.
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

export type SendOutcome = { kind: 'sent' } | { kind: 'refused'; message: string } | { kind: 'offline' };

export const queueStorageKey = (countId: string) => `stock-count-queue:${countId}`;

const isQueuedCount = (value: unknown): value is QueuedCount => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.key === 'string' && typeof entry.label === 'string' && typeof entry.body === 'object' && entry.body !== null;
};

/** The queue stored for a count; anything unreadable is dropped rather than sent. */
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
  if (outcome.kind === 'sent') return queue.filter((entry) => entry.key !== key);
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
