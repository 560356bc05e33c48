/**
 * Post-commit wake-ups carrying the newest global position. On PostgreSQL the NOTIFY is raised by
 * a trigger on the events insert (migration 0005), so it is delivered on commit to every process
 * that listens; on PGlite (one process) it is emitted in memory after the commit. Either way it is
 * only a wake-up: consumers read the events themselves, from their checkpoint.
 */
import pg from 'pg';

export const LEDGER_CHANNEL = 'ledger_appended';

export type PositionListener = (position: number) => void;

export interface Notifier {
  /** Called after an appending transaction committed. */
  afterCommit(position: number): void;
  subscribe(listener: PositionListener): () => void;
  /** Resolves once notifications are being received (the LISTEN is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

class Listeners {
  private readonly set = new Set<PositionListener>();
  add(listener: PositionListener): () => void {
    this.set.add(listener);
    return () => this.set.delete(listener);
  }
  emit(position: number): void {
    for (const listener of this.set) listener(position);
  }
  get size(): number {
    return this.set.size;
  }
}

export function inProcessNotifier(): Notifier {
  const listeners = new Listeners();
  return {
    afterCommit: (position) => listeners.emit(position),
    subscribe: (listener) => listeners.add(listener),
    ready: async () => undefined,
    close: async () => undefined,
  };
}

/** LISTEN on a dedicated connection, reconnecting with a capped backoff when the server goes away. */
export function postgresNotifier(url: string): Notifier {
  const listeners = new Listeners();
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = 250;
  let connecting: Promise<void> | null = null;

  const connect = (): Promise<void> => {
    if (client || closed) return Promise.resolve();
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pg.Client({ connectionString: url });
      c.on('notification', (msg) => {
        const position = Number(msg.payload);
        if (Number.isFinite(position)) listeners.emit(position);
      });
      c.on('error', () => reconnect());
      c.on('end', () => reconnect());
      try {
        await c.connect();
        await c.query(`LISTEN ${LEDGER_CHANNEL}`);
        client = c;
        retryMs = 250;
      } catch {
        c.removeAllListeners('end');
        await c.end().catch(() => undefined);
        reconnect();
      }
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const reconnect = (): void => {
    if (closed) return;
    const old = client;
    client = null;
    old?.removeAllListeners('end');
    old?.end().catch(() => undefined);
    setTimeout(() => void connect(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, 5000);
  };

  return {
    // The events insert's trigger raised the NOTIFY, which reaches this process's LISTEN too.
    afterCommit: () => undefined,
    subscribe: (listener) => {
      const remove = listeners.add(listener);
      void connect();
      return remove;
    },
    ready: () => connect(),
    close: async () => {
      closed = true;
      const c = client;
      client = null;
      c?.removeAllListeners('end');
      await c?.end().catch(() => undefined);
    },
  };
}
