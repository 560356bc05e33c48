/**
 * The statements a server runs over and over (a batch's load, the event insert, each projection's
 * write) are prepared on each connection once and after that only bound and executed, so
 * PostgreSQL neither parses nor plans them again: for a batch of receives that was a third of the
 * database's work. A text is prepared once it has been seen a few times, and each connection keeps
 * a bounded number, so one-off texts (an `in` list of some length) never pile up in the backends.
 */
import { createHash } from 'node:crypto';
import type pg from 'pg';

export interface PreparedStatementOptions {
  /** Runs of a text before it is prepared. */
  after?: number;
  /** Prepared statements per connection. */
  perConnection?: number;
}

type Query = (...args: unknown[]) => unknown;

export function prepareRepeatedStatements(pool: pg.Pool, options: PreparedStatementOptions = {}): void {
  const after = options.after ?? 3;
  const perConnection = options.perConnection ?? 200;
  const seen = new Map<string, number>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `s_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as Query;
    const prepared = new Set<string>();
    const wrapped: Query = (text, values, callback) => {
      // Only plain parameterized texts; query objects (cursors, named queries) pass through as they are.
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return query(text, values, callback);
      if (!prepared.has(text)) {
        const runs = (seen.get(text) ?? 0) + 1;
        // Counting stays bounded too: a flood of distinct texts starts the count afresh.
        if (seen.size >= 10_000) seen.clear();
        seen.set(text, runs);
        if (runs < after || prepared.size >= perConnection) return query(text, values, callback);
        prepared.add(text);
      }
      return query({ name: nameOf(text), text, values }, callback);
    };
    (client as unknown as { query: Query }).query = wrapped;
  });
}
