import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS, WEBHOOK_MESSAGES } from '../../contract/webhooks.ts';
import { senderTestBed } from '../../test/helpers/sender-bed.ts';
import { newSecret } from '../../test/helpers/webhook-receiver.ts';
import { enqueueDeliveries, insertEndpoint, stockPayload, waitFor } from '../../test/helpers/webhook-rows.ts';
import type { AddressLookup } from './address-guard.ts';
import { webhookBody } from './send-request.ts';

const bed = senderTestBed('guard-owner@example.com', { firstRetryMs: 60_000 });

const attempts = (endpointId: string) =>
  bed.runtime.store.db.selectFrom('webhook_attempts').select(['message_id', 'status', 'error']).where('endpoint_id', '=', endpointId).orderBy('id').execute();

describe('webhook sender guards', () => {
  it('sends an event whose details would pass 256 KB without them, marked truncated, and never sends a larger body', async () => {
    const secret = newSecret();
    const url = bed.receiver.endpoint(secret);
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url, secret, createdBy: bed.userId });
    const huge = stockPayload(1, { note: 'x'.repeat(300 * 1024) });
    const unknownShape = { type: 'stock.moved', padding: 'y'.repeat(WEBHOOK_LIMITS.bodyMaxBytes + 1) };
    await enqueueDeliveries(bed.runtime.store.db, endpointId, [huge, unknownShape]);
    bed.start();
    await waitFor('two attempts', async () => (await attempts(endpointId)).length === 2);

    const [got] = bed.receiver.received;
    expect(bed.receiver.received).toHaveLength(1);
    expect(got!.verified).toBe(true);
    expect(Buffer.byteLength(got!.body)).toBeLessThanOrEqual(WEBHOOK_LIMITS.bodyMaxBytes);
    const { details, ...rest } = stockPayload(1).data;
    expect(details).toBeDefined();
    expect(JSON.parse(got!.body)).toEqual({ ...stockPayload(1), data: { ...rest, truncated: true } });
    expect(await attempts(endpointId)).toEqual([
      { message_id: 'evt_1', status: 200, error: null },
      { message_id: 'evt_2', status: null, error: 'The body is larger than 256 KB: not sent.' },
    ]);
  });

  it('serialises a payload the same way on every try, so a retry carries the same bytes', () => {
    const payload = stockPayload(7, { nested: { b: 1, a: [1, 2] } });
    expect(webhookBody(JSON.parse(JSON.stringify(payload)))).toBe(webhookBody(payload));
  });

  it('refuses a private address while the site does not allow them: an attempt with the reason, nothing sent', async () => {
    const secret = newSecret();
    const insideLookup: AddressLookup = async () => [{ address: '10.0.0.5' }];
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url: 'https://hooks.inside.example/in', secret, createdBy: bed.userId });
    const plain = await insertEndpoint(bed.runtime.store.db, { url: bed.receiver.endpoint(secret), secret, createdBy: bed.userId });
    await enqueueDeliveries(bed.runtime.store.db, endpointId, [stockPayload(1)]);
    await enqueueDeliveries(bed.runtime.store.db, plain, [stockPayload(1)]);
    bed.start({ allowPrivate: async () => false, lookup: insideLookup });
    await waitFor('refused attempts', async () => (await attempts(endpointId)).length === 1 && (await attempts(plain)).length === 1);

    expect(await attempts(endpointId)).toEqual([{ message_id: 'evt_1', status: null, error: WEBHOOK_MESSAGES.privateAddress }]);
    expect(await attempts(plain)).toEqual([{ message_id: 'evt_1', status: null, error: WEBHOOK_MESSAGES.url }]);
    expect(bed.receiver.received).toHaveLength(0);
    const pending = await bed.runtime.store.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', 'in', [endpointId, plain]).execute();
    expect(pending.map((d) => d.status)).toEqual(['pending', 'pending']);
  });

  it('checks the address it connects to: a name that resolves to a public address, then to loopback, is not connected', async () => {
    const secret = newSecret();
    let lookups = 0;
    // Public for the check before the send, loopback (the receiver) when the connection looks it up.
    const rebinding: AddressLookup = async () => [{ address: lookups++ === 0 ? '93.184.216.34' : '127.0.0.1' }];
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url: `https://rebind.example:${bed.receiver.port}/in`, secret, createdBy: bed.userId });
    await enqueueDeliveries(bed.runtime.store.db, endpointId, [stockPayload(1)]);
    bed.start({ allowPrivate: async () => false, lookup: rebinding });
    await waitFor('a refused attempt', async () => (await attempts(endpointId)).length === 1);

    expect(await attempts(endpointId)).toEqual([{ message_id: 'evt_1', status: null, error: WEBHOOK_MESSAGES.privateAddress }]);
    expect(lookups).toBe(2);
    expect(bed.receiver.received).toHaveLength(0);
  });

  it('does not follow a redirect: a 3xx is a failure, logged with its status', async () => {
    const secret = newSecret();
    bed.receiver.respond(() => ({ status: 307, body: 'moved' }));
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url: bed.receiver.endpoint(secret), secret, createdBy: bed.userId });
    await enqueueDeliveries(bed.runtime.store.db, endpointId, [stockPayload(1)]);
    bed.start();
    await waitFor('an attempt', async () => (await attempts(endpointId)).length === 1);
    expect(await attempts(endpointId)).toEqual([{ message_id: 'evt_1', status: 307, error: 'moved' }]);
    expect(bed.receiver.received).toHaveLength(1);
  });

  it('keeps only the first kilobyte of a failing answer in the log', async () => {
    const secret = newSecret();
    bed.receiver.respond(() => ({ status: 500, body: 'e'.repeat(100_000) }));
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url: bed.receiver.endpoint(secret), secret, createdBy: bed.userId });
    await enqueueDeliveries(bed.runtime.store.db, endpointId, [stockPayload(1)]);
    bed.start();
    await waitFor('an attempt', async () => (await attempts(endpointId)).length === 1);
    const [attempt] = await attempts(endpointId);
    expect(attempt!.status).toBe(500);
    expect(attempt!.error).toBe('e'.repeat(WEBHOOK_LIMITS.responseExcerptBytes));
  });
});
