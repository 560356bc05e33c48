/** Sign-in, sign-out, refresh and the current user. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords.ts';
import { clearRateLimit, forgiveRateLimitHit, hitRateLimit } from '../../auth/rate-limit.ts';
import { revokeSession, rotateRefreshToken, sessionOfRefreshToken } from '../../auth/session-store.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../plugins/auth.ts';
import { loginBody, meSchema, sessionReply } from '../../../contract/auth.ts';
import { errorResponses } from '../../../contract/errors.ts';
import { INVALID_CREDENTIALS } from '../../../contract/messages.ts';
import { signInCandidate, toMe } from '../../../projections/users/queries.ts';
import { loginReply, logoutReply, SIGN_IN_MESSAGES } from '../../../contract/sign-in.ts';
import { statusOf } from '../../auth/second-factor-policy.ts';
import { afterFirstStep, meOf } from '../../auth/sign-in-flow.ts';
import { passwordSignInAllowed } from '../../site/site-settings.ts';
import { takeEndSessionUrl } from '../../auth/sso/sso-sign-out.ts';

const INVALID = { error: 'UNAUTHORIZED', message: INVALID_CREDENTIALS };
const PASSWORD_OFF = { error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.passwordSignInOff };
// One office behind one address signs in many people; the per-address budget is wider.
const PER_ADDRESS_FACTOR = 5;

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lifetimes = { accessSeconds: app.config.accessTokenTtlSeconds, refreshSeconds: app.config.refreshTokenTtlSeconds };

  r.post(
    '/api/login',
    {
      schema: {
        summary: 'Sign in with e-mail and password: sets the session cookies, or asks for the second factor (POST /api/login/second-factor)',
        tags: ['auth'],
        body: loginBody,
        response: { 200: loginReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const email = request.body.email.toLowerCase();
      const { loginRateLimit: limit, loginRateWindowSeconds: window } = app.config;
      const byEmail = await hitRateLimit(app.db, `login:email:${email}`, limit, window);
      const byAddress = await hitRateLimit(app.db, `login:ip:${request.ip}`, limit * PER_ADDRESS_FACTOR, window);
      if (!byEmail.allowed || !byAddress.allowed) {
        const seconds = Math.max(byEmail.allowed ? 0 : byEmail.retryAfterSeconds, byAddress.allowed ? 0 : byAddress.retryAfterSeconds);
        const minutes = Math.ceil(seconds / 60);
        reply.header('retry-after', String(seconds));
        return reply.code(429).send({
          error: 'RATE_LIMITED',
          message: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        });
      }
      const user = await signInCandidate(app.db, email);
      const ok = await verifyPassword(user?.password_hash ?? (await dummyPasswordHash()), request.body.password);
      // Turned off, the password is the superadmin's way in only; every refusal then says so alike.
      const passwordOn = await passwordSignInAllowed(app.db);
      const refusal = passwordOn ? INVALID : PASSWORD_OFF;
      if (!user?.password_hash || (!passwordOn && user.role !== 'superadmin')) return reply.code(401).send(refusal);
      const step = { userId: user.id, secondFactors: user.second_factors, passed: ok, how: { method: 'password' as const, provider: null } };
      const answer = await afterFirstStep(app, request, reply, step);
      if (!answer) return reply.code(401).send(refusal);
      if (!('user' in answer)) return answer;
      await clearRateLimit(app.db, `login:email:${email}`);
      // The per-address budget counts failures only: an office behind one address signs in all day.
      await forgiveRateLimitHit(app.db, `login:ip:${request.ip}`, window);
      return answer;
    },
  );

  r.post(
    '/api/logout',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Sign out: revokes the session and clears its cookies; through a single sign-on provider, answers its sign-out address',
        tags: ['auth'],
        response: { 200: logoutReply, 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      const access = request.cookies[ACCESS_COOKIE];
      const accessUser = access ? await app.access.user(access) : null;
      const sessionId = accessUser?.sessionId ?? (refresh ? await sessionOfRefreshToken(app.db, refresh) : null);
      const endSessionUrl = sessionId ? await takeEndSessionUrl(app, request, sessionId) : null;
      if (sessionId) await revokeSession(app.db, sessionId, 'signed out');
      app.clearSessionCookies(reply);
      if (endSessionUrl) return reply.code(200).send({ end_session_url: endSessionUrl });
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/auth/refresh',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Rotate the refresh token and issue a new access token',
        tags: ['auth'],
        response: { 200: sessionReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const refresh = request.cookies[REFRESH_COOKIE];
      const outcome = refresh ? await rotateRefreshToken(app.db, refresh, lifetimes) : { kind: 'invalid' as const };
      if (outcome.kind !== 'rotated') {
        if (outcome.kind === 'reused') request.log.warn('refresh token reused: session revoked');
        app.clearSessionCookies(reply);
        return reply.code(401).send({ error: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again.' });
      }
      const user = (await meOf(app.db, outcome.userId))!;
      app.setSessionCookies(reply, outcome.tokens);
      return { user };
    },
  );

  r.get(
    '/api/users/me',
    {
      schema: { summary: 'The signed-in user', tags: ['users'], security: [{ session: [] }, { bearer: [] }], response: { 200: meSchema, ...errorResponses } },
    },
    async (request) => toMe(request.caller, statusOf(request.caller)),
  );
}
