/**
 * Conditional reads: a read names the ledger state it reflects as an ETag, and a request whose
 * If-None-Match already holds that tag is answered 304 with no body, before the read is made.
 */
import { createHash } from 'node:crypto';
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

/**
 * Sends the answer this state gave this query before, serialized once: `key` must name everything
 * the answer depends on (the route, the location and the ETag, which holds the state and the query).
 */
export async function sendCached(reply: FastifyReply, cache: AnswerCache, key: string, compute: () => Promise<unknown>): Promise<FastifyReply> {
  const body = await cache.answer(key, async () => {
    const serialized = reply.serialize(await compute());
    return typeof serialized === 'string' ? Buffer.from(serialized, 'utf8') : Buffer.from(serialized as Uint8Array);
  });
  return reply.type('application/json; charset=utf-8').send(body);
}
