/**
 * A field action kept on this device until it can be sent (contract/offline.ts). The base query
 * answers a queued call with a `QueuedReceipt` in place of the server's answer, so a form can say
 * "saved on this device" and close; the action is sent later, in order, with its own key and time.
 */
import type { OfflineActionKind } from '@contract/offline.ts';

export type QueuedStatus = 'pending' | 'sending' | 'attention';

export interface QueuedAction {
  /** The Idempotency-Key it was first sent with; the server applies it at most once. */
  id: string;
  /** Order of queueing on this device; sent in this order. */
  seq: number;
  userId: string;
  projectId: string | null;
  warehouseId: string | null;
  kind: OfflineActionKind;
  method: 'POST' | 'PUT' | 'PATCH';
  /** Path and query, as the base query would have sent it. */
  url: string;
  body: unknown;
  /** When it was done on the device (ISO 8601): sent as Occurred-At. */
  occurredAt: string;
  status: QueuedStatus;
  attempts: number;
  /** The server's refusal when status is 'attention'. */
  /** `code` is the answer's `error` code, when it has one. */
  problem: { status: number; message: string; code?: string | null } | null;
  /** One line a person recognises: "Assign 5 × PN-100 to Ana Ruiz". */
  summary: string;
}

export interface QueuedReceipt {
  queued: true;
  action: QueuedAction;
}

export function isQueued(value: unknown): value is QueuedReceipt {
  return typeof value === 'object' && value !== null && (value as { queued?: unknown }).queued === true;
}
