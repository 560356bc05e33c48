/**
 * Corrections through the API: a compensating entry that names the entry it corrects, the figures
 * as of any instant by when things happened, and "as known on" a day by when they were recorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { runStock } from '../../materials/stock-commands.ts';
import { verifyProjections } from '../../../projections/verify.ts';
import { rebuildProjection } from '../../../projections/rebuild.ts';
import { projectors } from '../../../projections/registry.ts';

const DAY = 24 * 3600 * 1000;
const now = Date.now();
const daysAgo = (days: number) => new Date(now - days * DAY);

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let admin: string;
let manager: string;
let project: string;
let received: number;
let returned: number;

/**
 * The ledger records every event when it commits, so a history "recorded two weeks ago" is made by
 * moving the recording time of the events so far (and of their activity rows) back, as a restore
 * of an old backup would have them. Hashes do not cover the recording time, so the chains hold.
 */
async function recordedBack(days: number) {
  await runtime.store.db.transaction().execute(async (trx) => {
    await sql`set local session_replication_role = replica`.execute(trx);
    await sql`update events set recorded_at = occurred_at where recorded_at > ${daysAgo(days)}`.execute(trx);
    await sql`update activity_log set recorded_at = occurred_at where recorded_at > ${daysAgo(days)}`.execute(trx);
  });
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin', { firstName: 'Bea', lastName: 'Boss' });
  const adminId = (await createUser(runtime, 'ada@example.com', 'ada password', 'user', { firstName: 'Ada', lastName: 'Admin' })).userId;
  const managerId = (await createUser(runtime, 'max@example.com', 'max password', 'user', { firstName: 'Max', lastName: 'Manager' })).userId;
  project = await createProject(runtime.store, { name: 'Books', customer: null, number: 'B-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, project, { type: 'add', userId: adminId, role: 'admin' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, project, { type: 'add', userId: managerId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  [boss, admin, manager] = await Promise.all([
    signIn(app, 'boss@example.com', 'boss password'),
    signIn(app, 'ada@example.com', 'ada password'),
    signIn(app, 'max@example.com', 'max password'),
  ]);
  const location = { kind: 'project' as const, id: project };
  const at = (date: Date) => ({ metadata: SYSTEM_ACTOR, now: date });
  // 100 received two weeks ago (really 90), 20 returned ten days ago, 5 more received nine days ago.
  received = (
    await runStock(runtime.store, { type: 'receive', location, partNumber: 'WIRE-1', quantity: 100, partName: 'Wire', partNickname: 'Wire' }, at(daysAgo(14)))
  ).position!;
  returned = (await runStock(runtime.store, { type: 'return', location, partNumber: 'WIRE-1', quantity: 20, binInfo: null }, at(daysAgo(10)))).position!;
  await runStock(runtime.store, { type: 'receive', location, partNumber: 'WIRE-1', quantity: 5, partName: null, partNickname: null }, at(daysAgo(9)));
  await recordedBack(2);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const correct = (cookie: string, body: object) =>
  app.inject({ method: 'POST', url: '/api/materials/corrections', headers: { cookie }, payload: { project_id: project, ...body } });
const onHand = async (query: string) => {
  const response = await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${project}${query}`, headers: { cookie: boss } });
  expect(response.statusCode).toBe(200);
  return response.json().items.map((r: { PartNumber: string; QtyOnHand: number; MatVendorQty: number }) => [r.PartNumber, r.MatVendorQty, r.QtyOnHand]);
};
const iso = (date: Date) => encodeURIComponent(date.toISOString());
const logs = async () =>
  (await app.inject({ method: 'GET', url: `/api/materials/logs?project_id=${project}&days=all`, headers: { cookie: boss } })).json().items;

describe('POST /api/materials/corrections', () => {
  it('is for a superadmin or the project admin: a manager is refused (403)', async () => {
    const response = await correct(manager, { position: received, quantity: 90, reason: 'Miscounted' });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Only a project admin can correct a log entry.');
  });

  it('names the field of a bad body (400) and refuses a position of another stock (404)', async () => {
    const noReason = await correct(admin, { position: received, quantity: 90, reason: '  ' });
    expect([noReason.statusCode, noReason.json().message]).toEqual([400, 'Enter the reason for the correction']);
    const negative = await correct(admin, { position: received, quantity: -1, reason: 'x' });
    expect([negative.statusCode, negative.json().message]).toEqual([400, 'Corrected quantity must be a whole number, 0 or more']);
    const unknown = await correct(admin, { position: 999_999, quantity: 1, reason: 'x' });
    expect([unknown.statusCode, unknown.json().message]).toEqual([404, 'Log entry not found in this project']);
  });

  it('refuses what would take on hand below zero at an instant after it applies, though today has cover (422)', async () => {
    // The receive was 100 with 20 returned four days later: as 10 the return would have had no cover.
    const response = await correct(admin, { position: received, quantity: 10, reason: 'Miscounted', occurred_at: daysAgo(14).toISOString() });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('This correction would take Logistics Qty below zero (to -10) after it applies');
  });

  it('refuses a time in the future or before the entry, and anything while transactions are frozen (423)', async () => {
    const future = await correct(admin, { position: received, quantity: 90, reason: 'x', occurred_at: new Date(Date.now() + DAY).toISOString() });
    expect([future.statusCode, future.json().message]).toEqual([400, 'A correction cannot apply to a time in the future']);
    const before = await correct(admin, { position: received, quantity: 90, reason: 'x', occurred_at: daysAgo(15).toISOString() });
    expect([before.statusCode, before.json().message]).toEqual([400, 'A correction cannot apply before the entry it corrects']);
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { freeze_transactions: true } });
    const frozen = await correct(admin, { position: received, quantity: 90, reason: 'x' });
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { freeze_transactions: false } });
    expect([frozen.statusCode, frozen.json().message]).toEqual([423, 'Transactions are frozen']);
  });

  it('appends a compensating entry dated last week; as-of figures change from last week on, not before', async () => {
    const response = await correct(admin, { position: received, quantity: 90, reason: 'Counted again: 90 reels', occurred_at: daysAgo(7).toISOString() });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      corrects_position: received,
      quantity: 90,
      occurred_at: daysAgo(7).toISOString(),
      deltas: { logistics: -10, onHand: -10, field: 0, lost: 0 },
    });
    expect(await onHand('')).toEqual([['WIRE-1', 75, 75]]);
    expect(await onHand(`&as_of=${iso(daysAgo(8))}`)).toEqual([['WIRE-1', 85, 85]]);
    expect(await onHand(`&as_of=${iso(new Date(now - 7 * DAY - 1000))}`)).toEqual([['WIRE-1', 85, 85]]);
    expect(await onHand(`&as_of=${iso(daysAgo(7))}`)).toEqual([['WIRE-1', 75, 75]]);
    expect(await onHand(`&as_of=${iso(daysAgo(3))}`)).toEqual([['WIRE-1', 75, 75]]);
  });

  it('"as known on" yesterday still shows the uncorrected figure, at any instant, alone or with as_of', async () => {
    expect(await onHand(`&as_known_on=${iso(daysAgo(1))}`)).toEqual([['WIRE-1', 85, 85]]);
    expect(await onHand(`&as_of=${iso(daysAgo(3))}&as_known_on=${iso(daysAgo(1))}`)).toEqual([['WIRE-1', 85, 85]]);
    expect(await onHand(`&as_of=${iso(daysAgo(12))}&as_known_on=${iso(daysAgo(1))}`)).toEqual([['WIRE-1', 100, 100]]);
    // Known on a day before the part was recorded at all: nothing.
    expect(await onHand(`&as_known_on=${iso(daysAgo(20))}`)).toEqual([]);
    // Known today, the correction counts.
    expect(await onHand(`&as_of=${iso(daysAgo(3))}&as_known_on=${iso(new Date())}`)).toEqual([['WIRE-1', 75, 75]]);
    const answer = (
      await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${project}&as_known_on=${iso(daysAgo(1))}`, headers: { cookie: boss } })
    ).json();
    expect(answer.as_known_on).toBe(daysAgo(1).toISOString());
  });

  it('shows the corrected entry linked to its correction and back; never changes the entry itself', async () => {
    const rows = await logs();
    const entry = rows.find((r: { position: number }) => r.position === received);
    const correction = rows.find((r: { LogType: string }) => r.LogType === 'Correction');
    expect(entry).toMatchObject({ LogType: 'Receive', LogAmount: 100, corrected_by: correction.position, corrects_position: null });
    expect(correction).toMatchObject({ LogAmount: 90, corrects_position: received, corrected_by: null, note: 'Counted again: 90 reels', d_on_hand: -10 });
  });

  it('corrects an entry once and never a correction', async () => {
    const again = await correct(boss, { position: received, quantity: 95, reason: 'again' });
    expect([again.statusCode, again.json().message]).toEqual([422, 'This entry has already been corrected']);
    const correction = (await logs()).find((r: { LogType: string }) => r.LogType === 'Correction');
    const ofCorrection = await correct(boss, { position: correction.position, quantity: 0, reason: 'undo' });
    expect([ofCorrection.statusCode, ofCorrection.json().message]).toEqual([422, 'A correction cannot itself be corrected']);
  });

  it('reverses an entry with quantity 0 (a superadmin may too), and the read tables equal their replay', async () => {
    const response = await correct(boss, { position: returned, quantity: 0, reason: 'Never left the site' });
    expect(response.statusCode).toBe(200);
    expect(await onHand('')).toEqual([['WIRE-1', 95, 95]]);
    expect(await onHand(`&as_of=${iso(daysAgo(11))}`)).toEqual([['WIRE-1', 100, 100]]);
    const reports = await verifyProjections(runtime.store, projectors);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
  });

  it('rebuilds the log and the stock from the events into identical rows', async () => {
    const snapshot = async () => ({
      log: (await sql`select * from activity_log order by position`.execute(runtime.store.db)).rows,
      stock: (
        await sql`select logistics_qty, on_hand, field_assigned, lost_outstanding, stream_version from material_stock order by material_id`.execute(
          runtime.store.db,
        )
      ).rows,
    });
    const before = await snapshot();
    for (const name of ['activity_log', 'material_stock']) {
      await rebuildProjection(runtime.store, projectors.find((p) => p.name === name)!, { databaseUrl: runtime.database.url });
    }
    expect(await snapshot()).toEqual(before);
    expect(await onHand(`&as_known_on=${iso(daysAgo(1))}`)).toEqual([['WIRE-1', 85, 85]]);
  });
});
