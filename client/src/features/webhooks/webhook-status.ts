/**
 * What an endpoint's row says about it, from the fields the server answers: whether it delivers,
 * since when it fails, or why it was switched off; and the words for the kinds of events.
 */
import { WEBHOOK_EVENT_KINDS, WEBHOOK_KIND_LABELS, type WebhookEventKind } from '@contract/webhooks.ts';
import type { WebhookEndpoint } from '../../api/webhooks-api.ts';

export interface EndpointStatus {
  label: string;
  color: 'green' | 'orange' | 'gray';
  /** The reason it is off, or what failing means for it; null when there is nothing to add. */
  detail: string | null;
}

/** Switched off by a person (no reason recorded): said plainly, so it is not taken for a failure. */
export const DISABLED_BY_HAND = 'Switched off by an admin.';

export function endpointStatus(
  endpoint: Pick<WebhookEndpoint, 'enabled' | 'disabled_reason' | 'failing_since'>,
  formatTime: (iso: string) => string,
): EndpointStatus {
  if (!endpoint.enabled) return { label: 'Disabled', color: 'gray', detail: endpoint.disabled_reason ?? DISABLED_BY_HAND };
  if (endpoint.failing_since) {
    return {
      label: `Failing since ${formatTime(endpoint.failing_since)}`,
      color: 'orange',
      detail: 'Deliveries are retried; after 24 hours of failures the endpoint is disabled.',
    };
  }
  return { label: 'Active', color: 'green', detail: null };
}

/** The words for a kind of event ("Stock moved"); an unknown kind shows as sent. */
export function kindLabel(kind: string): string {
  return (WEBHOOK_KIND_LABELS as Record<string, string>)[kind] ?? kind;
}

/** The kinds in the contract's order, whatever order they were chosen in. */
export function orderedKinds(kinds: readonly string[]): WebhookEventKind[] {
  return WEBHOOK_EVENT_KINDS.filter((kind) => kinds.includes(kind));
}

/** One attempt's result: the receiver's status, or the error when no answer came. */
export function attemptResult(attempt: { status: number | null; error: string | null }): { text: string; ok: boolean } {
  if (attempt.status !== null) {
    const ok = attempt.status >= 200 && attempt.status < 300;
    return { text: attempt.error && !ok ? `${attempt.status} · ${attempt.error}` : String(attempt.status), ok };
  }
  return { text: attempt.error ?? 'No answer', ok: false };
}

/** "1 delivery queued", "3 deliveries queued". */
export function queuedText(queued: number): string {
  return `${queued.toLocaleString('en-US')} ${queued === 1 ? 'delivery' : 'deliveries'} queued`;
}
