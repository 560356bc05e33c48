/**
 * Conditional reads: a read names the ledger state it reflects as an ETag, and a request whose
 * If-None-Match already holds that tag is answered 304 with no body, before the read is made.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sets the ETag of this answer (the state's tag combined with the request's own query, so pages and
 * searches of one state differ) and returns true when the caller already holds it: answer 304 then.
 */
export function notModified(request: FastifyRequest, reply: FastifyReply, stateTag: string): boolean {
  const query = new URLSearchParams(request.url.split('?')[1] ?? '');
  query.sort();
  const etag = `W/"${stateTag}.${createHash('sha1').update(query.toString()).digest('base64url').slice(0, 10)}"`;
  reply.header('etag', etag);
  // Revalidate every time: the tag makes it cheap, and stock must never show stale.
  reply.header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  if (!held) return false;
  return held === '*' || held.split(',').some((tag) => tag.trim() === etag);
}
