/**
 * The authenticator app (TOTP) and recovery codes of the signed-in person: start enrolment (a new
 * secret and its QR code), confirm it with a code (the app is then a second factor, and the first
 * recovery codes are shown once), remove it, and replace the recovery codes.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import { recoveryCodes, SIGN_IN_MESSAGES, totpConfirmBody, totpEnrolment } from '../../../contract/sign-in.ts';
import { DomainError } from '../../../ledger/errors.ts';
import type { Trx } from '../../../ledger/event-store/event-store.ts';
import { changeFactors, changeFactorsTogether } from '../../auth/factors/factor-commands.ts';
import { newRecoveryCodes, storeRecoveryCodes, unusedRecoveryCodes } from '../../auth/factors/recovery-codes.ts';
import { confirmPendingSecret, deleteTotpSecret, matchingStep, newTotpSecret, totpEnrolmentOf, storePendingSecret, totpOf } from '../../auth/factors/totp.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { secondFactorStandingOf } from '../../auth/second-factor-policy.ts';
import { commandOptions } from '../../plugins/command-context.ts';

const tags = ['account'];
const NO_FACTOR_YET = 'Set up a passkey or an authenticator app first: recovery codes stand in for one.';
const SETUP_CHANGED = 'The authenticator app was set up again meanwhile: scan the newest QR code and enter its code.';

export async function totpRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    '/api/account/totp',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Start setting up an authenticator app: a new secret and its QR code, confirmed with POST /api/account/totp/confirm',
        tags,
        response: { 200: totpEnrolment, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.caller;
      if ((await totpOf(app.db, me.id))?.confirmed_at) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.totpAlreadyEnrolled);
      const secret = newTotpSecret();
      // Confirmed between the check and the write (another tab): the app the person set up keeps its secret.
      if (!(await storePendingSecret(app.db, me.id, secret))) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.totpAlreadyEnrolled);
      return totpEnrolmentOf(secret, me.email);
    },
  );

  r.post(
    '/api/account/totp/confirm',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Confirm the authenticator app with a code: it becomes a second factor; the first recovery codes are answered once',
        tags,
        body: totpConfirmBody,
        response: { 200: recoveryCodes, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const limited = await hitRateLimit(app.db, `totp-confirm:${me.id}`, 10, 900);
      if (!limited.allowed) return reply.code(429).send({ error: 'RATE_LIMITED', message: SIGN_IN_MESSAGES.tooManyTries });
      const pending = await totpOf(app.db, me.id);
      if (pending?.confirmed_at) throw new DomainError('CONFLICT', SIGN_IN_MESSAGES.totpAlreadyEnrolled);
      if (!pending) throw new DomainError('NOT_FOUND', 'Start setting up the authenticator app again.');
      const step = await matchingStep(pending.secret, request.body.code, null);
      if (step === null) throw new DomainError('VALIDATION', SIGN_IN_MESSAGES.totpCodeRefused, 'code');
      const codes = (await unusedRecoveryCodes(app.db, me.id)) === 0 ? newRecoveryCodes() : [];
      const enrol = {
        command: { type: 'EnrolAuthenticatorApp' as const, data: {} },
        write: async (trx: Trx) => {
          // Confirms the secret the code was checked against: a setup started again meanwhile is not confirmed by it.
          if (!(await confirmPendingSecret(trx, me.id, pending.secret, step))) throw new DomainError('CONFLICT', SETUP_CHANGED);
        },
      };
      const firstCodes = {
        command: { type: 'GenerateRecoveryCodes' as const, data: { count: codes.length } },
        write: (trx: Trx) => storeRecoveryCodes(trx, me.id, codes),
      };
      await changeFactorsTogether(app.store, me.id, codes.length > 0 ? [enrol, firstCodes] : [enrol], commandOptions(request));
      return { codes };
    },
  );

  r.delete(
    '/api/account/totp',
    {
      config: { sessionOnly: true },
      schema: {
        summary: 'Remove the authenticator app (refused when it is the last factor the site requires)',
        tags,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const { second_factor_required } = await secondFactorStandingOf(app.db, me.id);
      await changeFactors(
        app.store,
        {
          userId: me.id,
          command: { type: 'RemoveAuthenticatorApp', data: { factorRequired: second_factor_required } },
          write: (trx) => deleteTotpSecret(trx, me.id),
        },
        commandOptions(request),
      );
      return reply.code(204).send(null);
    },
  );

  r.post(
    '/api/account/recovery-codes',
    {
      config: { sessionOnly: true },
      schema: { summary: 'Ten new recovery codes, answered once; the old ones stop working', tags, response: { 200: recoveryCodes, ...errorResponses } },
    },
    async (request) => {
      const me = request.caller;
      const { second_factors } = await secondFactorStandingOf(app.db, me.id);
      if (second_factors === 0) throw new DomainError('CONFLICT', NO_FACTOR_YET);
      const codes = newRecoveryCodes();
      await changeFactors(
        app.store,
        { userId: me.id, command: { type: 'GenerateRecoveryCodes', data: { count: codes.length } }, write: (trx) => storeRecoveryCodes(trx, me.id, codes) },
        commandOptions(request),
      );
      return { codes };
    },
  );
}
