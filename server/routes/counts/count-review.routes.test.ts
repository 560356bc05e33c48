/**
 * Reviewing and posting a count through the API, with the issue's numbers: 20 on hand, counted 18
 * at 10:00, 5 received at 10:05, reviewed at 10:10: the variance is −2 (not +3) and posting leaves
 * 23 on hand and 2 lost, dated 10:00, shown in the logs as "Count" and in explain-a-number. The
 * movements are dated through the commands' `now`; the counts through their `counted_at`.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { projectors } from '../../../projections/registry.ts';
import { rebuildProjections } from '../../../projections/rebuild.ts';
import { verifyProjections } from '../../../projections/verify.ts';
import { runStock } from '../../materials/stock-commands.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { openCount } from '../../stock-count/count-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let projectId: string;
let manager: string;
let counter: string;
let counterId: string;
let workerId: string;

// Yesterday, so every instant of the story is in the past when the commands check it.
const day = new Date(Date.now() - 24 * 3600 * 1000).toISOString().slice(0, 10);
const at = (hhmm: string) => new Date(`${day}T${hhmm}:00Z`);
const system = (hhmm: string) => ({ metadata: SYSTEM_ACTOR, now: at(hhmm) });
const location = () => ({ kind: 'project' as const, id: projectId });

const get = (cookie: string, url: string) => app.inject({ method: 'GET', url, headers: { cookie } });
const post = (cookie: string, url: string, payload: object = {}, key?: string) =>
  app.inject({ method: 'POST', url, payload, headers: { cookie, ...(key ? { 'idempotency-key': key } : {}) } });

async function open(name: string, hhmm: string): Promise<string> {
  return openCount(
    runtime.store,
    { location: location(), scope: { kind: 'all' }, includeAssets: false, name, dueDate: null, blind: true, doubleCount: false, counterIds: [counterId] },
    system(hhmm),
  );
}

async function lineOf(sessionId: string, partNumber: string): Promise<string> {
  const { rows } = await sql<{ line_id: string }>`select line_id from count_lines where session_id = ${sessionId} and part_number = ${partNumber}`.execute(
    runtime.store.db,
  );
  return rows[0]!.line_id;
}

async function count(sessionId: string, lineId: string, counted: number, hhmm: string) {
  const response = await post(
    counter,
    `/api/counts/${sessionId}/count`,
    { line_id: lineId, counted, counted_at: at(hhmm).toISOString() },
    `${sessionId}-${lineId}-${hhmm}`,
  );
  expect(response.statusCode, response.body).toBe(200);
}

const figures = async (partNumber: string) => {
  const { rows } = await sql<{ on_hand: number; lost: number }>`
    select s.on_hand, s.lost_outstanding as lost from material_stock s join materials m on m.material_id = s.material_id
     where s.location_id = ${projectId} and m.part_number = ${partNumber}`.execute(runtime.store.db);
  return rows[0];
};
const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(runtime.store.db)).rows[0]!.n);

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const boss = await createUser(runtime, 'boss@example.com', 'boss-password-1');
  const crew = await createUser(runtime, 'crew@example.com', 'crew-password-1');
  const worker = await createUser(runtime, 'worker@example.com', 'worker-password-1');
  counterId = crew.userId;
  workerId = worker.userId;
  projectId = await createProject(runtime.store, { name: 'Counted', customer: null, number: 'CNT-1' }, system('07:00'));
  await changeMembership(runtime.store, projectId, { type: 'add', userId: boss.userId, role: 'manager' }, system('07:00'));
  await changeMembership(runtime.store, projectId, { type: 'add', userId: crew.userId, role: 'user' }, system('07:00'));
  await changeMembership(runtime.store, projectId, { type: 'add', userId: worker.userId, role: 'user' }, system('07:00'));
  manager = await signIn(app, 'boss@example.com', 'boss-password-1');
  counter = await signIn(app, 'crew@example.com', 'crew-password-1');
  const receive = (partNumber: string, quantity: number, hhmm: string) =>
    runStock(
      runtime.store,
      { type: 'receive', location: location(), partNumber, quantity, partName: `Part ${partNumber}`, partNickname: partNumber },
      system(hhmm),
    );
  await receive('PN-1', 20, '08:00');
  await receive('PN-2', 10, '08:00');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('reviewing and posting a count', () => {
  let sessionId: string;
  let line: string;

  it('measures a line against on hand when it was counted: −2, not +3', async () => {
    sessionId = await open('Spring stocktake', '09:00');
    line = await lineOf(sessionId, 'PN-1');
    await count(sessionId, line, 17, '09:55');
    // The manager asks for a recount; its count replaces the first.
    const recount = await post(manager, `/api/counts/${sessionId}/recount`, { line_ids: [line] });
    expect(recount.statusCode, recount.body).toBe(200);
    await count(sessionId, line, 18, '10:00');
    await runStock(
      runtime.store,
      { type: 'receive', location: location(), partNumber: 'PN-1', quantity: 5, partName: 'Part PN-1', partNickname: 'PN-1' },
      system('10:05'),
    );

    const variance = await get(manager, `/api/counts/${sessionId}/variance`);
    expect(variance.statusCode, variance.body).toBe(200);
    const item = variance.json().items.find((i: { line_id: string }) => i.line_id === line);
    expect(item).toMatchObject({
      counted: 18,
      counted_at: at('10:00').toISOString(),
      expected: 20,
      difference: -2,
      percent: -10,
      moved_since: 5,
      movements_since: 1,
    });
    expect(variance.json().totals).toMatchObject({ lines: 2, counted: 1, with_variance: 1, accuracy: 0 });
  });

  it('refuses the variance, its CSV and posting to a counter', async () => {
    expect((await get(counter, `/api/counts/${sessionId}/variance`)).statusCode).toBe(403);
    expect((await get(counter, `/api/counts/${sessionId}/export.csv`)).statusCode).toBe(403);
    expect((await post(counter, `/api/counts/${sessionId}/post`)).statusCode).toBe(403);
  });

  it('exports the variance as CSV', async () => {
    const csv = await get(manager, `/api/counts/${sessionId}/export.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain('"PN-1"');
    expect(lines[1]).toContain('"20","-2","-10"');
  });

  it('lists the open count as due to its counter and its manager', async () => {
    for (const cookie of [manager, counter]) {
      const due = await get(cookie, '/api/counts/due');
      expect(due.statusCode).toBe(200);
      expect(due.json().items.map((s: { id: string }) => s.id)).toContain(sessionId);
    }
  });

  it('posts the difference dated when it was counted: on hand 23, lost 2', async () => {
    const posted = await post(manager, `/api/counts/${sessionId}/post`);
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toMatchObject({ adjustments: 1, lines_counted: 1, lines_not_counted: 1, session: { status: 'posted' } });
    expect(await figures('PN-1')).toEqual({ on_hand: 23, lost: 2 });
    expect(await figures('PN-2')).toEqual({ on_hand: 10, lost: 0 });

    const logs = await get(manager, `/api/materials/logs?project_id=${projectId}`);
    const row = logs.json().items.find((r: { LogType: string }) => r.LogType === 'Count');
    expect(row).toMatchObject({ PartNumber: 'PN-1', LogAmount: 2, LogDate: expect.stringContaining(day) });

    const explained = await get(manager, `/api/materials/explain?project_id=${projectId}&number=PN-1&figure=on_hand`);
    expect(explained.json().items.map((i: { type: string; change: number; balance: number }) => [i.type, i.change, i.balance])).toEqual([
      ['Receive', 20, 20],
      ['Count', -2, 18],
      ['Receive', 5, 23],
    ]);
    const variance = (await get(manager, `/api/counts/${sessionId}/variance`)).json();
    expect(variance.items.find((i: { line_id: string }) => i.line_id === line)).toMatchObject({ expected: 20, difference: -2 });

    const last = await get(manager, `/api/counts/last-counted?project_id=${projectId}`);
    expect(last.statusCode).toBe(200);
    expect(
      last
        .json()
        .items.map((r: { part_number: string; session_id: string | null; last_difference: number | null }) => [r.part_number, r.session_id, r.last_difference]),
    ).toEqual([
      ['PN-1', sessionId, -2],
      ['PN-2', null, null],
    ]);
    expect((await get(counter, `/api/counts/last-counted?project_id=${projectId}`)).statusCode).toBe(403);
  });

  it('refuses a post whose difference the place has since moved below, naming the line, and changes nothing', async () => {
    const second = await open('Recount PN-2', '11:00');
    const pn2 = await lineOf(second, 'PN-2');
    await count(second, pn2, 2, '11:30');
    // 5 of the 10 went out at 11:40: taking the 8 short at 11:30 would leave −3 then.
    await runStock(runtime.store, { type: 'assign', location: location(), partNumber: 'PN-2', quantity: 5, userId: workerId }, system('11:40'));
    const before = await eventCount();
    const refused = await post(manager, `/api/counts/${second}/post`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^Line \d+ \(PN-2.*below zero \(to -3\)/);
    expect(await eventCount()).toBe(before);
    expect(await figures('PN-2')).toEqual({ on_hand: 5, lost: 0 });
    expect((await get(manager, `/api/counts/${second}/variance`)).json().session.status).toBe('open');
  });

  it('rebuilds and verifies to the same tables after posting', async () => {
    await rebuildProjections(runtime.store, projectors, { databaseUrl: runtime.database.url });
    const reports = await verifyProjections(runtime.store, projectors);
    expect(reports.flatMap((r) => r.differences)).toEqual([]);
    expect(await figures('PN-1')).toEqual({ on_hand: 23, lost: 2 });
  });
});
