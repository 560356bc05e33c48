/**
 * Loads rows folded in memory into fresh tables of a rebuild: on PostgreSQL with COPY on a
 * connection of its own (the fastest way in, several times a multi-row INSERT), in PostgreSQL's
 * binary format where every column's type has one (half the server's CPU of text), else as text;
 * on PGlite, which has one session and no client COPY stream, with the multi-row `unnest` inserts
 * of the SQL writer.
 */
import { once } from 'node:events';
import { Readable, type Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import type { Kysely } from 'kysely';
import { BinaryRowEncoder, binaryTypeOf, type BinaryType } from '../ledger/event-store/binary-copy.ts';
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

/**
 * Streams rows into one table with COPY on a connection of its own: `write` as rows come, wait on
 * `drained()` when it says so, then `end()`. `types` are the table's column types as `format_type`
 * names them, in the order of `spec.columns`.
 */
export class TableCopier {
  private readonly encoder: BinaryRowEncoder | null;
  private text = '';
  private failure: Error | null = null;
  private waiting = false;

  private constructor(
    private readonly client: pg.Client,
    private readonly stream: Writable,
    private readonly spec: TableSpec,
    binary: BinaryType[] | null,
  ) {
    this.encoder = binary ? new BinaryRowEncoder(spec.columns, binary) : null;
    stream.on('error', (error: Error) => {
      this.failure ??= error;
    });
  }

  static async open(databaseUrl: string, schema: string, spec: TableSpec, types: readonly string[]): Promise<TableCopier> {
    const binary = types.map(binaryTypeOf);
    const allBinary = binary.every((t) => t !== null) ? (binary as BinaryType[]) : null;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    const target = `${ident(schema)}.${ident(spec.name)} (${spec.columns.map(ident).join(', ')})`;
    const stream = client.query(copyFrom(`copy ${target} from stdin${allBinary ? ' (format binary)' : ''}`));
    return new TableCopier(client, stream, spec, allBinary);
  }

  /** Adds a row; false when the connection is behind and the caller should wait on `drained()`. */
  write(row: Row): boolean {
    if (this.failure) throw this.failure;
    if (this.encoder) {
      const chunk = this.encoder.add(row);
      return chunk ? this.send(chunk) : true;
    }
    let line = '';
    for (let i = 0; i < this.spec.columns.length; i += 1) line += (i === 0 ? '' : '\t') + copyText(row[this.spec.columns[i]!]);
    this.text += `${line}\n`;
    if (this.text.length < 256 * 1024) return true;
    const chunk = this.text;
    this.text = '';
    return this.send(chunk);
  }

  private send(chunk: Buffer | string): boolean {
    const ok = this.stream.write(chunk);
    if (!ok) this.waiting = true;
    return ok;
  }

  async drained(): Promise<void> {
    if (!this.waiting) return;
    this.waiting = false;
    await once(this.stream, 'drain');
    if (this.failure) throw this.failure;
  }

  /** Sends what is left and waits for the server to take the whole COPY. */
  async end(): Promise<void> {
    try {
      if (this.failure) throw this.failure;
      this.stream.end(this.encoder ? this.encoder.end() : this.text);
      await finished(this.stream);
      if (this.failure) throw this.failure;
    } finally {
      await this.client.end();
    }
  }
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
