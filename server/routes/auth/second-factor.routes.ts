/**
 * The second step of a sign-in: a passkey, an authenticator code or a recovery code, after a
 * password, an e-mailed code, an account link or a single sign-on. It has its own rate limits, and
 * its refusal is the same whether the first step, the factor or both were wrong.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/errors.ts';
import { secondFactorBody, SIGN_IN_LIMITS, SIGN_IN_MESSAGES, type SecondFactorBody, type SignInMethod } from '../../../contract/sign-in.ts';
import { sessionReply } from '../../../contract/auth.ts';
import { passkeyAssertionOk } from '../../auth/factors/passkeys.ts';
import { spendRecoveryCode } from '../../auth/factors/recovery-codes.ts';
import { verifyTotpCode } from '../../auth/factors/totp.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { ATTEMPT_COOKIE, attemptOf, countTry, endAttempt, type SignInAttempt } from '../../auth/sign-in-attempts.ts';
import { clearAttemptCookie, type SsoSession, startSession } from '../../auth/sign-in-flow.ts';

const REFUSED = { error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.refused };
const EXPIRED = { error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.attemptExpired };
const TOO_MANY = { error: 'RATE_LIMITED', message: SIGN_IN_MESSAGES.tooManyTries };

export async function secondFactorRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /**
   * Checks the factor; with `use`, a code is used up (a recovery code is then recorded with the
   * sign-in) and a passkey's counter moves on. Checked the same way either way, so a wrong first
   * step is not told apart by how long the answer takes.
   */
  async function factorOk(userId: string, body: SecondFactorBody, attempt: SignInAttempt, use: boolean): Promise<boolean> {
    switch (body.method) {
      case 'totp':
        return verifyTotpCode(app.db, userId, body.code, use);
      case 'recovery':
        return spendRecoveryCode(app.db, userId, body.code, use);
      case 'passkey':
        return passkeyAssertionOk(app, userId, body.response, attempt, use);
    }
  }

  r.post(
    '/api/login/second-factor',
    {
      schema: {
        summary: 'Pass the second step of a sign-in with a passkey, an authenticator code or a recovery code; sets the session cookies',
        tags: ['auth'],
        body: secondFactorBody,
        response: { 200: sessionReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const attempt = await attemptOf(app.db, request.cookies[ATTEMPT_COOKIE], 'second-factor');
      if (!attempt?.userId) {
        clearAttemptCookie(app, reply);
        return reply.code(401).send(EXPIRED);
      }
      const userId = attempt.userId;
      // Per person across attempts and processes: a fresh password attempt buys no fresh guesses.
      const perUser = await hitRateLimit(app.db, `2fa:user:${userId}`, SIGN_IN_LIMITS.perUserTries, SIGN_IN_LIMITS.perUserWindowSeconds);
      const tries = await countTry(app.db, attempt);
      if (!perUser.allowed || tries > SIGN_IN_LIMITS.attemptTries) {
        if (tries > SIGN_IN_LIMITS.attemptTries) await endAttempt(app.db, attempt);
        reply.header('retry-after', String(perUser.allowed ? 60 : perUser.retryAfterSeconds));
        return reply.code(429).send(TOO_MANY);
      }
      // A wrong first step is refused here, after the factor, in the same words: nothing is used up.
      const ok = (await factorOk(userId, request.body, attempt, attempt.passwordOk)) && attempt.passwordOk;
      if (!ok) return reply.code(401).send(REFUSED);
      // Answered twice at once, the step signs in once.
      if (!(await endAttempt(app.db, attempt))) return reply.code(401).send(EXPIRED);
      clearAttemptCookie(app, reply);
      const how = (attempt.data.how ?? { method: 'password', provider: null }) as { method: SignInMethod; provider: string | null };
      // After a single sign-on, the session keeps the provider's ID token for signing out there.
      const sso = attempt.data.sso as SsoSession | undefined;
      return startSession(app, request, reply, userId, { method: how.method, provider: how.provider, secondFactor: request.body.method }, sso);
    },
  );
}
