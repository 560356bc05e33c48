/**
 * Reads the events of a range of streams with binary COPY, in stream order: the cheapest way out of
 * PostgreSQL for a whole history (no text to parse for numbers, times and hashes), for the workers
 * of rebuild and verify, each on a connection of its own inside a snapshot the caller exported.
 * Each event's data is validated by its schema here, as on every other read path.
 */
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { validateEventData } from '../events.ts';
import { COPY_SIGNATURE } from './binary-copy.ts';
import type { EventMetadata, RecordedEvent } from './types.ts';

export interface StreamRange {
  /** Streams from this id (inclusive; null from the first) to `until` (exclusive; null to the last). */
  from: string | null;
  until: string | null;
  /** Only events of transactions below this id (a snapshot's xmin, as text): all of them committed. */
  belowTransaction: string | null;
}

/** A text literal for a statement that takes no parameters (COPY). */
function literal(text: string): string {
  if (text.includes('\0')) throw new Error('a NUL character cannot be part of a stream id');
  return `'${text.replace(/'/g, "''")}'`;
}

const COLUMNS = 12;
const PG_EPOCH_MS = 946_684_800_000;
const TWO_32 = 4_294_967_296;

/** A binary timestamptz as a Date, truncated to the millisecond as the text parser does. */
function timeAt(data: Buffer, at: number): Date {
  const us = data.readInt32BE(at) * TWO_32 + data.readUInt32BE(at + 4);
  return new Date(Math.floor(us / 1000) + PG_EPOCH_MS);
}

/**
 * The events in `data` from `at` on, each built straight from the bytes (no value per column in
 * between: a million events are twelve million fewer objects), and where the first incomplete one
 * begins. Columns in the order of the COPY's select list.
 */
const starts = new Int32Array(COLUMNS);
const ends = new Int32Array(COLUMNS);

/** The last stream id read, as bytes and text: events come a stream at a time, so most repeat it. */
let lastStreamBytes = Buffer.alloc(0);
let lastStreamId = '';

function streamIdAt(data: Buffer, start: number, end: number): string {
  if (end - start === lastStreamBytes.length && data.compare(lastStreamBytes, 0, lastStreamBytes.length, start, end) === 0) return lastStreamId;
  lastStreamBytes = Buffer.from(data.subarray(start, end));
  lastStreamId = data.toString('utf8', start, end);
  return lastStreamId;
}

function decodeEvents(data: Buffer, start: number, into: RecordedEvent[], beforeValidation?: (event: RecordedEvent) => void): { at: number; done: boolean } {
  let at = start;
  for (;;) {
    if (data.length - at < 2) return { at, done: false };
    const count = data.readInt16BE(at);
    if (count === -1) return { at: at + 2, done: true };
    if (count !== COLUMNS) throw new Error(`an events row of ${count} columns`);
    let p = at + 2;
    for (let i = 0; i < COLUMNS; i += 1) {
      if (data.length - p < 4) return { at, done: false };
      const length = data.readInt32BE(p);
      p += 4;
      starts[i] = p;
      if (length === -1) {
        ends[i] = -1;
        continue;
      }
      if (data.length - p < length) return { at, done: false };
      p += length;
      ends[i] = p;
    }
    const type = data.toString('utf8', starts[3]!, ends[3]!);
    // jsonb's binary form is a version byte (1) and the JSON text.
    const payload = JSON.parse(data.toString('utf8', starts[4]! + 1, ends[4]!));
    const event: RecordedEvent = {
      globalPosition: data.readInt32BE(starts[0]!) * TWO_32 + data.readUInt32BE(starts[0]! + 4),
      streamId: streamIdAt(data, starts[1]!, ends[1]!),
      streamVersion: data.readInt32BE(starts[2]!),
      type,
      data: payload,
      metadata: JSON.parse(data.toString('utf8', starts[5]! + 1, ends[5]!)) as EventMetadata,
      idempotencyKey: ends[6] === -1 ? null : data.toString('utf8', starts[6]!, ends[6]!),
      occurredAt: timeAt(data, starts[7]!),
      recordedAt: timeAt(data, starts[8]!),
      transactionId: data.readBigUInt64BE(starts[9]!).toString(),
      prevHash: ends[10] === -1 ? null : data.subarray(starts[10]!, ends[10]!),
      hash: data.subarray(starts[11]!, ends[11]!),
    };
    beforeValidation?.(event);
    event.data = validateEventData(type, payload);
    into.push(event);
    at = p;
  }
}

/** The range's events, each stream's in version order, a chunk at a time as they arrive. */
export async function* copyEventsOfStreams(
  client: pg.Client,
  range: StreamRange,
  /** Sees each event with its data as stored, before its schema reads it (the hash chain is of that). */
  beforeValidation?: (event: RecordedEvent) => void,
): AsyncGenerator<RecordedEvent[]> {
  const where = [
    range.from !== null ? `stream_id >= ${literal(range.from)}` : null,
    range.until !== null ? `stream_id < ${literal(range.until)}` : null,
    range.belowTransaction !== null ? `transaction_id < ${literal(range.belowTransaction)}::xid8` : null,
  ].filter(Boolean);
  const stream = client.query(
    copyTo(`copy (select global_position, stream_id, stream_version, type, data, metadata, idempotency_key, occurred_at, recorded_at, transaction_id, prev_hash, hash
                    from events ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
                   order by stream_id, stream_version) to stdout (format binary)`),
  );
  let pending: Buffer | null = null;
  let headerSeen = false;
  let done = false;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    const data: Buffer = pending ? Buffer.concat([pending, chunk]) : chunk;
    let at = 0;
    if (!headerSeen) {
      if (data.length < 19) {
        pending = data;
        continue;
      }
      if (!data.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('not binary COPY data');
      at = 19 + data.readInt32BE(15);
      headerSeen = true;
    }
    const events: RecordedEvent[] = [];
    const decoded = decodeEvents(data, at, events, beforeValidation);
    done ||= decoded.done;
    pending = decoded.at < data.length ? Buffer.from(data.subarray(decoded.at)) : null;
    if (events.length > 0) yield events;
  }
  if (!done) throw new Error('the events COPY ended early');
}
