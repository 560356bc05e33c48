/**
 * The page's side of the count queue: lines entered are stored at once and sent in order; a lost
 * network stops the sending until the browser says it is back (`online`) or the person presses
 * retry. Only one drain runs at a time, so lines never overtake each other.
 */
import type { CountEntryBody } from '@contract/counts.ts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { newIdempotencyKey, outcomeUncertain } from '../../api/idempotency.ts';
import { drain, loadQueue, type QueuedCount, saveQueue, type SendOutcome, waitingCount } from './count-queue.ts';
import { useCountLineMutation } from './counts-api.ts';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

export const SEND_FAILED = 'The count could not be sent.';

export interface CountQueue {
  queue: QueuedCount[];
  waiting: number;
  /** True after a send failed for want of a network, until one goes through. */
  offline: boolean;
  sending: boolean;
  /** Queues lines (each gets its own key) and starts sending. */
  add: (entries: { body: CountEntryBody; label: string }[]) => void;
  retry: () => void;
  /** Drops a refused line the person has read. */
  dismiss: (key: string) => void;
}

export function useCountQueue(countId: string): CountQueue {
  const [queue, setQueue] = useState<QueuedCount[]>(() => loadQueue(storage(), countId));
  const current = useRef(queue);
  const [offline, setOffline] = useState(false);
  const [sending, setSending] = useState(false);
  const draining = useRef(false);
  const [countLine] = useCountLineMutation();

  const write = useCallback(
    (next: QueuedCount[]) => {
      current.current = next;
      saveQueue(storage(), countId, next);
      setQueue(next);
    },
    [countId],
  );

  const send = useCallback(
    async (entry: QueuedCount): Promise<SendOutcome> => {
      const result = await countLine({ id: countId, key: entry.key, body: entry.body });
      if (!result.error) return { kind: 'sent' };
      if (outcomeUncertain(result.error)) return { kind: 'offline' };
      return { kind: 'refused', message: messageOr(result.error, SEND_FAILED) };
    },
    [countId, countLine],
  );

  const flush = useCallback(async () => {
    if (draining.current) return;
    draining.current = true;
    setSending(true);
    try {
      const end = await drain(() => current.current, write, send);
      setOffline(end === 'offline');
    } finally {
      draining.current = false;
      setSending(false);
    }
  }, [send, write]);

  const add = useCallback(
    (entries: { body: CountEntryBody; label: string }[]) => {
      if (entries.length === 0) return;
      write([...current.current, ...entries.map((entry) => ({ ...entry, key: newIdempotencyKey(), refused: null }))]);
      void flush();
    },
    [flush, write],
  );

  const dismiss = useCallback((key: string) => write(current.current.filter((entry) => entry.key !== key)), [write]);

  // Lines left from an earlier visit go first; the network's return sends what waited.
  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  return { queue, waiting: waitingCount(queue), offline, sending, add, retry: () => void flush(), dismiss };
}
