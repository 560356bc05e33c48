/**
 * PostgreSQL's binary COPY format, for the types the read tables and the events table use (the
 * event store reads events with it; rebuilds load read tables with it). Binary
 * rows cost the server about half the CPU of text rows to load (no parsing of numbers, times and
 * uuids) and the same holds for reading events out. Every value has one binary form, so a row
 * encoded here is byte for byte what PostgreSQL sends back for the same stored row.
 *
 * Layout: a signature and two zero words; per row a 16-bit column count, then per column a 32-bit
 * length (-1 for null) and that many bytes; a 16-bit -1 at the end.
 */
/** A value as the read tables' rows hold it. */
type Value = string | number | boolean | null | Date;
type Row = Record<string, Value | undefined>;

export const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
const HEADER = Buffer.concat([COPY_SIGNATURE, Buffer.alloc(8)]);
const TRAILER = Buffer.from([0xff, 0xff]);

/** Milliseconds between 1970-01-01 and PostgreSQL's epoch, 2000-01-01. */
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

export type BinaryType = 'int2' | 'int4' | 'int8' | 'text' | 'uuid' | 'timestamptz' | 'bool';

/** The binary form of a column type as `format_type` names it, or null when this file has none. */
export function binaryTypeOf(formatted: string): BinaryType | null {
  if (formatted === 'smallint') return 'int2';
  if (formatted === 'integer') return 'int4';
  if (formatted === 'bigint') return 'int8';
  if (formatted === 'text' || formatted === 'character varying' || formatted.startsWith('character varying(')) return 'text';
  if (formatted === 'uuid') return 'uuid';
  if (formatted === 'timestamp with time zone') return 'timestamptz';
  if (formatted === 'boolean') return 'bool';
  return null;
}

const UUID_HEX = /^[0-9a-fA-F]{32}$/;

/** Each ASCII code's value as a hex digit, -1 where it is none. */
const HEX_DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i += 1) {
  HEX_DIGIT['0123456789abcdef'.charCodeAt(i)] = i;
  HEX_DIGIT['0123456789ABCDEF'.charCodeAt(i)] = i;
}

/** Where each of a canonical uuid's 16 bytes starts in its text (8-4-4-4-12 hex digits). */
const UUID_BYTE_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];

/** Writes a uuid in canonical form into `out` at `at`, read straight from the text; false when it is in another. */
function writeCanonicalUuid(value: string, out: Buffer, at: number): boolean {
  if (value.length !== 36 || value[8] !== '-' || value[13] !== '-' || value[18] !== '-' || value[23] !== '-') return false;
  for (let byte = 0; byte < 16; byte += 1) {
    const i = UUID_BYTE_AT[byte]!;
    const high = HEX_DIGIT[value.charCodeAt(i)] ?? -1;
    const low = HEX_DIGIT[value.charCodeAt(i + 1)] ?? -1;
    if (high < 0 || low < 0) return false;
    out[at + byte] = (high << 4) | low;
  }
  return true;
}

/** Any other form PostgreSQL accepts (braces, hyphens elsewhere, none) as 32 hex digits. */
function uuidHex(value: string): string {
  const hex = value.replace(/[{}-]/g, '');
  if (!UUID_HEX.test(hex)) throw new Error(`not a uuid: ${JSON.stringify(value)}`);
  return hex;
}

function timeMs(value: Value): number {
  if (value instanceof Date) return value.getTime();
  if (typeof value === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,3})?Z$/.test(value)) return Date.parse(value);
  throw new Error(`not a time with millisecond precision: ${JSON.stringify(value)}`);
}

const INTEGER_LIMIT = { 16: 2 ** 15, 32: 2 ** 31, 64: Number.MAX_SAFE_INTEGER + 1 } as const;

function integer(value: Value, bits: 16 | 32 | 64): number {
  const n = typeof value === 'string' ? Number(value) : value;
  const limit = INTEGER_LIMIT[bits];
  if (typeof n !== 'number' || !Number.isSafeInteger(n) || n >= limit || n < -limit) {
    throw new Error(`not a ${bits}-bit integer: ${JSON.stringify(value)}`);
  }
  return n;
}

/** Encodes rows of one table into binary COPY data, in chunks of about `chunkBytes`. */
export class BinaryRowEncoder {
  private buffer: Buffer;
  private at = 0;
  private started = false;

  constructor(
    private readonly columns: readonly string[],
    private readonly types: readonly BinaryType[],
    private readonly chunkBytes = 256 * 1024,
  ) {
    this.buffer = Buffer.allocUnsafe(chunkBytes + 4096);
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
  }

  /** Adds one row; returns a full chunk when one is ready to send. */
  add(row: Row): Buffer | null {
    if (!this.started) {
      this.started = true;
      this.room(HEADER.length);
      this.at += HEADER.copy(this.buffer, this.at);
    }
    this.writeTuple(row);
    return this.at >= this.chunkBytes ? this.take() : null;
  }

  /** One row by itself, as PostgreSQL sends it in binary COPY output; valid until the next call. */
  tuple(row: Row): Buffer {
    if (this.started) throw new Error('tuple() is for an encoder that is not streaming');
    this.at = 0;
    this.writeTuple(row);
    return this.buffer.subarray(0, this.at);
  }

  private writeTuple(row: Row): void {
    const { columns, types } = this;
    this.room(2 + columns.length * 4);
    this.buffer.writeInt16BE(columns.length, this.at);
    this.at += 2;
    for (let i = 0; i < columns.length; i += 1) {
      const value = row[columns[i]!];
      if (value === null || value === undefined) {
        this.room(4);
        this.buffer.writeInt32BE(-1, this.at);
        this.at += 4;
        continue;
      }
      this.value(types[i]!, value, columns[i]!);
    }
  }

  // No closures in here: every function literal costs a call per value under the TypeScript loader.
  private value(type: BinaryType, value: Value, column: string): void {
    try {
      switch (type) {
        case 'int2':
          this.room(6);
          this.buffer.writeInt32BE(2, this.at);
          this.buffer.writeInt16BE(integer(value, 16), this.at + 4);
          this.at += 6;
          return;
        case 'int4':
          this.room(8);
          this.buffer.writeInt32BE(4, this.at);
          this.buffer.writeInt32BE(integer(value, 32), this.at + 4);
          this.at += 8;
          return;
        case 'int8':
          this.int64(integer(value, 64));
          return;
        case 'bool':
          if (typeof value !== 'boolean') throw new Error(`not a boolean: ${JSON.stringify(value)}`);
          this.room(5);
          this.buffer.writeInt32BE(1, this.at);
          this.buffer[this.at + 4] = value ? 1 : 0;
          this.at += 5;
          return;
        case 'uuid':
          if (typeof value !== 'string') throw new Error(`not a uuid: ${JSON.stringify(value)}`);
          this.room(20);
          this.buffer.writeInt32BE(16, this.at);
          if (!writeCanonicalUuid(value, this.buffer, this.at + 4)) this.buffer.write(uuidHex(value), this.at + 4, 16, 'hex');
          this.at += 20;
          return;
        case 'timestamptz':
          this.int64((timeMs(value) - PG_EPOCH_MS) * 1000);
          return;
        case 'text': {
          const text = typeof value === 'string' ? value : value instanceof Date ? value.toISOString() : String(value);
          // Up to three bytes per UTF-16 unit; written first, then its length in front.
          this.room(4 + text.length * 3);
          const length = this.buffer.write(text, this.at + 4, 'utf8');
          this.buffer.writeInt32BE(length, this.at);
          this.at += 4 + length;
          return;
        }
      }
    } catch (error) {
      throw new Error(`column ${column}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private int64(n: number): void {
    this.room(12);
    this.buffer.writeInt32BE(8, this.at);
    this.buffer.writeInt32BE(Math.floor(n / TWO_32), this.at + 4);
    this.buffer.writeUInt32BE(n >>> 0, this.at + 8);
    this.at += 12;
  }

  private take(): Buffer {
    const chunk = Buffer.from(this.buffer.subarray(0, this.at));
    this.at = 0;
    return chunk;
  }

  /** What is left, with the trailer. */
  end(): Buffer {
    // An empty load still sends a header.
    if (!this.started) {
      this.started = true;
      this.room(HEADER.length);
      this.at += HEADER.copy(this.buffer, this.at);
    }
    this.room(2);
    this.at += TRAILER.copy(this.buffer, this.at);
    return this.take();
  }
}

/** Splits binary COPY output into whole rows (each a Buffer from its column count on), chunk by chunk. */
export class BinaryTupleReader {
  private pending: Buffer | null = null;
  private headerSeen = false;
  done = false;

  /** The complete rows in this chunk (with what was left of the one before). */
  push(chunk: Buffer): Buffer[] {
    const data = this.pending ? Buffer.concat([this.pending, chunk]) : chunk;
    this.pending = null;
    let at = 0;
    if (!this.headerSeen) {
      if (data.length < 19) {
        this.pending = data;
        return [];
      }
      if (!data.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('not binary COPY data');
      at = 19 + data.readInt32BE(15);
      this.headerSeen = true;
    }
    const rows: Buffer[] = [];
    for (;;) {
      if (data.length - at < 2) break;
      const count = data.readInt16BE(at);
      if (count === -1) {
        this.done = true;
        at += 2;
        break;
      }
      let p = at + 2;
      let complete = true;
      for (let i = 0; i < count; i += 1) {
        if (data.length - p < 4) {
          complete = false;
          break;
        }
        const length = data.readInt32BE(p);
        p += 4 + Math.max(0, length);
        if (p > data.length) {
          complete = false;
          break;
        }
      }
      if (!complete) break;
      rows.push(data.subarray(at, p));
      at = p;
    }
    if (at < data.length) this.pending = Buffer.from(data.subarray(at));
    return rows;
  }
}

/**
 * A row's key, as the bytes of its key columns (the columns at `keyIndexes`, each with its
 * length), from a row as `BinaryTupleReader` or `BinaryRowEncoder.tuple` gives it.
 */
export function tupleKey(tuple: Buffer, keyIndexes: readonly number[]): string {
  let key = '';
  let p = 2;
  let next = 0;
  for (let i = 0; next < keyIndexes.length; i += 1) {
    const length = tuple.readInt32BE(p);
    const end = p + 4 + Math.max(0, length);
    if (i === keyIndexes[next]) {
      key += tuple.toString('latin1', p, end);
      next += 1;
    }
    p = end;
  }
  return key;
}
