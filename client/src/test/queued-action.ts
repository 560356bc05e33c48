/** A field action kept on this device, and the base query's answer for it, for tests. */
import type { QueuedAction, QueuedReceipt } from '../offline/queued.ts';

export function queuedAction(fields: Partial<QueuedAction> = {}): QueuedAction {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    seq: 1,
    userId: 'u-1',
    projectId: 'p-1',
    warehouseId: null,
    kind: 'receive',
    method: 'POST',
    url: 'api/materials/receive',
    body: {},
    occurredAt: '2026-11-01T12:00:00.000Z',
    status: 'pending',
    attempts: 0,
    problem: null,
    summary: 'Receive 1 × P-100',
    ...fields,
  };
}

/** What the base query answers in place of the server when it kept the call on the device. */
export function queuedReceipt(fields: Partial<QueuedAction> = {}): QueuedReceipt {
  return { queued: true, action: queuedAction(fields) };
}
