/**
 * Loads whole tables folded in memory into fresh tables of a rebuild: on PostgreSQL with COPY on a
 * connection of its own (the fastest way in, several times a multi-row INSERT), on PGlite, which
 * has one session and no client COPY stream, with the multi-row `unnest` inserts of the SQL writer.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Kysely } from 'kysely';
import type { Row, TableSpec, Value } from './projector.ts';
import { insertRows } from './sql-writer.ts';

export interface TableLoad {
  schema: string;
  spec: TableSpec;
  rows: Iterable<Row>;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** One value in COPY's text format: `\N` for null, backslash escapes for the characters it reserves. */
export function copyText(value: Value | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (typeof value === 'number') return String(value);
  return value.replace(/[\\\n\r\t]/g, (c) => (c === '\\' ? '\\\\' : c === '\n' ? '\\n' : c === '\r' ? '\\r' : '\\t'));
}

/** Rows as COPY text, a few thousand lines per chunk so the stream is not fed one line at a time. */
function* copyLines(spec: TableSpec, rows: Iterable<Row>): Generator<string> {
  let chunk = '';
  let count = 0;
  for (const row of rows) {
    let line = '';
    for (let i = 0; i < spec.columns.length; i += 1) line += (i === 0 ? '' : '\t') + copyText(row[spec.columns[i]!]);
    chunk += `${line}\n`;
    if (++count === 2000) {
      yield chunk;
      chunk = '';
      count = 0;
    }
  }
  if (chunk) yield chunk;
}

/** COPY each table's rows in, one connection per table, the tables in parallel. */
export async function copyTables(databaseUrl: string, loads: readonly TableLoad[]): Promise<void> {
  await Promise.all(
    loads.map(async ({ schema, spec, rows }) => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      try {
        const target = `${ident(schema)}.${ident(spec.name)} (${spec.columns.map(ident).join(', ')})`;
        await pipeline(Readable.from(copyLines(spec, rows)), client.query(copyFrom(`copy ${target} from stdin`)));
      } finally {
        await client.end();
      }
    }),
  );
}

/** The same through multi-row inserts on the given handle, for PGlite. */
export async function insertTables(db: Kysely<any>, loads: readonly TableLoad[], chunk = 5000): Promise<void> {
  for (const { schema, spec, rows } of loads) {
    let batch: Row[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === chunk) {
        await insertRows(db, schema, spec, batch);
        batch = [];
      }
    }
    if (batch.length > 0) await insertRows(db, schema, spec, batch);
  }
}
