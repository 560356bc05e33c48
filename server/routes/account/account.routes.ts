/**
 * Account links and codes: the invitation link, one-time codes, link exchange, setting a password
 * and asking for a reset. Every answer that could tell whether an account exists is the same.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { exchangeBody, inviteTokenAnswer, inviteTokenParams, ok, resetRequestBody, updatePasswordBody, verifyOtpBody } from '../../../contract/auth.ts';
import { errorResponses } from '../../../contract/errors.ts';
import { loginReply } from '../../../contract/sign-in.ts';
import { afterFirstStep } from '../../auth/sign-in-flow.ts';
import { INVALID_CODE, INVALID_LINK } from '../../../contract/messages.ts';
import { activeUserByEmail, userById } from '../../../projections/users/queries.ts';
import { consumeLinkToken, createLinkToken, invitedUserOfLink, verifyOneTimeCode } from '../../auth/account-tokens.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { revokeOtherSessions } from '../../auth/session-store.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { setPassword } from '../../users/user-commands.ts';
import { mailVerificationCode } from '../users/invitations.ts';

const LINK_REFUSED = { error: 'INVALID_LINK', message: INVALID_LINK };
const CODE_REFUSED = { error: 'INVALID_CODE', message: INVALID_CODE };
const tags = ['account'];

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/invite-token/:id',
    {
      schema: {
        summary: 'Open an invitation link: e-mails a one-time code to the invited address',
        tags,
        params: inviteTokenParams,
        response: { 200: inviteTokenAnswer, ...errorResponses },
      },
    },
    async (request, reply) => {
      const limited = await hitRateLimit(app.db, `invite-link:${request.ip}`, 30, 900);
      if (!limited.allowed) return reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes.' });
      const user = await invitedUserOfLink(app.db, request.params.id);
      if (!user) return reply.code(400).send(LINK_REFUSED);
      await mailVerificationCode(app.db, user, 'email');
      app.mail.wake();
      return { email: user.email, type: 'invite' as const };
    },
  );

  r.post(
    '/api/auth/verify-otp',
    {
      schema: {
        summary: 'Check an e-mailed one-time code; signs the person in on success, or asks for their second factor',
        tags,
        body: verifyOtpBody,
        response: { 200: loginReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { email, token, type } = request.body;
      const limited = await hitRateLimit(app.db, `otp:${email}`, 20, 900);
      if (!limited.allowed) return reply.code(429).send({ error: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes.' });
      const user = await activeUserByEmail(app.db, email);
      if (!user || !(await verifyOneTimeCode(app.db, user.id, type, token))) return reply.code(400).send(CODE_REFUSED);
      // An e-mailed code is not a second factor: a person who has one is asked for it next.
      const step = { userId: user.id, secondFactors: user.second_factors, passed: true, how: { method: 'email-code' as const, provider: null } };
      return (await afterFirstStep(app, request, reply, step))!;
    },
  );

  r.post(
    '/api/auth/exchange',
    {
      schema: {
        summary: 'Exchange an invitation or reset link token for a session (single use), or the second-factor step',
        tags,
        body: exchangeBody,
        response: { 200: loginReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = await consumeLinkToken(app.db, request.body.token, request.body.flow);
      const user = userId ? await userById(app.db, userId, { activeOnly: true }) : undefined;
      // A link is a credential: refused, it answers as a failed sign-in does, whatever the reason.
      if (!user) return reply.code(401).send(LINK_REFUSED);
      // A reset link must not get round a second factor: a person who has one is asked for it next.
      const step = { userId: user.id, secondFactors: user.second_factors, passed: true, how: { method: 'link' as const, provider: null } };
      return (await afterFirstStep(app, request, reply, step))!;
    },
  );

  r.post(
    '/api/auth/update-password',
    {
      config: { sessionOnly: true },
      schema: {
        summary: "Set the signed-in person's password (at least 8 characters; activates an invited account); signs out their other sessions",
        tags,
        body: updatePasswordBody,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.caller;
      await setPassword(app.store, me.id, request.body.password, commandOptions(request));
      await revokeOtherSessions(app.db, me.id, me.sessionId, 'password changed');
      return { ok: true as const };
    },
  );

  r.post(
    '/api/auth/reset-password-request',
    {
      schema: {
        summary: 'Ask for a password reset: e-mails a code and a link when the account exists; the answer is the same either way',
        tags,
        body: resetRequestBody,
        response: { 200: ok, ...errorResponses },
      },
    },
    async (request) => {
      const { email } = request.body;
      const limited = await hitRateLimit(app.db, `reset:${email}`, 5, 900);
      const user = limited.allowed ? await activeUserByEmail(app.db, email) : undefined;
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
