/**
 * CSV downloads: every field quoted, a header row, and text that a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) neutralised with a leading quote.
 * Numbers are written as numbers. Rows are streamed from an async source, never held in memory.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '""';
  if (typeof value === 'number') return `"${Number.isFinite(value) ? value : ''}"`;
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return text.includes('"') ? `"${text.replace(/"/g, '""')}"` : `"${text}"`;
}

export const csvLine = (values: readonly unknown[]) => `${values.map(csvCell).join(',')}\r\n`;

export function timestampedName(prefix: string, now = new Date()): string {
  return `${prefix}_${now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.csv`;
}

/** Rows per chunk of the response: a large batch (a whole inventory) goes out in pieces of this many. */
const CHUNK_ROWS = 1000;

/** `batches` yields rows a page at a time; each page becomes chunks of at most CHUNK_ROWS rows. */
export function sendCsv(
  reply: FastifyReply,
  fileName: string,
  header: readonly string[],
  batches: AsyncIterable<ReadonlyArray<readonly unknown[]>>,
): FastifyReply {
  async function* lines() {
    yield `\uFEFF${csvLine(header)}`;
    for await (const batch of batches) {
      for (let start = 0; start < batch.length; start += CHUNK_ROWS) {
        let text = '';
        for (let i = start; i < Math.min(batch.length, start + CHUNK_ROWS); i += 1) text += csvLine(batch[i]!);
        yield text;
      }
    }
  }
  reply.header('content-type', 'text/csv; charset=utf-8');
  reply.header('content-disposition', `attachment; filename="${fileName}"`);
  reply.header('cache-control', 'no-store');
  // One page in flight: the next is read from the database only when the socket has taken this one.
  return reply.send(Readable.from(lines(), { highWaterMark: 1 }));
}
