/** The e-mail to an endpoint's creator when the sender disables it: what, why, and how to turn it on again. */
import type { OutgoingMail } from '../mail/outbox.ts';

export interface DisabledEndpoint {
  url: string;
  projectName: string | null;
  /** WEBHOOK_MESSAGES.disabledGone or .disabledFailing. */
  reason: string;
  lastError: string;
  /** Deliveries kept waiting for the endpoint. */
  pending: number;
}

export function disabledMail(to: string, endpoint: DisabledEndpoint): OutgoingMail {
  const where = endpoint.projectName ? `in project ${endpoint.projectName} (Manage Project → Webhooks)` : 'site-wide (Administration → Webhooks)';
  return {
    to,
    subject: `Webhook disabled: ${endpoint.url}`,
    body: [
      `The webhook endpoint ${endpoint.url}, registered ${where}, has been disabled.`,
      '',
      endpoint.reason,
      `Last error: ${endpoint.lastError}`,
      '',
      `${endpoint.pending} ${endpoint.pending === 1 ? 'delivery is' : 'deliveries are'} kept and will be sent, in order, once the endpoint is enabled again.`,
      `To re-enable it, make sure the receiver answers 2xx, then open ${endpoint.projectName ? 'the project’s Manage Project dialog → Webhooks' : 'Administration → Webhooks'} and turn the endpoint on.`,
    ].join('\n'),
  };
}
