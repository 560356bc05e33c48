/**
 * `Occurred-At`: the device's time of a field action kept offline and sent later. Taken on exactly
 * the calls that may be queued (contract/offline.ts), judged after sign-in, validation and
 * authorization and before the handler runs, so a refused action applies nothing. The accepted
 * instant reaches the command as `occurredAt` (command-context.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { judgeOccurredAt, OCCURRED_AT_ERROR, OCCURRED_AT_HEADER, OFFLINE_ROUTES } from '../../contract/offline.ts';
import { scopedIdempotencyKey } from './command-context.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The accepted `Occurred-At`; null when the call did not send one. */
    occurredAt: Date | null;
  }
}

const OFFLINE_OPERATIONS = new Set(OFFLINE_ROUTES.map((r) => `${r.method} ${r.route}`));
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const HEADER = OCCURRED_AT_HEADER.toLowerCase();

/** `route` is the router's pattern (`/api/inventory/:action`), not the address asked for. */
export const acceptsOccurredAt = (method: string, route: string) => OFFLINE_OPERATIONS.has(`${method.toUpperCase()} ${route}`);

async function alreadyApplied(app: FastifyInstance, key: string | undefined): Promise<boolean> {
  if (!key) return false;
  const row = await app.db.selectFrom('command_results').select('idempotency_key').where('idempotency_key', '=', key).executeTakeFirst();
  return row !== undefined;
}

async function occurredAtPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('occurredAt', null);
  app.addHook('preHandler', async (request, reply) => {
    const value = request.headers[HEADER];
    // A read has nothing to date: the header is ignored there.
    if (value === undefined || !MUTATING.has(request.method)) return;
    const offline = acceptsOccurredAt(request.method, request.routeOptions.url ?? '');
    // Every call that may be queued is behind the sign-in check, so the caller carries the site's limit.
    const maxAgeDays = offline ? request.caller.offline_max_age_days : 0;
    const verdict = judgeOccurredAt(value, offline, new Date(), maxAgeDays);
    // Sent again after its answer was lost: the first result is answered, however old it is now.
    if (!verdict.ok && verdict.error === OCCURRED_AT_ERROR.tooOld && (await alreadyApplied(app, scopedIdempotencyKey(request)))) return;
    if (!verdict.ok) return reply.code(verdict.status).send({ error: verdict.error, message: verdict.message, field: OCCURRED_AT_HEADER });
    request.occurredAt = verdict.at;
  });
}

export default fp(occurredAtPlugin, { name: 'occurred-at', dependencies: ['auth'] });
