/** Webhook endpoints and deliveries written straight into their tables, for tests of the sender alone. */
import { randomUUID } from 'node:crypto';
import type { WebhookPayload } from '../../contract/webhooks.ts';
import type { Db } from '../../ledger/database.ts';

export async function insertEndpoint(db: Db, endpoint: { url: string; secret: string; createdBy: string; projectId?: string | null }): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('webhook_endpoints')
    .values({
      id,
      project_id: endpoint.projectId ?? null,
      url: endpoint.url,
      kinds: ['stock.moved'],
      secret: endpoint.secret,
      disabled_reason: null,
      disabled_at: null,
      failing_since: null,
      created_by: endpoint.createdBy,
      lease_holder: null,
    })
    .execute();
  return id;
}

export function stockPayload(position: number, details: unknown = { quantity: position }): WebhookPayload {
  return {
    type: 'stock.moved',
    timestamp: new Date(Date.UTC(2025, 0, 1, 0, 0, position)).toISOString(),
    data: {
      event: 'MaterialReceived',
      position,
      stream: `stock:project:p:${position}`,
      project_id: null,
      occurred_at: new Date(Date.UTC(2025, 0, 1, 0, 0, position)).toISOString(),
      actor: { id: null, name: 'Test' },
      details,
      figures: { on_hand: position },
    },
  };
}

/** Enqueues one delivery per payload, in this order (their `seq`), as `evt_<position>`. */
export async function enqueueDeliveries(db: Db, endpointId: string, payloads: unknown[]): Promise<string[]> {
  const rows = payloads.map((payload, i) => {
    const position = (payload as Partial<WebhookPayload>).data?.position ?? i + 1;
    return { endpoint_id: endpointId, position, message_id: `evt_${position}`, kind: 'stock.moved', payload: JSON.stringify(payload), delivered_at: null };
  });
  // One statement per row: `seq` follows the order given, as the producer's commit order does.
  for (const row of rows) await db.insertInto('webhook_deliveries').values(row).execute();
  return rows.map((r) => r.message_id);
}

/** Waits for a condition the sender brings about; fails with `what` after `ms`. */
export async function waitFor(what: string, condition: () => boolean | Promise<boolean>, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
