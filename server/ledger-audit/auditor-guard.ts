/**
 * Auditors read and change nothing: every mutating call (POST, PUT, PATCH, DELETE) of a caller whose
 * global role is `auditor` gets 403 here, before any route's own rules, so a route that forgets to
 * name the role still cannot be used to write. Their own session, password, second factors and API tokens stay
 * theirs to manage; an invitation link answers them as it answers anyone signed out; and the posts
 * that only read are theirs too (reading-posts.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isReadingPost } from '../auth/reading-posts.ts';
import { roleOf } from '../plugins/auth.ts';

export const AUDITOR_READ_ONLY_MESSAGE = 'Auditors have read-only access.';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ALLOWED = [
  /^\/api\/(login|logout)$/,
  // The steps of a sign-in after the password, and a passkey's own sign-in.
  /^\/api\/login\//,
  // Their own second factors (passkeys, authenticator app, recovery codes).
  /^\/api\/account\//,
  /^\/api\/auth\//,
  /^\/api\/users\/me\//,
  /^\/api\/invite-token\//,
  // Their own API tokens: what a token of theirs may do is still an auditor's.
  /^\/api\/tokens(\/|$)/,
];

async function auditorGuard(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const route = request.routeOptions.url ?? '';
    if (!route.startsWith('/api/') || ALLOWED.some((allowed) => allowed.test(route)) || isReadingPost(request.method, route)) return;
    // The caller's session or API token, looked up once per request (nothing to look up without either).
    const user = await request.session();
    if (user && roleOf(user) === 'auditor') return reply.code(403).send({ error: 'FORBIDDEN', message: AUDITOR_READ_ONLY_MESSAGE });
  });
}

export default fp(auditorGuard, { name: 'auditor-guard', dependencies: ['auth'] });
