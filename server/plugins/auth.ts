/**
 * Who is calling: resolves the access-token cookie, or an `Authorization: Bearer` API token, to a
 * user at most once a request, refuses a caller with neither on every operation under /api but the
 * public ones (public-operations.ts) before anything else runs, and gives the routes behind that
 * check the caller as `request.caller`. An API token's caller is narrowed here before the input is
 * read: its calls are counted, a read-only one changes nothing, and the session's own operations
 * (`config.sessionOnly`) refuse it. What the caller may do is the authorization plugin's
 * (authorization.ts). The server is the guard; the browser only hides buttons.
 */
import { TOKEN_MESSAGES } from '../../contract/api-tokens.ts';
import { SIGN_IN_TO_CONTINUE } from '../../contract/messages.ts';
import { SIGN_IN_MESSAGES } from '../../contract/sign-in.ts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ACCESS_CHANGED_CHANNEL, AccessCache, changesAccess } from '../auth/access-cache.ts';
import { LastUseRecorder } from '../auth/api-tokens.ts';
import { hitRateLimit } from '../auth/rate-limit.ts';
import { onSessionsRevoked, type AuthenticatedUser, type SessionTokens, type TokenGrant } from '../auth/session-store.ts';
import { needsWriteScope } from '../auth/token-limits.ts';
import { isEnrolmentOperation, isPublicOperation } from './public-operations.ts';

export const ACCESS_COOKIE = 'sl_access';
export const REFRESH_COOKIE = 'sl_refresh';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The session's own operation (signing out, the password, API tokens): an API token is refused it. */
    sessionOnly?: boolean;
  }
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
const INVALID_TOKEN = { error: 'UNAUTHORIZED', message: TOKEN_MESSAGES.invalid };
const forbidden = (message: string) => ({ error: 'FORBIDDEN', message });

export const roleOf = (user: { role: string }) => user.role.toLowerCase();

/**
 * The token of an `Authorization: Bearer …` header ('' when the header names none); undefined
 * without one. Another scheme is not ours to judge: a proxy in front may use Basic for itself.
 */
export function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^bearer(?:\s+(.*))?$/i.exec(request.headers.authorization ?? '');
  return match ? (match[1]?.trim() ?? '') : undefined;
}

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
  const lastUse = new LastUseRecorder(app.db);
  const { apiTokenRateLimit } = app.config;

  /** The refusal of a token's call before its input is read, or null to let it on. */
  async function tokenRefusal(request: FastifyRequest, reply: FastifyReply, token: TokenGrant): Promise<FastifyReply | null> {
    lastUse.touch(token.id).catch((error: unknown) => request.log.warn({ err: error }, 'API token last use not recorded'));
    // Every process counts in the same table, so the limit is the token's whatever process answers.
    const counted = await hitRateLimit(app.db, `token:${token.id}`, apiTokenRateLimit, 60);
    if (!counted.allowed) {
      reply.header('retry-after', String(counted.retryAfterSeconds));
      return reply.code(429).send({ error: 'RATE_LIMITED', message: TOKEN_MESSAGES.rateLimited });
    }
    if (request.routeOptions.config.sessionOnly) return reply.code(403).send(forbidden(TOKEN_MESSAGES.sessionOnly));
    if (!token.scopes.includes('write') && needsWriteScope(request.method, request.routeOptions.url ?? ''))
      return reply.code(403).send(forbidden(TOKEN_MESSAGES.readOnly));
    return null;
  }

  app.addHook('onRequest', async (request, reply) => {
    // A bearer header decides alone: a token that fails is never made good by a cookie beside it.
    const bearer = bearerToken(request);
    let lookup: Promise<AuthenticatedUser | null> | null = null;
    request.session = () => {
      lookup ??= (async () => {
        const token = bearer ?? request.cookies[ACCESS_COOKIE];
        request.user = !token ? null : bearer !== undefined ? await access.apiToken(token) : await access.user(token);
        return request.user;
      })();
      return lookup;
    };
    // Sign-in before anything else: onRequest runs before the body is read or validated, so a
    // caller with no session learns nothing of a protected operation, not even its fields. An
    // address under /api that names no route is answered the same. A token sent to an open
    // operation of the session's own (signing out, refreshing) is judged, and refused.
    const path = request.url;
    if (!path.startsWith('/api/')) return;
    const open = isPublicOperation(request.method, request.routeOptions.url ?? '');
    if (open && !(bearer !== undefined && request.routeOptions.config.sessionOnly)) return;
    const caller = await request.session();
    if (!caller) return reply.code(401).send(bearer !== undefined ? INVALID_TOKEN : UNAUTHORIZED);
    if (caller.token) {
      const refused = await tokenRefusal(request, reply, caller.token);
      if (refused) return refused;
    }
    // The site asks this person for a second factor and they have none: enrolment only. Signing
    // out and refreshing are open operations and pass above; a token is its person's and waits too.
    if (caller.second_factor_required && caller.second_factors === 0 && !open && !isEnrolmentOperation(request.method, request.routeOptions.url ?? ''))
      return reply.code(403).send({ error: 'SECOND_FACTOR_REQUIRED', message: SIGN_IN_MESSAGES.mustEnrol });
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
