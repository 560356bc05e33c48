/**
 * Who is calling: resolves the access-token cookie to a user at most once a request, refuses a
 * caller with no session on every operation under /api but the public ones (public-operations.ts)
 * before anything else runs, and gives the routes behind that check the caller as `request.caller`.
 * What the caller may do is the authorization plugin's (authorization.ts). The server is the guard;
 * the browser only hides buttons.
 */
import { SIGN_IN_TO_CONTINUE } from '../../contract/messages.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_CHANGED_CHANNEL, AccessCache, changesAccess } from '../auth/access-cache.ts';
import { onSessionsRevoked, type AuthenticatedUser, type SessionTokens } from '../auth/session-store.ts';
import { isPublicOperation } from './public-operations.ts';

export const ACCESS_COOKIE = 'sl_access';
export const REFRESH_COOKIE = 'sl_refresh';

declare module 'fastify' {
  interface FastifyRequest {
    /** The session's user once looked up; null signed out or not asked yet. */
    user: AuthenticatedUser | null;
    /**
     * The signed-in caller, on every operation behind the sign-in check (all under /api but the
     * public ones): the check has refused anyone else, so no route tests for null.
     */
    readonly caller: AuthenticatedUser;
    /** The session lookup, made at most once per request whoever asks first. */
    session: () => Promise<AuthenticatedUser | null>;
  }
  interface FastifyInstance {
    /** Sessions and memberships remembered in this process (see access-cache.ts). */
    access: AccessCache;
    setSessionCookies: (reply: FastifyReply, tokens: SessionTokens) => void;
    clearSessionCookies: (reply: FastifyReply) => void;
  }
}

const UNAUTHORIZED = { error: 'UNAUTHORIZED', message: SIGN_IN_TO_CONTINUE };

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
    return Promise.resolve<AuthenticatedUser | null>(null);
  });
  app.decorateRequest('caller', {
    getter(this: FastifyRequest) {
      // Read only where the sign-in check ran; anywhere else it is a route written wrongly.
      if (!this.user) throw new Error('request.caller read on an operation open without a session');
      return this.user;
    },
  });
  app.addHook('onRequest', async (request, reply) => {
    let lookup: Promise<AuthenticatedUser | null> | null = null;
    request.session = () => {
      lookup ??= (async () => {
        const token = request.cookies[ACCESS_COOKIE];
        request.user = token ? await access.user(token) : null;
        return request.user;
      })();
      return lookup;
    };
    // Sign-in before anything else: onRequest runs before the body is read or validated, so a
    // caller with no session learns nothing of a protected operation, not even its fields. An
    // address under /api that names no route is answered the same.
    const path = request.url;
    if (!path.startsWith('/api/') || isPublicOperation(request.method, request.routeOptions.url ?? '')) return;
    if (!(await request.session())) return reply.code(401).send(UNAUTHORIZED);
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
