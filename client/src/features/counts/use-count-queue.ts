/**
 * The page's side of sending counts (count-queue.ts): lines go one at a time in the order entered.
 * Offline the app's common queue keeps each line on the device and the line shows as "kept on this
 * device" until that queue has sent it. A send that failed with no answer and was not kept (a
 * gateway error, say) waits in the page for the network's return or the person's retry, same key.
 */
import type { CountEntryBody } from '@contract/counts.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { usePendingActions } from '../../offline/use-pending.ts';
import { drain, loadQueue, type QueuedCount, saveQueue, type SendOutcome, waitingCount } from './count-queue.ts';
import { useCountLine } from './use-count-line.ts';

const storage = (): Storage | undefined => (typeof window === 'undefined' ? undefined : window.localStorage);

/** A line the common queue holds for this count. */
export interface KeptCount {
  key: string;
  label: string;
  lineId: string | null;
  /** The server refused it on arrival: the Offline page offers what to do. */
  problem: string | null;
}

export interface CountQueue {
  /** Lines not yet answered, and refused ones (with `refused` set). */
  queue: QueuedCount[];
  waiting: number;
  /** Lines kept on this device, to be sent by the common queue. */
  kept: KeptCount[];
  /** True after a send failed for want of a network, until one goes through. */
  offline: boolean;
  sending: boolean;
  /** Sends lines in order (each gets its own key). */
  add: (entries: { body: CountEntryBody; label: string }[]) => void;
  retry: () => void;
  /** Drops a refused line the person has read. */
  dismiss: (key: string) => void;
}

export function useCountQueue(countId: string): CountQueue {
  // What an earlier version left in localStorage goes first, with its keys and times.
  const legacy = useRef<Set<string> | null>(null);
  const [queue, setQueue] = useState<QueuedCount[]>(() => {
    const stored = loadQueue(storage(), countId);
    legacy.current = new Set(stored.map((entry) => entry.key));
    return stored;
  });
  const current = useRef(queue);
  const [offline, setOffline] = useState(false);
  const [sending, setSending] = useState(false);
  const draining = useRef(false);
  const send = useCountLine(countId);
  const kept = useKeptCounts(countId);

  const write = useCallback(
    (next: QueuedCount[]) => {
      current.current = next;
      // Only the older version's lines stay in localStorage, each until it is answered or dismissed.
      const left = legacy.current;
      if (left && left.size > 0) {
        const stored = next.filter((entry) => left.has(entry.key));
        saveQueue(storage(), countId, stored);
        legacy.current = new Set(stored.map((entry) => entry.key));
      }
      setQueue(next);
    },
    [countId],
  );

  const sendOne = useCallback(
    async (entry: QueuedCount): Promise<SendOutcome> => {
      const outcome = await send(entry);
      if (outcome.kind === 'kept') kept.add(entry);
      return outcome;
    },
    [send, kept.add],
  );

  const flush = useCallback(async () => {
    if (draining.current) return;
    draining.current = true;
    setSending(true);
    try {
      const end = await drain(() => current.current, write, sendOne);
      setOffline(end === 'offline');
    } finally {
      draining.current = false;
      setSending(false);
    }
  }, [sendOne, write]);

  const add = useCallback(
    (entries: { body: CountEntryBody; label: string }[]) => {
      if (entries.length === 0) return;
      write([...current.current, ...entries.map((entry) => ({ ...entry, key: newIdempotencyKey(), refused: null }))]);
      void flush();
    },
    [flush, write],
  );

  const dismiss = useCallback((key: string) => write(current.current.filter((entry) => entry.key !== key)), [write]);

  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);

  return { queue, waiting: waitingCount(queue), kept: kept.list, offline, sending, add, retry: () => void flush(), dismiss };
}

/**
 * The lines of this count the common queue holds: those it lists now, and those this page handed
 * it that it has not listed yet. A line it listed and no longer lists was sent (or discarded).
 */
function useKeptCounts(countId: string) {
  const pending = usePendingActions();
  const [handed, setHanded] = useState<KeptCount[]>([]);
  const listed = useRef(new Set<string>());
  const path = `counts/${encodeURIComponent(countId)}/count`;
  const mine = useMemo(() => pending.filter((a) => a.kind === 'count-line' && a.url.includes(path)), [pending, path]);
  for (const action of mine) listed.current.add(action.id);

  const add = useCallback((entry: QueuedCount) => {
    setHanded((all) => [...all, { key: entry.key, label: entry.label, lineId: entry.body.line_id ?? null, problem: null }]);
  }, []);

  const list = useMemo(() => {
    const now = new Set(mine.map((a) => a.id));
    const fromQueue: KeptCount[] = mine.map((a) => {
      const body = a.body as Partial<CountEntryBody> | null;
      const ours = handed.find((h) => h.key === a.id);
      return {
        key: a.id,
        label: ours?.label ?? a.summary,
        lineId: body?.line_id ?? null,
        problem: a.status === 'attention' ? (a.problem?.message ?? null) : null,
      };
    });
    const notYetListed = handed.filter((h) => !now.has(h.key) && !listed.current.has(h.key));
    return [...fromQueue, ...notYetListed];
  }, [mine, handed]);

  return { list, add };
}
