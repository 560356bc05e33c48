/**
 * Who is calling: resolves the access-token cookie to a user on the routes that ask for it, and
 * offers guards for signed-in callers and global roles. The server is the guard; the browser only
 * hides buttons.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_CHANGED_CHANNEL, AccessCache, changesAccess } from '../auth/access-cache.ts';
import { onSessionsRevoked, type AuthenticatedUser, type SessionTokens } from '../auth/session-store.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';

export const ACCESS_COOKIE = 'sl_access';
export const REFRESH_COOKIE = 'sl_refresh';

declare module 'fastify' {
  interface FastifyRequest {
    user: AuthenticatedUser | null;
    /** The session lookup, made at most once per request whoever asks first. */
    session: () => Promise<AuthenticatedUser | null>;
  }
  interface FastifyInstance {
    /** Sessions and memberships remembered in this process (see access-cache.ts). */
    access: AccessCache;
    requireUser: preHandlerAsyncHookHandler;
    requireRole: (...roles: GlobalRole[]) => preHandlerAsyncHookHandler;
    setSessionCookies: (reply: FastifyReply, tokens: SessionTokens) => void;
    clearSessionCookies: (reply: FastifyReply) => void;
  }
}

export const roleOf = (user: { role: string }) => user.role.toLowerCase();

async function authPlugin(app: FastifyInstance): Promise<void> {
  const access = new AccessCache(app.db);
  app.decorate('access', access);
  const clear = () => access.clear();
  const stops = [
    app.store.notifier.onChannel(ACCESS_CHANGED_CHANNEL, clear),
    app.store.onCommitted((events) => {
      if (events.some(changesAccess)) clear();
    }),
    onSessionsRevoked(clear),
  ];
  app.addHook('onClose', async () => {
    for (const stop of stops) stop();
  });

  app.decorateRequest('user', null);
  app.decorateRequest('session', function (this: FastifyRequest) {
    return Promise.resolve(null as AuthenticatedUser | null);
  });
  app.addHook('onRequest', async (request) => {
    let lookup: Promise<AuthenticatedUser | null> | null = null;
    request.session = () => {
      lookup ??= (async () => {
        const token = request.cookies[ACCESS_COOKIE];
        request.user = token ? await access.user(token) : null;
        return request.user;
      })();
      return lookup;
    };
  });

  const requireUser: preHandlerAsyncHookHandler = async (request, reply) => {
    if (!(await request.session())) {
      return reply.code(401).send({ error: 'UNAUTHORIZED', message: 'Sign in to continue.' });
    }
  };
  app.decorate('requireUser', requireUser);

  app.decorate('requireRole', (...roles: GlobalRole[]) => {
    const allowed = new Set<string>(roles);
    const guard: preHandlerAsyncHookHandler = async (request, reply) => {
      const user = await request.session();
      if (!user) return reply.code(401).send({ error: 'UNAUTHORIZED', message: 'Sign in to continue.' });
      if (!allowed.has(roleOf(user))) {
        return reply.code(403).send({ error: 'FORBIDDEN', message: 'You do not have permission to do this.' });
      }
    };
    return guard;
  });

  const base = { httpOnly: true, sameSite: 'lax' as const, secure: app.config.cookieSecure ? true : ('auto' as const) };
  app.decorate('setSessionCookies', (reply: FastifyReply, tokens: SessionTokens) => {
    reply.setCookie(ACCESS_COOKIE, tokens.accessToken, { ...base, path: '/', expires: tokens.accessExpiresAt });
    reply.setCookie(REFRESH_COOKIE, tokens.refreshToken, { ...base, path: '/api', expires: tokens.refreshExpiresAt });
  });
  app.decorate('clearSessionCookies', (reply: FastifyReply) => {
    reply.clearCookie(ACCESS_COOKIE, { ...base, path: '/' });
    reply.clearCookie(REFRESH_COOKIE, { ...base, path: '/api' });
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['db'] });
