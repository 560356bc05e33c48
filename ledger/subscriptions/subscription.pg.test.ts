// Two server processes, each with its own pool and its own LISTEN connection: PostgreSQL only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../../server/runtime.ts';
import { createTestDatabase, type TestDatabase } from '../../test/helpers/test-database.ts';
import { startSubscription } from './subscription.ts';
import { appendEvents } from '../../test/helpers/raw-events.ts';
import { createDeliveries, deliveries, positionsWithPrefix, recordDeliveries } from './subscription-testing.ts';

let testDb: TestDatabase;
let one: Runtime;
let two: Runtime;

beforeAll(async () => {
  testDb = await createTestDatabase();
  one = await testDb.open();
  two = await testDb.open();
  await createDeliveries(one.store);
});
afterAll(async () => {
  await one.close();
  await two.close();
  await testDb.drop();
});

describe('a subscription in two processes', () => {
  it('runs in one process at a time, hands every event over once while both append, and moves on a stop', async () => {
    const a = startSubscription(one.store, { name: 'pg', batchSize: 5, pollMs: 30, handle: recordDeliveries('pg', 'one') });
    await a.drained();
    const b = startSubscription(two.store, { name: 'pg', batchSize: 5, pollMs: 30, handle: recordDeliveries('pg', 'two') });
    await Promise.all([appendEvents(one.store, 'from-one', 20), appendEvents(two.store, 'from-two', 20)]);
    await b.drained();
    expect([a.active, b.active]).toEqual([true, false]);
    const before = [...(await positionsWithPrefix(one.store, 'from-one')), ...(await positionsWithPrefix(one.store, 'from-two'))].sort((x, y) => x - y);
    expect(await deliveries(one.store, 'pg')).toEqual(before.map((position) => ({ position, runner: 'one' })));

    // Stopping mid-stream: appends keep coming while the first stops and the second takes over.
    const appending = appendEvents(one.store, 'during', 30);
    await a.stop();
    await appending;
    await appendEvents(two.store, 'after', 10);
    await b.drained();
    expect(b.active).toBe(true);
    await b.stop();
    const all = (await one.store.db.selectFrom('events').select('global_position').orderBy('global_position').execute()).map((r) => Number(r.global_position));
    const delivered = await deliveries(one.store, 'pg');
    expect(delivered.map((d) => d.position)).toEqual(all);
    const after = await positionsWithPrefix(one.store, 'after');
    expect(delivered.filter((d) => after.includes(d.position)).every((d) => d.runner === 'two')).toBe(true);
  });
});
