// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteOfflineDb, offlineDb } from './db.ts';
import { describeCall } from './describe.ts';
import { clearQueue, countActions, enqueue, forgetUser, hasUnsent, listActions, removeAction, replaceAction, subscribeQueue, updateAction } from './queue.ts';

const users: string[] = [];
function user(): string {
  const id = `u-${Math.random().toString(36).slice(2)}`;
  users.push(id);
  return id;
}

afterEach(async () => {
  for (const id of users.splice(0)) await deleteOfflineDb(id);
});

const assign = (userId: string, id: string, quantity = 5) => ({
  userId,
  id,
  method: 'POST' as const,
  url: '/api/inventory/assign',
  body: { project_id: 'p1', part_number: 'PN-100', quantity, user_id: 'u9' },
});

describe('offline queue', () => {
  it('keeps actions in the order they were queued, with what a person recognises', async () => {
    const me = user();
    await enqueue(assign(me, 'k1'));
    await enqueue({
      userId: me,
      id: 'k2',
      method: 'POST',
      url: '/api/materials/lost',
      body: { project_id: 'p1', part_number: 'PN-7', quantity: 2, source: 'on_hand' },
    });
    await enqueue({ userId: me, id: 'k3', method: 'POST', url: '/api/warehouses/w1/assets/return', body: { asset_number: 'A-1', quantity: 1 } });

    const actions = await listActions(me);
    expect(actions.map((a) => [a.id, a.seq, a.kind])).toEqual([
      ['k1', 1, 'assign'],
      ['k2', 2, 'lost'],
      ['k3', 3, 'asset-return'],
    ]);
    expect(actions[0]).toMatchObject({
      userId: me,
      projectId: 'p1',
      warehouseId: null,
      status: 'pending',
      attempts: 0,
      problem: null,
      summary: 'Assign 5 × PN-100',
    });
    expect(actions[2]).toMatchObject({ projectId: null, warehouseId: 'w1' });
    expect(Date.parse(actions[0]?.occurredAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
  });

  it('survives closing and reopening the database', async () => {
    const me = user();
    await enqueue(assign(me, 'k1'));
    await enqueue(assign(me, 'k2', 3));
    (await offlineDb(me)).close();
    // A fresh page: the module's open handle is gone, the data is not.
    const reopened = await import('idb').then(({ openDB }) => openDB(`stockledger-offline-${me}`, 1));
    const stored = await reopened.getAllFromIndex('queue', 'seq');
    reopened.close();
    expect(stored.map((a) => a.id)).toEqual(['k1', 'k2']);
  });

  it('queues a key once: the same call kept twice stays one action', async () => {
    const me = user();
    await enqueue(assign(me, 'k1'));
    await enqueue(assign(me, 'k1'));
    expect(await listActions(me)).toHaveLength(1);
  });

  it('updates, replaces with a new key in the same place, removes and clears, telling subscribers', async () => {
    const me = user();
    const heard: string[] = [];
    const stop = subscribeQueue((id) => heard.push(id));
    const first = await enqueue(assign(me, 'k1'));
    await enqueue(assign(me, 'k2'));

    await updateAction({ ...first, status: 'attention', problem: { status: 409, message: 'Insufficient Quantity' } });
    expect(countActions(await listActions(me))).toEqual({ pending: 1, attention: 1 });

    const changed = await replaceAction({ ...first, status: 'attention' }, { ...(first.body as object), quantity: 2 }, 'k1b');
    expect(changed).toMatchObject({ id: 'k1b', seq: 1, occurredAt: first.occurredAt, status: 'pending', problem: null, summary: 'Assign 2 × PN-100' });
    expect((await listActions(me)).map((a) => a.id)).toEqual(['k1b', 'k2']);

    await removeAction(me, 'k2');
    expect((await listActions(me)).map((a) => a.id)).toEqual(['k1b']);
    await clearQueue(me);
    expect(await listActions(me)).toEqual([]);
    stop();
    expect(heard.filter((id) => id === me).length).toBeGreaterThanOrEqual(6);
  });

  it('says actions wait only while some are not refused', async () => {
    const me = user();
    expect(await hasUnsent(me)).toBe(false);
    const action = await enqueue(assign(me, 'k1'));
    expect(await hasUnsent(me)).toBe(true);
    await updateAction({ ...action, status: 'attention' });
    expect(await hasUnsent(me)).toBe(false);
  });

  it('keeps each user to their own database and forgets one on logout', async () => {
    const ana = user();
    const ben = user();
    await enqueue(assign(ana, 'k1'));
    await enqueue(assign(ben, 'k2'));
    const gone: string[] = [];
    const stop = subscribeQueue((id, wasDeleted) => wasDeleted && gone.push(id));
    await forgetUser(ana);
    stop();
    expect(gone).toEqual([ana]);
    expect(await listActions(ana)).toEqual([]);
    expect((await listActions(ben)).map((a) => a.id)).toEqual(['k2']);
  });
});

describe('describing a queued call', () => {
  it('reads kind, place and summary from the route and body', () => {
    expect(describeCall('/api/materials/receive', { project_id: 'p1', part_number: 'PN-1', quantity: 10 })).toEqual({
      kind: 'receive',
      projectId: 'p1',
      warehouseId: null,
      summary: 'Receive 10 × PN-1',
    });
    expect(describeCall('/api/counts/c1/count', { part_number: 'PN-2', counted: 4 })?.summary).toBe('Count PN-2: 4');
    expect(describeCall('/api/requests/material', { project_id: 'p2', pick_list: [{}, {}] })).toMatchObject({
      kind: 'material-request',
      projectId: 'p2',
      summary: 'Request materials 2 lines',
    });
    expect(describeCall('/api/projects/p3/assets/receive', {})).toMatchObject({ projectId: 'p3' });
    expect(describeCall('/api/scan/assets/receive', { to_owner_type: 'warehouse', to_owner_id: 'w1', asset_number: 'DRILL', lines: [{}, {}] })).toMatchObject({
      kind: 'scan-receive',
      warehouseId: 'w1',
      summary: 'Receive 2 serials of DRILL',
    });
    expect(describeCall('/api/scan/assets/in-use', { in_use: false, lines: [{}] })?.summary).toBe('Back from use: 1 asset');
    expect(describeCall('/api/materials/bulk', {})).toBeNull();
  });
});
