/**
 * Webhooks: the ledger told to another system as it happens. An endpoint (a project's, registered by
 * its admin, or site-wide, by a superadmin) names the kinds it wants; each committed event of those
 * kinds becomes one delivery, a Standard Webhooks request (`webhook-id`, `webhook-timestamp`,
 * `webhook-signature`: HMAC-SHA256 with the endpoint's `whsec_` secret), sent in ledger order per
 * endpoint, retried with backoff for up to a day, and re-sendable from any ledger position.
 *
 * Guarantees: at least once (a receiver de-duplicates on `webhook-id`, the same on every retry and
 * replay), in ledger order per endpoint, nothing lost across crashes and restarts, and one server
 * process delivering for an endpoint at a time.
 */
import { z } from 'zod';
import { id, pageNumber, text } from './fields.ts';

export const WEBHOOK_EVENT_KINDS = [
  'stock.moved',
  'request.changed',
  'transfer.changed',
  'label_import.finished',
  'count.posted',
  'checkpoint.signed',
] as const;
export type WebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];
export const WEBHOOK_KIND_LABELS: Record<WebhookEventKind, string> = {
  'stock.moved': 'Stock moved',
  'request.changed': 'Request changed',
  'transfer.changed': 'Transfer changed',
  'label_import.finished': 'Label import finished',
  'count.posted': 'Count posted',
  'checkpoint.signed': 'Checkpoint signed',
};

export const WEBHOOK_LIMITS = {
  urlMax: 2000,
  descriptionMax: 200,
  /** A request body never exceeds this; a larger event is sent without its details (`truncated`). */
  bodyMaxBytes: 256 * 1024,
  timeoutMs: 5000,
  /** Failures of an endpoint's oldest delivery are retried for this long, then the endpoint is disabled. */
  retryForMs: 24 * 60 * 60 * 1000,
  /** Of a receiver's answer, this much is kept in the attempt log. */
  responseExcerptBytes: 1024,
} as const;

export const WEBHOOK_HEADERS = { id: 'webhook-id', timestamp: 'webhook-timestamp', signature: 'webhook-signature' } as const;

export const WEBHOOK_MESSAGES = {
  url: 'URL must be an https address.',
  privateAddress: 'URL must not point to a private, loopback or link-local address.',
  unresolvable: 'URL names a host that could not be found.',
  kindsRequired: 'Choose at least one kind of event.',
  disabledGone: 'Disabled: the receiver answered 410 Gone.',
  disabledFailing: 'Disabled: deliveries failed for 24 hours.',
} as const;

export const webhookKinds = z
  .array(z.enum(WEBHOOK_EVENT_KINDS, { error: `Kinds are ${WEBHOOK_EVENT_KINDS.join(', ')}.` }))
  .min(1, WEBHOOK_MESSAGES.kindsRequired);
const url = text({ label: 'URL', max: WEBHOOK_LIMITS.urlMax, required: 'URL is required.' });
const description = text({ label: 'Description', max: WEBHOOK_LIMITS.descriptionMax }).optional().default('');

export const createWebhookBody = z.object({
  /** Null: site-wide (superadmin); otherwise the project's (its admin). */
  project_id: id('Project').nullable(),
  url,
  kinds: webhookKinds,
  description,
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;
export const updateWebhookBody = z
  .object({ url, kinds: webhookKinds, description: text({ label: 'Description', max: WEBHOOK_LIMITS.descriptionMax }), enabled: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length > 0, 'Send url, kinds, description or enabled');
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;
export const replayWebhookBody = z.object({
  /** Every matching event after this ledger position is sent again, in ledger order. */
  from_position: z
    .number({ error: 'From position must be a whole number.' })
    .int('From position must be a whole number.')
    .min(0, 'From position must be 0 or more.'),
});
export const webhooksQuery = z.object({ project_id: id('Project').optional() });
export const webhookAttemptsQuery = z.object({ page: pageNumber() });

export const webhookEndpoint = z.object({
  id: z.string(),
  project_id: z.string().nullable(),
  url: z.string(),
  kinds: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
  description: z.string(),
  enabled: z.boolean(),
  disabled_reason: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string(),
  /** Deliveries waiting (not yet answered 2xx). */
  pending: z.number(),
  /** The ledger position of the last delivered event, if any. */
  delivered_position: z.number().nullable(),
  last_attempt_at: z.string().nullable(),
  /** Since when the oldest waiting delivery has been failing, if it is. */
  failing_since: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
/** Creation and secret rotation answer the secret: the only time it is shown. */
export const webhookWithSecret = webhookEndpoint.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof webhookWithSecret>;
export const webhookList = z.object({ items: z.array(webhookEndpoint) });

export const webhookAttempt = z.object({
  id: z.string(),
  /** The delivery's `webhook-id`. */
  message_id: z.string(),
  kind: z.enum(WEBHOOK_EVENT_KINDS),
  position: z.number(),
  attempted_at: z.string(),
  /** The receiver's status, or null when none came (timeout, refused connection, refused address). */
  status: z.number().nullable(),
  error: z.string().nullable(),
  latency_ms: z.number(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;
export const webhookAttemptPage = z.object({ items: z.array(webhookAttempt), total: z.number() });
export const replayResult = z.object({ queued: z.number() });

/** The body of every delivery (Standard Webhooks' `type`, `timestamp`, `data`). */
export interface WebhookPayload {
  type: WebhookEventKind;
  timestamp: string;
  data: {
    /** The ledger event's type (`MaterialReceived`), or `CheckpointSigned`. */
    event: string;
    /** Its global ledger position: replay from here re-sends what follows. */
    position: number;
    stream: string | null;
    project_id: string | null;
    occurred_at: string;
    actor: { id: string | null; name: string } | null;
    /** The event's own fields; absent when they would take the body past 256 KB (`truncated`). */
    details?: unknown;
    /** The figures after the event (for stock: on hand, field-assigned, lost of that part there). */
    figures?: Record<string, number>;
    truncated?: true;
  };
}

export const webhookIdParams = z.object({ id: id('Webhook', 'Webhook id must be a valid id') });
export const WEBHOOK_ATTEMPTS_PAGE_SIZE = 50;
export const WEBHOOK_NOT_FOUND = 'Webhook not found.';
export const WEBHOOK_PROJECT_ADMINS_ONLY = "Only the project's admins can manage its webhooks.";
export const WEBHOOK_SITE_SUPERADMIN_ONLY = 'Only a superadmin can manage site-wide webhooks.';
