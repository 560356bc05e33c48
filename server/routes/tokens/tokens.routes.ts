/**
 * API tokens (contract/api-tokens.ts): a person's own tokens, and the superadmin's service tokens.
 * Managing tokens is the session's: a token cannot make, list or revoke tokens (`sessionOnly`).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenList, createdApiToken, createPersonalTokenBody, createServiceTokenBody } from '../../../contract/api-tokens.ts';
import { errorResponses } from '../../../contract/errors.ts';
import { id } from '../../../contract/fields.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { createPersonalToken, createServiceToken, listPersonalTokens, listServiceTokens, revokeToken } from '../../auth/api-tokens.ts';

export const TOKEN_NOT_FOUND = 'API token not found.';
const tokenParams = z.object({ id: id('Token') });
const tags = ['tokens'];
const personal = { config: { sessionOnly: true } };
const service = { config: { sessionOnly: true, access: 'token.service' as const } };

export async function tokenRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/tokens',
    {
      ...personal,
      schema: { summary: "The caller's personal API tokens, newest first, revoked ones included", tags, response: { 200: apiTokenList, ...errorResponses } },
    },
    async (request) => ({ items: await listPersonalTokens(app.db, request.caller.id) }),
  );

  r.post(
    '/api/tokens',
    {
      ...personal,
      schema: {
        summary: 'Create a personal API token (acts as the caller, narrowed by its scopes and projects); the answer is the only time the token is shown',
        tags,
        body: createPersonalTokenBody,
        response: { 201: createdApiToken, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createPersonalToken(app.db, request.caller, request.body)),
  );

  r.delete(
    '/api/tokens/:id',
    {
      ...personal,
      schema: { summary: 'Revoke one of your API tokens, on every server at once', tags, params: tokenParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      if (!(await revokeToken(app.db, request.params.id, request.caller.id))) throw new DomainError('NOT_FOUND', TOKEN_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/service-tokens',
    {
      ...service,
      schema: { summary: 'Service API tokens (no person: a role of their own), newest first', tags, response: { 200: apiTokenList, ...errorResponses } },
    },
    async () => ({ items: await listServiceTokens(app.db) }),
  );

  r.post(
    '/api/service-tokens',
    {
      ...service,
      schema: {
        summary: 'Create a service API token: a global role site-wide, or a project role in one project; the answer is the only time the token is shown',
        tags,
        body: createServiceTokenBody,
        response: { 201: createdApiToken, ...errorResponses },
      },
    },
    async (request, reply) => reply.code(201).send(await createServiceToken(app.db, request.caller.id, request.body)),
  );

  r.delete(
    '/api/service-tokens/:id',
    {
      ...service,
      schema: { summary: 'Revoke a service API token, on every server at once', tags, params: tokenParams, response: { 204: z.null(), ...errorResponses } },
    },
    async (request, reply) => {
      if (!(await revokeToken(app.db, request.params.id, null))) throw new DomainError('NOT_FOUND', TOKEN_NOT_FOUND);
      return reply.code(204).send(null);
    },
  );
}
