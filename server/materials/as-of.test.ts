import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { inventoryAsOf } from '../../projections/material-stock/queries.ts';
import { runStock } from './stock-commands.ts';
import { verifyProjections } from '../../projections/verify.ts';
import { projectors } from '../../projections/registry.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let location: { kind: 'project'; id: string };
const at = (iso: string) => ({ metadata: SYSTEM_ACTOR, now: new Date(iso) });
const figures = async (iso: string) =>
  (await inventoryAsOf(runtime.store.db, location, new Date(iso))).map((r) => [r.PartNumber, r.MatVendorQty, r.QtyOnHand, r.QtyLost]);

beforeAll(async () => {
  runtime = await openTestRuntime();
  location = { kind: 'project', id: await createProject(runtime.store, { name: 'History', customer: null, number: 'H-1' }, { metadata: SYSTEM_ACTOR }) };
  await runStock(
    runtime.store,
    { type: 'receive', location, partNumber: 'OLD-1', quantity: 50, partName: 'Old part', partNickname: 'Old' },
    at('2026-01-15T10:00:00Z'),
  );
  await runStock(runtime.store, { type: 'return', location, partNumber: 'OLD-1', quantity: 5, binInfo: null }, at('2026-02-03T08:00:00Z'));
  await runStock(
    runtime.store,
    { type: 'lost', location, partNumber: 'OLD-1', quantity: 2, source: 'on_hand', userId: null, note: null },
    at('2026-03-31T23:59:59Z'),
  );
  await runStock(
    runtime.store,
    { type: 'receive', location, partNumber: 'NEW-1', quantity: 7, partName: 'New part', partNickname: 'New' },
    at('2026-04-01T00:00:00Z'),
  );
});
afterAll(async () => {
  await runtime.close();
});

describe('stock as of an instant, across months', () => {
  it('adds whole months before the instant and the movements of its own month up to it', async () => {
    expect(await figures('2025-12-31T23:59:59Z')).toEqual([]);
    expect(await figures('2026-01-15T10:00:00Z')).toEqual([['OLD-1', 50, 50, 0]]);
    expect(await figures('2026-02-03T07:59:59Z')).toEqual([['OLD-1', 50, 50, 0]]);
    expect(await figures('2026-02-28T00:00:00Z')).toEqual([['OLD-1', 45, 45, 0]]);
    expect(await figures('2026-03-31T23:59:58Z')).toEqual([['OLD-1', 45, 45, 0]]);
    expect(await figures('2026-03-31T23:59:59Z')).toEqual([['OLD-1', 45, 43, 2]]);
    expect(await figures('2026-04-01T00:00:00Z')).toEqual([
      ['NEW-1', 7, 7, 0],
      ['OLD-1', 45, 43, 2],
    ]);
    expect(await figures('2027-01-01T00:00:00Z')).toEqual([
      ['NEW-1', 7, 7, 0],
      ['OLD-1', 45, 43, 2],
    ]);
  });

  it('keeps the running figures behind it equal to their replay', async () => {
    const reports = await verifyProjections(runtime.store, projectors);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });
});
