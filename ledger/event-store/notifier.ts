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
  /** Hears another NOTIFY channel (raised by triggers) on the same connection. */
  onChannel(channel: string, listener: () => void): () => void;
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

/** Subscribes to a channel of the embedded database; returns the way to stop. */
export type ChannelListen = (channel: string, listener: () => void) => Promise<() => Promise<void>>;

/** One process (PGlite): ledger wake-ups are emitted in memory; other channels come from the database's own LISTEN. */
export function inProcessNotifier(listen?: ChannelListen): Notifier {
  const listeners = new Listeners();
  const stops: Array<Promise<() => Promise<void>>> = [];
  return {
    afterCommit: (position) => listeners.emit(position),
    subscribe: (listener) => listeners.add(listener),
    onChannel: (channel, listener) => {
      if (!listen) return () => undefined;
      const stop = listen(channel, listener);
      stops.push(stop);
      return () => void stop.then((s) => s()).catch(() => undefined);
    },
    ready: async () => {
      await Promise.all(stops);
    },
    close: async () => {
      await Promise.all(stops.map((s) => s.then((stop) => stop()).catch(() => undefined)));
    },
  };
}

/** LISTEN on a dedicated connection, reconnecting with a capped backoff when the server goes away. */
export function postgresNotifier(url: string): Notifier {
  const listeners = new Listeners();
  const channels = new Map<string, Set<() => void>>();
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
        if (msg.channel !== LEDGER_CHANNEL) {
          for (const listener of channels.get(msg.channel) ?? []) listener();
          return;
        }
        const position = Number(msg.payload);
        if (Number.isFinite(position)) listeners.emit(position);
      });
      c.on('error', () => reconnect());
      c.on('end', () => reconnect());
      try {
        await c.connect();
        await c.query(`LISTEN ${LEDGER_CHANNEL}`);
        for (const channel of channels.keys()) await c.query(`LISTEN ${channel}`);
        client = c;
        retryMs = 250;
        // Whatever was missed while the connection was down: every channel listener starts afresh.
        for (const set of channels.values()) for (const listener of set) listener();
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
    onChannel: (channel, listener) => {
      if (!/^[a-z_]+$/.test(channel)) throw new Error(`channel names are lower-case words: ${channel}`);
      let set = channels.get(channel);
      if (!set) {
        set = new Set();
        channels.set(channel, set);
        void client?.query(`LISTEN ${channel}`).catch(() => reconnect());
      }
      set.add(listener);
      void connect();
      return () => set.delete(listener);
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
