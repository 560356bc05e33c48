/**
 * Webhook endpoints: a project's, managed by its admins; site-wide ones, by the superadmin
 * (webhook-access.ts). The secret is answered only when it is made (registration, rotation).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import {
  createWebhookBody,
  replayResult,
  replayWebhookBody,
  updateWebhookBody,
  WEBHOOK_ATTEMPTS_PAGE_SIZE,
  webhookAttemptPage,
  webhookAttemptsQuery,
  webhookEndpoint,
  webhookIdParams,
  webhookList,
  webhooksQuery,
  webhookWithSecret,
} from '../../../contract/webhooks.ts';
import {
  attemptPage,
  createEndpoint,
  deleteEndpoint,
  endpointScope,
  listEndpoints,
  readEndpoint,
  rotateSecret,
  updateEndpoint,
} from '../../webhooks/endpoints.ts';
import { demandEndpointAccess, demandWebhookScope } from '../../webhooks/webhook-access.ts';

const tags = ['webhooks'];

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Loads the endpoint's scope and refuses a caller who may not manage it. */
  const managed = async (caller: Parameters<typeof demandEndpointAccess>[1], id: string) => {
    const { project_id } = await endpointScope(app.db, id);
    await demandEndpointAccess(app.access, caller, project_id);
  };

  r.get(
    '/api/webhooks',
    {
      schema: {
        summary: "A project's webhook endpoints (its admins), or without project_id the site-wide ones (superadmin)",
        tags,
        querystring: webhooksQuery,
        response: { 200: webhookList, ...errorResponses },
      },
    },
    async (request) => {
      const projectId = request.query.project_id ?? null;
      await demandWebhookScope(app.access, request.caller, projectId);
      return { items: await listEndpoints(app.db, projectId) };
    },
  );

  r.post(
    '/api/webhooks',
    {
      schema: {
        summary: "Register a webhook endpoint: a project's (its admins) or site-wide (superadmin); the answer carries its secret, shown only now",
        tags,
        body: createWebhookBody,
        response: { 201: webhookWithSecret, ...errorResponses },
      },
    },
    async (request, reply) => {
      await demandWebhookScope(app.access, request.caller, request.body.project_id);
      return reply.code(201).send(await createEndpoint(app.store, request.body, request.caller.id));
    },
  );

  r.get(
    '/api/webhooks/:id',
    {
      schema: { summary: 'One webhook endpoint', tags, params: webhookIdParams, response: { 200: webhookEndpoint, ...errorResponses } },
    },
    async (request) => {
      await managed(request.caller, request.params.id);
      return readEndpoint(app.db, request.params.id);
    },
  );

  r.patch(
    '/api/webhooks/:id',
    {
      schema: {
        summary: 'Change a webhook endpoint: its URL, kinds, description, or whether it sends (enabling it again sends what waits at once)',
        tags,
        params: webhookIdParams,
        body: updateWebhookBody,
        response: { 200: webhookEndpoint, ...errorResponses },
      },
    },
    async (request) => {
      await managed(request.caller, request.params.id);
      const { endpoint, reenabled } = await updateEndpoint(app.db, request.params.id, request.body);
      if (reenabled) app.webhooks.enqueued();
      return endpoint;
    },
  );

  r.delete(
    '/api/webhooks/:id',
    {
      schema: {
        summary: 'Remove a webhook endpoint and what it had waiting',
        tags,
        params: webhookIdParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await managed(request.caller, request.params.id);
      await deleteEndpoint(app.db, request.params.id);
      return reply.code(204).send();
    },
  );

  r.post(
    '/api/webhooks/:id/rotate-secret',
    {
      schema: {
        summary: 'Give a webhook endpoint a new signing secret, shown only now',
        tags,
        params: webhookIdParams,
        response: { 200: webhookWithSecret, ...errorResponses },
      },
    },
    async (request) => {
      await managed(request.caller, request.params.id);
      return rotateSecret(app.db, request.params.id);
    },
  );

  r.get(
    '/api/webhooks/:id/attempts',
    {
      schema: {
        summary: `A webhook endpoint's delivery attempts, newest first, ${WEBHOOK_ATTEMPTS_PAGE_SIZE} a page`,
        tags,
        params: webhookIdParams,
        querystring: webhookAttemptsQuery,
        response: { 200: webhookAttemptPage, ...errorResponses },
      },
    },
    async (request) => {
      await managed(request.caller, request.params.id);
      return attemptPage(app.db, request.params.id, request.query.page);
    },
  );

  r.post(
    '/api/webhooks/:id/replay',
    {
      schema: {
        summary: 'Send again, in ledger order, every event and signed checkpoint after a ledger position that the endpoint hears of',
        tags,
        params: webhookIdParams,
        body: replayWebhookBody,
        response: { 200: replayResult, ...errorResponses },
      },
    },
    async (request) => {
      await managed(request.caller, request.params.id);
      return { queued: await app.webhooks.replay(request.params.id, request.body.from_position) };
    },
  );
}
