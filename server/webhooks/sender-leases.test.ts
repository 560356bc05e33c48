import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { senderTestBed } from '../../test/helpers/sender-bed.ts';
import { newSecret } from '../../test/helpers/webhook-receiver.ts';
import { enqueueDeliveries, insertEndpoint, stockPayload, waitFor } from '../../test/helpers/webhook-rows.ts';

const bed = senderTestBed('lease-owner@example.com');

const pendingCount = async () =>
  Number(
    (
      await bed.runtime.store.db
        .selectFrom('webhook_deliveries')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('webhook sender leases', () => {
  it('two senders on one database: never two requests in flight for one endpoint, each delivery sent once, in order', async () => {
    const endpoints: Array<{ path: string; ids: string[] }> = [];
    for (let e = 0; e < 4; e += 1) {
      const secret = newSecret();
      const url = bed.receiver.endpoint(secret);
      const id = await insertEndpoint(bed.runtime.store.db, { url, secret, createdBy: bed.userId });
      const ids = await enqueueDeliveries(
        bed.runtime.store.db,
        id,
        Array.from({ length: 30 }, (_, i) => stockPayload(i + 1)),
      );
      endpoints.push({ path: new URL(url).pathname, ids });
    }
    const a = bed.start({ flushEvery: 5 });
    const b = bed.start({ flushEvery: 5 });
    a.wake();
    b.wake();
    await waitFor('all delivered', async () => (await pendingCount()) === 0);

    expect(bed.receiver.received.every((r) => r.verified)).toBe(true);
    expect(Math.max(...bed.receiver.received.map((r) => r.inFlight))).toBe(1);
    for (const endpoint of endpoints) expect(bed.receiver.received.filter((r) => r.path === endpoint.path).map((r) => r.id)).toEqual(endpoint.ids);
  });

  it('a sender that lost its lease records nothing more and stops; the next holder sends again what was not recorded, same id and body', async () => {
    const secret = newSecret();
    const url = bed.receiver.endpoint(secret);
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url, secret, createdBy: bed.userId });
    await enqueueDeliveries(
      bed.runtime.store.db,
      endpointId,
      [1, 2, 3, 4].map((p) => stockPayload(p)),
    );
    // While evt_2 is in flight, another process takes the lease (this one stalled past it).
    bed.receiver.respond(async (request) => {
      if (request.id === 'evt_2' && bed.receiver.received.filter((r) => r.id === 'evt_2').length === 1)
        await sql`update webhook_endpoints set lease_holder = 'another-process', lease_until = now() + interval '1 hour' where id = ${endpointId}`.execute(
          bed.runtime.store.db,
        );
      return { status: 200 };
    });
    const sender = bed.start({ flushEvery: 1 });
    await waitFor('evt_2 sent', () => bed.receiver.received.some((r) => r.id === 'evt_2'));
    await sender.idle();

    expect(bed.receiver.received.map((r) => r.id)).toEqual(['evt_1', 'evt_2']);
    const recorded = await bed.runtime.store.db.selectFrom('webhook_attempts').select('message_id').where('endpoint_id', '=', endpointId).execute();
    expect(recorded.map((a) => a.message_id)).toEqual(['evt_1']);
    const endpoint = await bed.runtime.store.db.selectFrom('webhook_endpoints').select('lease_holder').where('id', '=', endpointId).executeTakeFirstOrThrow();
    expect(endpoint.lease_holder).toBe('another-process');

    // The other process goes away without releasing; its lease lapses and this one takes over.
    await sql`update webhook_endpoints set lease_until = now() - interval '1 second' where id = ${endpointId}`.execute(bed.runtime.store.db);
    await waitFor('all delivered', async () => (await pendingCount()) === 0);
    expect(bed.receiver.received.map((r) => r.id)).toEqual(['evt_1', 'evt_2', 'evt_2', 'evt_3', 'evt_4']);
    const twice = bed.receiver.received.filter((r) => r.id === 'evt_2');
    expect(twice[1]!.body).toBe(twice[0]!.body);
    expect(twice.every((r) => r.verified)).toBe(true);
  });

  it('stops sending to an endpoint a person disables, after the request in flight, and keeps the rest pending', async () => {
    const secret = newSecret();
    const url = bed.receiver.endpoint(secret);
    const endpointId = await insertEndpoint(bed.runtime.store.db, { url, secret, createdBy: bed.userId });
    await enqueueDeliveries(
      bed.runtime.store.db,
      endpointId,
      [1, 2, 3, 4, 5].map((p) => stockPayload(p)),
    );
    bed.receiver.respond(async (request) => {
      if (request.id === 'evt_3') await bed.runtime.store.db.updateTable('webhook_endpoints').set({ enabled: false }).where('id', '=', endpointId).execute();
      return { status: 200 };
    });
    const sender = bed.start({ flushEvery: 1 });
    await waitFor('evt_3 sent', () => bed.receiver.received.some((r) => r.id === 'evt_3'));
    await sender.idle();

    expect(bed.receiver.received.map((r) => r.id)).toEqual(['evt_1', 'evt_2', 'evt_3']);
    const rows = await bed.runtime.store.db
      .selectFrom('webhook_deliveries')
      .select(['message_id', 'status'])
      .where('endpoint_id', '=', endpointId)
      .orderBy('seq')
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'delivered', 'delivered', 'pending', 'pending']);
  });
});
