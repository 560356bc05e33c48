/**
 * Passkeys: a person's own (add, rename, remove), a passkey as the second step of a sign-in, and a
 * user-verifying passkey as a whole sign-in. Every challenge is issued and kept by the server, bound
 * to the sign-in attempt or the person it was issued for, and good for one answer.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import { sessionReply } from '../../../contract/auth.ts';
import {
  passkeyCreationOptions,
  passkeyParams,
  passkeyRequestOptions,
  passkeySignInBody,
  passkeySummary,
  registerPasskeyBody,
  renamePasskeyBody,
  SIGN_IN_MESSAGES,
} from '../../../contract/sign-in.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { changeFactors } from '../../auth/factors/factor-commands.ts';
import { deletePasskey, insertPasskey, passkeySummaryOf, renamePasskey } from '../../auth/factors/passkey-store.ts';
import { authenticationOptions, registrationOptions, verifiedAssertion, verifiedRegistration } from '../../auth/factors/passkeys.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { secondFactorStandingOf } from '../../auth/second-factor-policy.ts';
import { ATTEMPT_COOKIE, attemptOf, createAttempt, endAttempt, updateAttemptData, type AttemptKind } from '../../auth/sign-in-attempts.ts';
import { attemptCookieOptions, startSession } from '../../auth/sign-in-flow.ts';
import { commandOptions, displayName } from '../../plugins/command-context.ts';

/** Each ceremony's challenge behind its own cookie, so one never overwrites another's. */
const ENROL_COOKIE = 'sl_passkey_enrol';
const SIGN_IN_COOKIE = 'sl_passkey_sign_in';
const REFUSED = { error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.passkeyRefused };

export async function passkeyRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const account = ['account'];

  async function issue(request: FastifyRequest, reply: FastifyReply, cookie: string, kind: AttemptKind, userId: string | null, challenge: string) {
    // Options asked again replace the ones before: only the newest challenge is answerable.
    const previous = await attemptOf(app.db, request.cookies[cookie], kind);
    if (previous) await endAttempt(app.db, previous);
    const attempt = await createAttempt(app.db, { kind, userId, data: { challenge } });
    reply.setCookie(cookie, attempt.token, attemptCookieOptions(app, attempt.expiresAt));
  }

  r.post(
    '/api/account/passkeys/options',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Options to create a passkey (navigator.credentials.create); the challenge is kept by the server',
        tags: account,
        response: { 200: passkeyCreationOptions, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const options = await registrationOptions(app, { id: me.id, email: me.email, name: displayName(me) });
      await issue(request, reply, ENROL_COOKIE, 'enrol-passkey', me.id, options.challenge);
      return options;
    },
  );

  r.post(
    '/api/account/passkeys',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Add the passkey the browser created, under a name',
        tags: account,
        body: registerPasskeyBody,
        response: { 201: passkeySummary, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const attempt = await attemptOf(app.db, request.cookies[ENROL_COOKIE], 'enrol-passkey');
      if (!attempt || attempt.userId !== me.id || typeof attempt.data.challenge !== 'string' || !(await endAttempt(app.db, attempt)))
        throw new DomainError('VALIDATION', 'The passkey took too long to create. Please try again.', 'response');
      const credential = await verifiedRegistration(app, request.body.response, attempt.data.challenge);
      if (!credential) throw new DomainError('VALIDATION', SIGN_IN_MESSAGES.passkeyRefused, 'response');
      const passkeyId = randomUUID();
      const { name } = request.body;
      await changeFactors(
        app.store,
        {
          userId: me.id,
          command: { type: 'RegisterPasskey', data: { passkeyId, name } },
          write: (trx) => insertPasskey(trx, { ...credential, userId: me.id, passkeyId, name }),
        },
        commandOptions(request),
      );
      reply.clearCookie(ENROL_COOKIE, { path: '/api' });
      return reply.code(201).send(await passkeySummaryOf(app.db, passkeyId));
    },
  );

  r.patch(
    '/api/account/passkeys/:id',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Rename one of your passkeys',
        tags: account,
        params: passkeyParams,
        body: renamePasskeyBody,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const { id } = request.params;
      await changeFactors(
        app.store,
        {
          userId: me.id,
          command: { type: 'RenamePasskey', data: { passkeyId: id, name: request.body.name } },
          write: (trx) => renamePasskey(trx, me.id, id, request.body.name),
        },
        commandOptions(request),
      );
      return reply.code(204).send(null);
    },
  );

  r.delete(
    '/api/account/passkeys/:id',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Remove one of your passkeys (refused when it is the last factor the site requires)',
        tags: account,
        params: passkeyParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const { id } = request.params;
      const { second_factor_required } = await secondFactorStandingOf(app.db, me.id);
      await changeFactors(
        app.store,
        {
          userId: me.id,
          command: { type: 'RemovePasskey', data: { passkeyId: id, factorRequired: second_factor_required } },
          write: (trx) => deletePasskey(trx, me.id, id),
        },
        commandOptions(request),
      );
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/login/second-factor/passkey-options',
    {
      schema: {
        summary: "Options to answer a sign-in's second step with a passkey (navigator.credentials.get)",
        tags: ['auth'],
        response: { 200: passkeyRequestOptions, ...errorResponses },
      },
    },
    async (request, reply) => {
      const attempt = await attemptOf(app.db, request.cookies[ATTEMPT_COOKIE], 'second-factor');
      if (!attempt?.userId) return reply.code(401).send({ error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.attemptExpired });
      // The same options whether the password was right: the step must not tell.
      const options = await authenticationOptions(app, attempt.userId);
      await updateAttemptData(app.db, attempt, { ...attempt.data, challenge: options.challenge });
      return options;
    },
  );

  r.post(
    '/api/login/passkey/options',
    {
      schema: {
        summary: 'Options to sign in with a passkey alone (a discoverable, user-verifying one)',
        tags: ['auth'],
        response: { 200: passkeyRequestOptions, ...errorResponses },
      },
    },
    async (request, reply) => {
      const limited = await hitRateLimit(app.db, `passkey:ip:${request.ip}`, app.config.loginRateLimit * 5, app.config.loginRateWindowSeconds);
      if (!limited.allowed) return reply.code(429).send({ error: 'RATE_LIMITED', message: SIGN_IN_MESSAGES.tooManyTries });
      const options = await authenticationOptions(app, null);
      await issue(request, reply, SIGN_IN_COOKIE, 'passkey', null, options.challenge);
      return options;
    },
  );

  r.post(
    '/api/login/passkey',
    {
      schema: {
        summary: 'Sign in with a passkey that verified its holder (PIN or biometric): both factors in one',
        tags: ['auth'],
        body: passkeySignInBody,
        response: { 200: sessionReply, ...errorResponses },
      },
    },
    async (request, reply) => {
      const attempt = await attemptOf(app.db, request.cookies[SIGN_IN_COOKIE], 'passkey');
      // Each challenge answers once, whatever the answer.
      if (!attempt || typeof attempt.data.challenge !== 'string' || !(await endAttempt(app.db, attempt)))
        return reply.code(401).send({ error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.attemptExpired });
      reply.clearCookie(SIGN_IN_COOKIE, { path: '/api' });
      const checked = await verifiedAssertion(app, request.body.response, attempt.data.challenge, { userId: null, requireUserVerification: true });
      if (!checked.ok)
        return reply.code(401).send(checked.notUserVerifying ? { error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.passkeyNotUserVerifying } : REFUSED);
      return startSession(app, request, reply, checked.userId, { method: 'passkey', secondFactor: null, provider: null });
    },
  );
}
