/**
 * Webhook endpoints (a project's, or the site-wide ones): list, register, edit, switch off and on,
 * rotate the signing secret, delete, read the attempt log and replay from a ledger position.
 * Creation and rotation answer the secret once; nothing here keeps it.
 */
import type { z } from 'zod';
import type {
  CreateWebhookBody,
  replayResult,
  UpdateWebhookBody,
  WebhookAttempt,
  webhookAttemptPage,
  WebhookEndpoint,
  WebhookWithSecret,
} from '@contract/webhooks.ts';
import { baseApi } from './base-api.ts';

export type { WebhookAttempt, WebhookEndpoint, WebhookWithSecret };
export type WebhookAttemptPage = z.infer<typeof webhookAttemptPage>;
export type ReplayResult = z.infer<typeof replayResult>;

/** The server's page of the attempt log. */
export const WEBHOOK_ATTEMPTS_PAGE_SIZE = 50;

/** The list tag of one scope: a project's endpoints, or the site-wide ones (project id null). */
const scopeTag = (projectId: string | null) => ({ type: 'Webhooks' as const, id: projectId ?? 'SITE' });

export const webhooksApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWebhooks: build.query<WebhookEndpoint[], string | null>({
      query: (projectId) => ({ url: 'api/webhooks', params: projectId ? { project_id: projectId } : {} }),
      transformResponse: (answer: { items: WebhookEndpoint[] }) => answer.items,
      providesTags: (_result, _error, projectId) => [scopeTag(projectId)],
    }),
    createWebhook: build.mutation<WebhookWithSecret, CreateWebhookBody>({
      query: (body) => ({ url: 'api/webhooks', method: 'POST', body }),
      invalidatesTags: (_result, error, body) => (error ? [] : [scopeTag(body.project_id)]),
    }),
    updateWebhook: build.mutation<WebhookEndpoint, { endpoint: WebhookEndpoint; patch: UpdateWebhookBody }>({
      query: ({ endpoint, patch }) => ({ url: `api/webhooks/${endpoint.id}`, method: 'PATCH', body: patch }),
      invalidatesTags: (_result, error, { endpoint }) => (error ? [] : [scopeTag(endpoint.project_id)]),
    }),
    deleteWebhook: build.mutation<void, WebhookEndpoint>({
      query: (endpoint) => ({ url: `api/webhooks/${endpoint.id}`, method: 'DELETE' }),
      invalidatesTags: (_result, error, endpoint) => (error ? [] : [scopeTag(endpoint.project_id)]),
    }),
    rotateWebhookSecret: build.mutation<WebhookWithSecret, WebhookEndpoint>({
      query: (endpoint) => ({ url: `api/webhooks/${endpoint.id}/rotate-secret`, method: 'POST' }),
      invalidatesTags: (_result, error, endpoint) => (error ? [] : [scopeTag(endpoint.project_id)]),
    }),
    listWebhookAttempts: build.query<WebhookAttemptPage, { id: string; page: number }>({
      query: ({ id, page }) => ({ url: `api/webhooks/${id}/attempts`, params: { page } }),
      providesTags: (_result, _error, { id }) => [{ type: 'WebhookAttempts', id }],
    }),
    replayWebhook: build.mutation<ReplayResult, { endpoint: WebhookEndpoint; fromPosition: number }>({
      query: ({ endpoint, fromPosition }) => ({ url: `api/webhooks/${endpoint.id}/replay`, method: 'POST', body: { from_position: fromPosition } }),
      invalidatesTags: (_result, error, { endpoint }) => (error ? [] : [scopeTag(endpoint.project_id), { type: 'WebhookAttempts', id: endpoint.id }]),
    }),
  }),
});

export const {
  useListWebhooksQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useRotateWebhookSecretMutation,
  useListWebhookAttemptsQuery,
  useReplayWebhookMutation,
} = webhooksApi;
