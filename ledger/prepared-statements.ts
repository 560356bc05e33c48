/**
 * The statements a server runs over and over (a batch's load, the event insert, each projection's
 * write) are prepared on each connection once and after that only bound and executed, so
 * PostgreSQL neither parses nor plans them again: for a batch of receives that was a third of the
 * database's work. A text is prepared once it has been seen a few times, and each connection keeps
 * a bounded number, so one-off texts (an `in` list of some length) never pile up in the backends.
 * It sits between Kysely and the `pg` pool as the pool Kysely's dialect is given.
 */
import { createHash } from 'node:crypto';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

export interface PreparedStatementOptions {
  /** Runs of a text before it is prepared. */
  after?: number;
  /** Prepared statements per connection. */
  perConnection?: number;
}

/** The one call of `pg`'s client beyond what Kysely uses: a query with a statement name. */
interface NamedQueries {
  query<R>(config: { name: string; text: string; values: unknown[] }): Promise<PostgresQueryResult<R>>;
}

/** A pooled connection that runs the texts `nameOf` names as prepared statements. */
class PreparingClient implements PostgresPoolClient {
  constructor(
    private readonly client: pg.PoolClient,
    private readonly nameOf: (text: string) => string | null,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(sqlOrCursor: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    const plain: PostgresPoolClient = this.client;
    const named: NamedQueries = this.client;
    // Cursors, and texts without parameters, pass through as they are.
    if (typeof sqlOrCursor !== 'string') return plain.query(sqlOrCursor);
    const name = parameters.length > 0 ? this.nameOf(sqlOrCursor) : null;
    if (!name) return plain.query<R>(sqlOrCursor, parameters);
    return named.query<R>({ name, text: sqlOrCursor, values: [...parameters] });
  }

  release(): void {
    this.client.release();
  }
}

export function preparingPool(pool: pg.Pool, options: PreparedStatementOptions = {}): PostgresPool {
  const after = options.after ?? 3;
  const perConnection = options.perConnection ?? 200;
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  // pg hands back the same client object for the same connection, so its prepared texts stay with it.
  const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();
  const nameOf = (prepared: Set<string>, text: string): string | null => {
    if (!prepared.has(text)) {
      const runs = (seen.get(text) ?? 0) + 1;
      // Counting stays bounded too: a flood of distinct texts starts the count afresh.
      if (seen.size >= 10_000) seen.clear();
      seen.set(text, runs);
      if (runs < after || prepared.size >= perConnection) return null;
      prepared.add(text);
    }
    let name = names.get(text);
    if (!name) {
      name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let prepared = preparedOn.get(client);
      if (!prepared) {
        prepared = new Set();
        preparedOn.set(client, prepared);
        // PostgreSQL ending a connection while it is checked out between two statements (a restart,
        // an administrator's command) comes as an 'error' event, which the pool listens for only on
        // idle connections; unheard it would end the process. The next statement on it fails
        // instead, and the pool drops it when it is released.
        client.on('error', () => undefined);
      }
      const own = prepared;
      return new PreparingClient(client, (text) => nameOf(own, text));
    },
    end: () => pool.end(),
  };
}
