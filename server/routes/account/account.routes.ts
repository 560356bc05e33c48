/**
 * Account links and codes: the invitation link, one-time codes, link exchange, setting a password
 * and asking for a reset. Every answer that could tell whether an account exists is the same.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import { consumeLinkToken, verifyOneTimeCode } from '../../auth/account-tokens.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { hashToken, createSession, sessionsRevoked } from '../../auth/session-store.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { setPassword } from '../../users/user-commands.ts';
import { errorBody, sessionReply, toMe } from '../auth/auth.schemas.ts';
import { mailVerificationCode } from '../users/invitations.ts';
import { createLinkToken } from '../../auth/account-tokens.ts';

const INVALID_LINK = { error: 'INVALID_LINK', message: 'Invalid or expired invite/reset link' };
const INVALID_CODE = { error: 'INVALID_CODE', message: 'Invalid or expired code' };
export const MIN_PASSWORD_LENGTH = 8;
const tags = ['account'];

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const lifetimes = { accessSeconds: app.config.accessTokenTtlSeconds, refreshSeconds: app.config.refreshTokenTtlSeconds };
  const activeUserByEmail = (email: string) =>
    app.db.selectFrom('users').selectAll().where(sql`lower(email)`, '=', email.trim().toLowerCase()).where('deactivated_at', 'is', null).executeTakeFirst();

  r.post(
    '/api/invite-token/:id',
    {
      schema: {
        summary: 'Open an invitation link: e-mails a one-time code to the invited address',
        tags,
        params: z.object({ id: z.string().min(10).max(200) }),
        response: { 200: z.object({ email: z.string(), type: z.literal('invite') }), 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const limited = await hitRateLimit(app.db, `invite-link:${request.ip}`, 30, 900);
      if (!limited.allowed) return reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes.' });
      const row = await app.db
        .selectFrom('account_tokens as t')
        .innerJoin('users as u', 'u.id', 't.user_id')
        .select(['u.id', 'u.email', 'u.user_firstname', 'u.status'])
        .where('t.token_hash', '=', hashToken(request.params.id))
        .where('t.purpose', '=', 'invite')
        .where('t.used_at', 'is', null)
        .where('t.expires_at', '>', new Date())
        .where('u.deactivated_at', 'is', null)
        .executeTakeFirst();
      if (!row || row.status !== 'invited') return reply.code(400).send(INVALID_LINK);
      await mailVerificationCode(app.db, row, 'email');
      app.mail.wake();
      return { email: row.email, type: 'invite' as const };
    },
  );

  r.post(
    '/api/auth/verify-otp',
    {
      schema: {
        summary: 'Check an e-mailed one-time code; signs the person in on success',
        tags,
        body: z.object({
          email: z.string({ error: 'Please enter both email and code' }).trim().min(1, 'Please enter both email and code').max(320),
          token: z.string({ error: 'Please enter both email and code' }).trim().min(1, 'Please enter both email and code').max(20),
          type: z.enum(['email', 'recovery']).default('email'),
        }),
        response: { 200: sessionReply, 400: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const { email, token, type } = request.body;
      const limited = await hitRateLimit(app.db, `otp:${email.toLowerCase()}`, 20, 900);
      if (!limited.allowed) return reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes.' });
      const user = await activeUserByEmail(email);
      if (!user || !(await verifyOneTimeCode(app.db, user.id, type, token))) return reply.code(400).send(INVALID_CODE);
      const tokens = await createSession(app.db, user.id, lifetimes, { userAgent: request.headers['user-agent'], ip: request.ip });
      app.setSessionCookies(reply, tokens);
      return { user: toMe(user) };
    },
  );

  r.post(
    '/api/auth/exchange',
    {
      schema: {
        summary: 'Exchange an invitation or reset link token for a session (single use)',
        tags,
        body: z.object({ token: z.string().min(1, 'token is required').max(200), flow: z.enum(['invite', 'reset']) }),
        response: { 200: sessionReply, 400: errorBody },
      },
    },
    async (request, reply) => {
      const userId = await consumeLinkToken(app.db, request.body.token, request.body.flow);
      const user = userId ? await app.db.selectFrom('users').selectAll().where('id', '=', userId).where('deactivated_at', 'is', null).executeTakeFirst() : undefined;
      if (!user) return reply.code(400).send(INVALID_LINK);
      const tokens = await createSession(app.db, user.id, lifetimes, { userAgent: request.headers['user-agent'], ip: request.ip });
      app.setSessionCookies(reply, tokens);
      return { user: toMe(user) };
    },
  );

  r.post(
    '/api/auth/update-password',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "Set the signed-in person's password (activates an invited account); signs out their other sessions",
        tags,
        body: z.object({ password: z.string({ error: 'Password is required' }).max(1024, 'Password must be at most 1024 characters') }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorBody.extend({ detail: z.string() }), 401: errorBody },
      },
    },
    async (request, reply) => {
      const { password } = request.body;
      if (password.length < MIN_PASSWORD_LENGTH) {
        const detail = `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
        return reply.code(400).send({ error: 'VALIDATION', message: `password: ${detail}`, detail });
      }
      const me = request.user!;
      await setPassword(app.store, me.id, password, commandOptions(request));
      await app.db
        .updateTable('auth_sessions')
        .set({ revoked_at: new Date(), revoked_reason: 'password changed' })
        .where('user_id', '=', me.id)
        .where('id', '!=', me.sessionId)
        .where('revoked_at', 'is', null)
        .execute();
      sessionsRevoked();
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/reset-password-request',
    {
      schema: {
        summary: 'Ask for a password reset: e-mails a code and a link when the account exists; the answer is the same either way',
        tags,
        body: z.object({ email: z.string({ error: 'Email is required' }).trim().min(1, 'Email is required').max(320) }),
        response: { 200: z.object({ ok: z.literal(true) }), 400: errorBody },
      },
    },
    async (request) => {
      const email = request.body.email.toLowerCase();
      const limited = await hitRateLimit(app.db, `reset:${email}`, 5, 900);
      const user = limited.allowed ? await activeUserByEmail(email) : undefined;
      if (user) {
        await app.db.transaction().execute(async (trx) => {
          const link = await createLinkToken(trx, user.id, 'reset');
          const url = `${app.config.publicUrl}/auth?type=reset&token=${encodeURIComponent(link)}&email=${encodeURIComponent(user.email)}`;
          await mailVerificationCode(trx, user, 'recovery', `\nOr open this link to choose a new password: ${url}`);
        });
        app.mail.wake();
      }
      return { ok: true as const };
    },
  );
}
