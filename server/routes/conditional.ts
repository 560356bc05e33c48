/**
 * Conditional reads: a read names the ledger state it reflects as an ETag, and a request whose
 * If-None-Match already holds that tag is answered 304 with no body, before the read is made.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AnswerCache } from '../http/answer-cache.ts';

/** The 304 of a conditional read, as its route schema documents it. */
export const notModifiedAnswer = z.undefined().describe('Not modified: the If-None-Match tag is current');

/**
 * Sets the ETag of this answer (the state's tag combined with the request's own query, so pages and
 * searches of one state differ) and says whether the caller already holds it: answer 304 then.
 */
export function conditional(request: FastifyRequest, reply: FastifyReply, stateTag: string): { etag: string; notModified: boolean } {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  query.sort();
  const etag = `W/"${stateTag}.${createHash('sha1').update(query.toString()).digest('base64url').slice(0, 10)}"`;
  reply.header('etag', etag);
  // Revalidate every time: the tag makes it cheap, and stock must never show stale.
  reply.header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  const matched = held !== undefined && (held === '*' || held.split(',').some((tag) => tag.trim() === etag));
  return { etag, notModified: matched };
}

/** Answers smaller than this go as they are: compressing them saves less than a packet. */
export const COMPRESS_FROM_BYTES = 1024;

const encodings = new Negotiator<'br' | 'gzip'>({ supportedValues: ['br', 'gzip'] });
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
// Quality 5 of 11: most of brotli's gain at a few milliseconds for a large inventory, done on
// libuv's thread pool, once per state and query (the compressed copy is kept beside the plain one).
const compress = {
  br: (body: Buffer) => brotli(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.byteLength } }),
  gzip: (body: Buffer) => gzipped(body, { level: 6 }),
};

/**
 * Sends the answer this state gave this query before, serialized once: `key` must name everything
 * the answer depends on (the route, the location and the ETag, which holds the state and the query).
 * A large answer goes compressed when the caller accepts it (JSON shrinks several times over on a
 * phone's slow link), compressed once too.
 */
export async function sendCached(reply: FastifyReply, cache: AnswerCache, key: string, compute: () => Promise<unknown>): Promise<FastifyReply> {
  const body = await cache.answer(key, async () => {
    const serialized = reply.serialize(await compute());
    return typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.from(serialized as Uint8Array);
  });
  reply.type('application/json; charset=utf-8');
  if (body.byteLength < COMPRESS_FROM_BYTES) return reply.send(body);
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  const accepted = reply.request.headers['accept-encoding'];
  const encoding = accepted ? encodings.negotiate(accepted) : null;
  if (!encoding) return reply.send(body);
  const packed = await cache.answer(`${key}|${encoding}`, () => compress[encoding](body));
  return reply.header('content-encoding', encoding).send(packed);
}
