/**
 * The request read tables are a fold of the request streams: after a history that reaches every
 * event (submit, split, replacement, hold, re-open by hand and by receive, line changes, deny, fulfil
 * all, finalise), a rebuild from the events gives identical rows and verify finds nothing.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_EVENT_TYPES } from '../../ledger/request/events.ts';
import { rebuildProjection } from '../../projections/rebuild.ts';
import { requestsProjector } from '../../projections/requests/projector.ts';
import { verifyProjection } from '../../projections/verify.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runStock } from '../materials/stock-commands.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { registerUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { reopenWaitingRequests } from './reopen-on-receive.ts';
import { type RequestChange, runRequest } from './request-commands.ts';

const options = { metadata: SYSTEM_ACTOR };
const MANAGER = { manager: true, requester: false };
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let projectId: string;
let requesterId: string;

const receive = (partNumber: string, quantity: number) =>
  runStock(
    runtime.store,
    { type: 'receive', location: { kind: 'project', id: projectId }, partNumber, quantity, partName: partNumber, partNickname: partNumber },
    options,
  );
const run = (change: RequestChange, actor = MANAGER) => runRequest(runtime.store, change, actor, options);
async function submit(lines: Array<[string, number]>): Promise<{ id: string; lineIds: string[] }> {
  const id = crypto.randomUUID();
  const made = lines.map(([partNumber, qty]) => ({ lineId: crypto.randomUUID(), partNumber, partName: null, qty, notes: `${partNumber} note` }));
  const requester = { id: requesterId, name: 'Rae', email: 'rae@example.com' };
  await run(
    { type: 'submit', requestId: id, projectId, requestType: 'Material', requester, lines: made, notes: 'site office', imagePath: null },
    { manager: false, requester: true },
  );
  return { id, lineIds: made.map((l) => l.lineId) };
}
const fulfil = (
  requestId: string,
  lineId: string,
  partNumber: string,
  quantity: number,
  replacementPartNumber: string | null = null,
  remainder: 'open' | 'waiting_delivery' = 'open',
) => run({ type: 'fulfil', requestId, lines: [{ lineId, partNumber, quantity, replacementPartNumber, remainderLineId: crypto.randomUUID() }], remainder });

beforeAll(async () => {
  runtime = await openTestRuntime();
  projectId = await createProject(runtime.store, { name: 'Fold', customer: null, number: 'F-1' }, options);
  requesterId = (
    await registerUser(runtime.store, { email: 'rae@example.com', password: 'rae password', role: 'user', firstName: 'Rae', lastName: 'R' }, SYSTEM_ACTOR)
  ).userId;
  await changeMembership(runtime.store, projectId, { type: 'add', userId: requesterId, role: 'user' }, options);
  await receive('A-1', 20);
  await receive('B-1', 2);
  await receive('C-1', 5);
});
afterAll(async () => {
  await runtime.close();
});

describe('the requests projection', () => {
  it('rebuilds to identical rows and verifies clean after every kind of event', async () => {
    const one = await submit([
      ['A-1', 5],
      ['B-1', 4],
    ]);
    await fulfil(one.id, one.lineIds[0]!, 'A-1', 2);
    await fulfil(one.id, one.lineIds[1]!, 'B-1', 1, 'C-1', 'waiting_delivery');
    await receive('B-1', 5);
    expect(await reopenWaitingRequests(runtime.store, projectId, null, options)).toBe(1);
    await run({ type: 'hold', requestId: one.id, reason: 'checking' });
    await run({ type: 'reopen', requestId: one.id });
    const line = await runtime.store.db
      .selectFrom('request_lines')
      .select('line_id')
      .where('request_id', '=', one.id)
      .where('status', '=', 'requested')
      .orderBy('seq')
      .executeTakeFirstOrThrow();
    await run({ type: 'lines', requestId: one.id, changes: [{ lineId: line.line_id, status: 'denied' }], reason: 'not needed' });
    await run({ type: 'fulfil', requestId: one.id, lines: [], remainder: 'open' });

    const two = await submit([['C-1', 1]]);
    await run({ type: 'deny', requestId: two.id, reason: 'duplicate' });
    const three = await submit([
      ['A-1', 1],
      ['C-1', 1],
    ]);
    await run({ type: 'lines', requestId: three.id, changes: [{ lineId: three.lineIds[1]!, status: 'on-hold' }], reason: null });
    await fulfil(three.id, three.lineIds[0]!, 'A-1', 1);
    await run({ type: 'finalise', requestId: three.id });

    const { rows: types } = await sql<{ type: string }>`select distinct type from events where stream_id like 'request:%'`.execute(runtime.store.db);
    expect(types.map((t) => t.type).sort()).toEqual([...REQUEST_EVENT_TYPES].sort());

    const snapshot = async () => ({
      requests: await runtime.store.db.selectFrom('requests').selectAll().orderBy('id').execute(),
      lines: await runtime.store.db.selectFrom('request_lines').selectAll().orderBy('request_id').orderBy('line_id').execute(),
    });
    const before = await snapshot();
    expect(before.requests.map((r) => r.status).sort()).toEqual(['denied', 'fulfilled', 'fulfilled']);
    await rebuildProjection(runtime.store, requestsProjector, { batchSize: 3, databaseUrl: runtime.database.url });
    expect(await snapshot()).toEqual(before);
    expect((await verifyProjection(runtime.store, requestsProjector)).differences).toEqual([]);
  });
});
