/**
 * Auditors read and change nothing: every mutating call (POST, PUT, PATCH, DELETE) of a caller whose
 * global role is `auditor` gets 403 here, before any route's own rules, so a route that forgets to
 * name the role still cannot be used to write. Their own session and password stay theirs to
 * manage, and the calls that only read though they are POSTs are theirs too: starting a
 * verification of the ledger, and a transfer's history (spec 02 §7 makes it a POST; it records nothing).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_COOKIE, roleOf } from '../plugins/auth.ts';

export const AUDITOR_READ_ONLY_MESSAGE = 'Auditors have read-only access.';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const THEIRS = [/^\/api\/(login|logout)$/, /^\/api\/auth\//, /^\/api\/users\/me\//, /^\/api\/ledger\/verify$/, /^\/api\/transfers\/history$/];

async function auditorGuard(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATING.has(request.method) || !request.cookies[ACCESS_COOKIE]) return;
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/') || THEIRS.some((allowed) => allowed.test(route))) return;
    const user = await request.session();
    if (user && roleOf(user) === 'auditor') return reply.code(403).send({ error: 'FORBIDDEN', message: AUDITOR_READ_ONLY_MESSAGE });
  });
}

export default fp(auditorGuard, { name: 'auditor-guard', dependencies: ['auth'] });
