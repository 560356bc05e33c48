/** One browser, two people: who signs in never has the other's saved figures, and the other's queue waits for them. */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { clearOtherUsersReads, deleteOfflineDb, offlineDb } from './db.ts';
import { enqueue, listActions } from './queue.ts';

describe('the offline store of several people on one browser', () => {
  it("empties everyone else's saved reads and keeps their queues", async () => {
    const ana = await offlineDb('ana');
    await ana.put('reads', { url: '/api/inventory/materials?project_id=p1', data: { items: [] }, savedAt: 1, size: 12 });
    await enqueue({ userId: 'ana', id: 'k-1', method: 'POST', url: '/api/materials/lost', body: { project_id: 'p1', part_number: 'PN-1', quantity: 1 } });
    const ben = await offlineDb('ben');
    await ben.put('reads', { url: '/api/projects', data: [], savedAt: 2, size: 2 });

    await clearOtherUsersReads('ben');

    expect(await (await offlineDb('ana')).count('reads')).toBe(0);
    expect((await listActions('ana')).map((a) => a.id)).toEqual(['k-1']);
    expect(await (await offlineDb('ben')).count('reads')).toBe(1);
    await deleteOfflineDb('ana');
    await deleteOfflineDb('ben');
  });
});
