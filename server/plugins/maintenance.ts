/**
 * Maintenance mode, enforced here and not only by the browser: while it is on, every API call of a
 * signed-in caller who is not a superadmin gets 503, except signing in and out, refreshing,
 * `users/me` and the public settings (so the browser can show the maintenance page).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { roleOf } from './auth.ts';

export const MAINTENANCE_MESSAGE = 'The site is currently under maintenance. Please try again later.';

const EXEMPT = new Set(['/api/login', '/api/logout', '/api/auth/refresh', '/api/users/me', '/api/site/public-settings']);

async function maintenancePlugin(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api/') || EXEMPT.has(path) || path.startsWith('/api/docs')) return;
    // A session or an API token; nothing is looked up when the request carries neither.
    const user = await request.session();
    if (!user?.maintenance_mode || roleOf(user) === 'superadmin') return;
    return reply.code(503).send({ error: 'MAINTENANCE', message: MAINTENANCE_MESSAGE });
  });
}

export default fp(maintenancePlugin, { name: 'maintenance', dependencies: ['db', 'auth'] });
