/** A person's sign-in history, and an admin's look at and reset of someone's second factors. */
import type { FastifyInstance } from 'fastify';
import { userById } from '../../../projections/users/queries.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/errors.ts';
import { USER_NOT_FOUND } from '../../../contract/messages.ts';
import { resetFactorsParams, securityHistoryPage, securityHistoryQuery, securityOverview } from '../../../contract/sign-in.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { securityOverviewOf } from '../../auth/factors/overview.ts';
import { roleOf } from '../../plugins/auth.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { resetSecondFactors } from '../../users/reset-factors.ts';
import { securityHistoryOf } from '../../users/security-history.ts';

export async function secondFactorAdminRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Deactivated people keep their history; only someone who never was is unknown. */
  async function requireUser(userId: string): Promise<void> {
    const user = await userById(app.db, userId);
    if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
  }

  r.get(
    '/api/account/security/history',
    {
      config: { sessionOnly: true },
      schema: {
        summary: "The signed-in person's sign-ins and security changes, newest first, 50 a page (next page: before=next_before)",
        tags: ['account'],
        querystring: securityHistoryQuery,
        response: { 200: securityHistoryPage, ...errorResponses },
      },
    },
    async (request) => securityHistoryOf(app.db, request.caller.id, request.query.before),
  );

  r.get(
    '/api/users/:id/security/history',
    {
      config: { access: 'user.security' },
      schema: {
        summary: "A person's sign-ins and security changes, newest first, 50 a page (global admins and superadmins)",
        tags: ['users'],
        params: resetFactorsParams,
        querystring: securityHistoryQuery,
        response: { 200: securityHistoryPage, ...errorResponses },
      },
    },
    async (request) => {
      await requireUser(request.params.id);
      return securityHistoryOf(app.db, request.params.id, request.query.before);
    },
  );

  r.get(
    '/api/users/:id/security',
    {
      config: { access: 'user.security' },
      schema: {
        summary: "A person's second factors and whether the site requires one of them (global admins and superadmins)",
        tags: ['users'],
        params: resetFactorsParams,
        response: { 200: securityOverview, ...errorResponses },
      },
    },
    async (request) => {
      await requireUser(request.params.id);
      return securityOverviewOf(app.db, request.params.id);
    },
  );

  r.post(
    '/api/users/:id/second-factors/reset',
    {
      // Credentials are managed by a person at a screen, never by a token.
      config: { access: 'user.security', sessionOnly: true },
      schema: {
        summary:
          "Take away every second factor of a person (passkeys, authenticator app, recovery codes); recorded with who did it. A superadmin resets anyone's, a global admin anyone's but an admin's",
        tags: ['users'],
        params: resetFactorsParams,
        response: { 200: securityOverview, ...errorResponses },
      },
    },
    async (request) => {
      const userId = request.params.id;
      await resetSecondFactors(app.store, app.db, roleOf(request.caller), userId, commandOptions(request));
      return securityOverviewOf(app.db, userId);
    },
  );
}
