import { describe, expect, it } from 'vitest';
import { WEBHOOK_LIMITS } from '../../contract/webhooks.ts';
import { senderTestBed } from '../../test/helpers/sender-bed.ts';
import { newSecret } from '../../test/helpers/webhook-receiver.ts';
import { enqueueDeliveries, insertEndpoint, stockPayload, waitFor } from '../../test/helpers/webhook-rows.ts';
import { USER_AGENT } from './send-request.ts';

const bed = senderTestBed('hooks-owner@example.com', { firstRetryMs: 10 });

async function endpointWith(count: number, secret = newSecret()) {
  const url = bed.receiver.endpoint(secret);
  const id = await insertEndpoint(bed.runtime.store.db, { url, secret, createdBy: bed.userId });
  const ids = await enqueueDeliveries(
    bed.runtime.store.db,
    id,
    Array.from({ length: count }, (_, i) => stockPayload(i + 1)),
  );
  return { id, url, path: new URL(url).pathname, ids };
}

const delivered = (endpointId: string) =>
  bed.runtime.store.db
    .selectFrom('webhook_deliveries')
    .select(['message_id', 'status', 'attempts', 'delivered_at'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('seq')
    .execute();
const attempts = (endpointId: string) =>
  bed.runtime.store.db
    .selectFrom('webhook_attempts')
    .select(['message_id', 'position', 'kind', 'status', 'error', 'latency_ms'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('id')
    .execute();
const endpointRow = (endpointId: string) =>
  bed.runtime.store.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).executeTakeFirstOrThrow();
const arrivals = (path: string) => bed.receiver.received.filter((r) => r.path === path);

describe('webhook sender', () => {
  it('sends every delivery once, signed, in order, one at a time, and logs each attempt', async () => {
    const endpoint = await endpointWith(25);
    bed.start();
    await waitFor('all delivered', async () => (await delivered(endpoint.id)).every((d) => d.status === 'delivered'));

    const got = arrivals(endpoint.path);
    expect(got.map((r) => r.id)).toEqual(endpoint.ids);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(Math.max(...got.map((r) => r.inFlight))).toBe(1);
    expect(got[0]!.headers['content-type']).toBe('application/json');
    expect(got[0]!.headers['user-agent']).toBe(USER_AGENT);
    expect(JSON.parse(got[3]!.body)).toEqual(stockPayload(4));
    const rows = await delivered(endpoint.id);
    expect(rows.every((d) => d.attempts === 1 && d.delivered_at instanceof Date)).toBe(true);
    const log = await attempts(endpoint.id);
    expect(log).toHaveLength(25);
    expect(log[0]).toMatchObject({ message_id: 'evt_1', position: 1, kind: 'stock.moved', status: 200, error: null });
    expect(log.every((a) => a.latency_ms >= 0 && a.status === 200)).toBe(true);
  });

  it('retries the head while the receiver answers 500, holding back the rest, then delivers all in order', async () => {
    let failures = 3;
    bed.receiver.respond(() => (failures-- > 0 ? { status: 500, body: 'busy, try later' } : { status: 200 }));
    const endpoint = await endpointWith(5);
    bed.start();
    await waitFor('all delivered', async () => (await delivered(endpoint.id)).every((d) => d.status === 'delivered'));

    expect(arrivals(endpoint.path).map((r) => r.id)).toEqual(['evt_1', 'evt_1', 'evt_1', 'evt_1', 'evt_2', 'evt_3', 'evt_4', 'evt_5']);
    const log = await attempts(endpoint.id);
    expect(log.slice(0, 4).map((a) => [a.message_id, a.status, a.error])).toEqual([
      ['evt_1', 500, 'busy, try later'],
      ['evt_1', 500, 'busy, try later'],
      ['evt_1', 500, 'busy, try later'],
      ['evt_1', 200, null],
    ]);
    expect((await delivered(endpoint.id))[0]!.attempts).toBe(4);
    expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
  });

  it('keeps trying while the receiver is down and delivers everything in order once it is back', async () => {
    const endpoint = await endpointWith(10);
    await bed.receiver.down();
    bed.start();
    await waitFor('two refused attempts', async () => (await attempts(endpoint.id)).length >= 2);
    const failing = await endpointRow(endpoint.id);
    expect(failing.failing_since).toBeInstanceOf(Date);
    expect((await attempts(endpoint.id))[0]).toMatchObject({ message_id: 'evt_1', status: null, error: 'Connection refused' });

    await bed.receiver.up();
    await waitFor('all delivered', async () => (await delivered(endpoint.id)).every((d) => d.status === 'delivered'));
    const got = arrivals(endpoint.path);
    expect(got.map((r) => r.id)).toEqual(endpoint.ids);
    expect(got.every((r) => r.verified)).toBe(true);
    expect((await endpointRow(endpoint.id)).failing_since).toBeNull();
  });

  it('disables the endpoint on 410 Gone, e-mails its creator and keeps its deliveries until it is enabled again', async () => {
    let gone = true;
    bed.receiver.respond(() => (gone ? { status: 410, body: 'no such hook' } : { status: 200 }));
    const endpoint = await endpointWith(3);
    bed.start();
    await waitFor('disabled', async () => !(await endpointRow(endpoint.id)).enabled);

    const row = await endpointRow(endpoint.id);
    expect(row.disabled_reason).toBe('Disabled: the receiver answered 410 Gone.');
    expect(row.disabled_at).toBeInstanceOf(Date);
    expect(arrivals(endpoint.path).map((r) => r.id)).toEqual(['evt_1']);
    expect((await delivered(endpoint.id)).map((d) => d.status)).toEqual(['pending', 'pending', 'pending']);
    const mail = await bed.runtime.store.db.selectFrom('outbox').selectAll().where('subject', '=', `Webhook disabled: ${endpoint.url}`).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_email).toBe('hooks-owner@example.com');
    expect(mail[0]!.body).toContain('Disabled: the receiver answered 410 Gone.');
    expect(mail[0]!.body).toContain('Last error: no such hook');
    expect(mail[0]!.body).toContain('3 deliveries are kept');
    expect(mail[0]!.body).toContain('Administration → Webhooks');

    gone = false;
    await bed.runtime.store.db
      .updateTable('webhook_endpoints')
      .set({ enabled: true, disabled_reason: null, disabled_at: null, failing_since: null })
      .where('id', '=', endpoint.id)
      .execute();
    await bed.runtime.store.db.updateTable('webhook_deliveries').set({ next_attempt_at: new Date() }).where('endpoint_id', '=', endpoint.id).execute();
    await waitFor('all delivered', async () => (await delivered(endpoint.id)).every((d) => d.status === 'delivered'));
    expect(arrivals(endpoint.path).map((r) => r.id)).toEqual(['evt_1', 'evt_1', 'evt_2', 'evt_3']);
  });

  it('disables the endpoint after 24 hours of failures and e-mails its creator the last error', async () => {
    const t0 = Math.ceil(Date.now() / 1000) * 1000 + 1000;
    let clock = t0;
    bed.receiver.respond(() => ({ status: 503, body: 'maintenance' }));
    const endpoint = await endpointWith(2);
    bed.start({ now: () => new Date(clock), firstRetryMs: 60_000 });
    await waitFor('the first failure', async () => (await attempts(endpoint.id)).length === 1);
    expect((await endpointRow(endpoint.id)).failing_since?.getTime()).toBe(t0);
    const retry = await delivered(endpoint.id);
    expect(retry[0]!.attempts).toBe(1);

    clock = t0 + WEBHOOK_LIMITS.retryForMs - 1000;
    await waitFor('a failure short of a day', async () => (await attempts(endpoint.id)).length === 2);
    expect((await endpointRow(endpoint.id)).enabled).toBe(true);

    // The next try comes due minutes later (the backoff), a day after the first failure.
    clock = t0 + WEBHOOK_LIMITS.retryForMs + 10 * 60_000;
    await waitFor('disabled', async () => !(await endpointRow(endpoint.id)).enabled);
    const row = await endpointRow(endpoint.id);
    expect(row.disabled_reason).toBe('Disabled: deliveries failed for 24 hours.');
    expect(row.disabled_at?.getTime()).toBe(clock);
    const mail = await bed.runtime.store.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', `Webhook disabled: ${endpoint.url}`)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain('Disabled: deliveries failed for 24 hours.');
    expect(mail.body).toContain('Last error: maintenance');
    expect((await delivered(endpoint.id)).map((d) => d.status)).toEqual(['pending', 'pending']);
    expect(arrivals(endpoint.path).map((r) => r.id)).toEqual(['evt_1', 'evt_1', 'evt_1']);
  });

  it('gives up on a receiver that does not answer within the time limit and tries again later', async () => {
    bed.receiver.respond(() => 'hang');
    const endpoint = await endpointWith(1);
    bed.start({ timeoutMs: 300, firstRetryMs: 60_000 });
    await waitFor('a timed-out attempt', async () => (await attempts(endpoint.id)).length === 1);
    const [attempt] = await attempts(endpoint.id);
    expect(attempt).toMatchObject({ status: null, error: 'No answer within 0.3 s' });
    expect(attempt!.latency_ms).toBeGreaterThanOrEqual(300);
    expect((await delivered(endpoint.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });
  });
});
