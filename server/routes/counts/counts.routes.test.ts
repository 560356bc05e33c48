/**
 * Counting through the API: a manager opens a count, a plain project member counts planned and
 * unplanned lines (blind: no answer to a counter carries an expected figure), a resend with the
 * same Idempotency-Key appends nothing, refusals change nothing, a recount replaces the line, and a
 * double count needs a second person.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_MESSAGES, type CounterLine, type CountSummary } from '../../../contract/counts.ts';
import { runStock } from '../../materials/stock-commands.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../users/user-commands.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let projectId: string;
const ids: Record<string, string> = {};
const cookies: Record<string, string> = {};
const system = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  projectId = await createProject(runtime.store, { name: 'Count site', customer: null, number: 'C-1' }, system);
  const people = [
    ['manager', 'user', 'manager'],
    ['crew', 'user', 'user'],
    ['crew2', 'user', 'user'],
    ['bystander', 'user', 'user'],
    ['outsider', 'user', null],
  ] as const;
  for (const [name, global, role] of people) {
    const { userId } = await createUser(runtime, `${name}@acme.test`, `${name} password`, global, { firstName: name, lastName: 'Person' });
    ids[name] = userId;
    if (role) await changeMembership(runtime.store, projectId, { type: 'add', userId, role }, system);
    cookies[name] = await signIn(app, `${name}@acme.test`, `${name} password`);
  }
  const location = { kind: 'project' as const, id: projectId };
  for (const [partNumber, quantity] of [
    ['PN-100', 20],
    ['PN-200', 5],
  ] as const) {
    await runStock(runtime.store, { type: 'receive', location, partNumber, quantity, partName: `Part ${partNumber}`, partNickname: partNumber }, system);
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const call = (who: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, headers: { cookie: cookies[who]!, ...headers }, ...(payload === undefined ? {} : { payload: payload as object }) });
const eventCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events`.execute(runtime.store.db)).rows[0]!.n;
/** Every key anywhere in a JSON answer. */
const keysOf = (value: unknown): string[] =>
  Array.isArray(value)
    ? value.flatMap(keysOf)
    : value !== null && typeof value === 'object'
      ? Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
      : [];

const open = async (extra: Record<string, unknown> = {}) => {
  const answer = await call('manager', 'POST', '/api/counts', {
    location: { kind: 'project', id: projectId },
    scope: { kind: 'filter', part_prefix: 'PN-1' },
    name: 'Spring stocktake',
    counters: [ids.crew, ids.crew2],
    ...extra,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as CountSummary;
};
const lines = async (who: string, sessionId: string) => {
  const answer = await call(who, 'GET', `/api/counts/${sessionId}/lines`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().items as CounterLine[];
};

describe('stock counts', () => {
  it('asks for a session first, then names the field a body gets wrong', async () => {
    const signedOut = await app.inject({ method: 'POST', url: '/api/counts', payload: { name: '' } });
    expect(signedOut.statusCode).toBe(401);
    const bad = await call('manager', 'POST', '/api/counts', {
      location: { kind: 'project', id: projectId },
      scope: { kind: 'all' },
      name: '',
      counters: [ids.crew],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ field: 'name', message: COUNT_MESSAGES.nameRequired });
  });

  it('plans and opens a count for the manager, not for a plain member', async () => {
    const plan = await call('manager', 'POST', '/api/counts/plan', { location: { kind: 'project', id: projectId }, scope: { kind: 'all' } });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json()).toMatchObject({ total: 2, items: [{ part_number: 'PN-100' }, { part_number: 'PN-200' }] });
    const before = await eventCount();
    const refused = await call('crew', 'POST', '/api/counts', {
      location: { kind: 'project', id: projectId },
      scope: { kind: 'all' },
      name: 'Mine',
      counters: [ids.crew],
    });
    expect(refused.statusCode).toBe(403);
    const outsider = await call('manager', 'POST', '/api/counts', {
      location: { kind: 'project', id: projectId },
      scope: { kind: 'all' },
      name: 'With a stranger',
      counters: [ids.outsider],
    });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().message).toBe(COUNT_MESSAGES.counterNotMember('outsider Person'));
    expect(await eventCount()).toBe(before);
    const session = await open();
    expect(session).toMatchObject({ status: 'open', line_total: 1, lines_counted: 0, blind: true, can_review: true, can_count: false });
  });

  it('lets a plain member count planned and unplanned lines, once per Idempotency-Key, never showing an expected figure', async () => {
    const session = await open({ name: 'Counted by the crew' });
    const [line] = await lines('crew', session.id);
    expect(line).toMatchObject({ part_number: 'PN-100', status: 'to_count', my_count: null, needs_count_from_me: true });
    const key = { 'idempotency-key': 'line-1-first' };
    const first = await call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 18 }, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ line_id: line!.line_id, seq: 1, counted: 18, status: 'counted' });
    const before = await eventCount();
    const again = await call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 18 }, key);
    expect(again.json()).toEqual(first.json());
    expect(await eventCount()).toBe(before);

    const added = await call('crew', 'POST', `/api/counts/${session.id}/count`, { part_number: 'pn-200', counted: 4 });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ seq: 2, counted: 4 });
    const unknown = await call('crew', 'POST', `/api/counts/${session.id}/count`, { part_number: 'NOPE-1', counted: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: COUNT_MESSAGES.partNotFound('NOPE-1'), field: 'part_number' });

    const mine = await lines('crew', session.id);
    expect(mine.map((l) => [l.part_number, l.planned, l.status, l.my_count])).toEqual([
      ['PN-100', true, 'counted', 18],
      ['PN-200', false, 'counted', 4],
    ]);
    const reads = [
      await call('crew', 'GET', `/api/counts/${session.id}/lines`),
      await call('crew', 'GET', `/api/counts/${session.id}`),
      await call('crew', 'GET', `/api/counts?project_id=${projectId}`),
      await call('manager', 'GET', `/api/counts/${session.id}/lines`),
    ];
    for (const read of reads) {
      expect(read.statusCode, read.body).toBe(200);
      expect(keysOf(read.json())).not.toContain('expected');
    }
    expect(reads[1]!.json()).toMatchObject({ line_total: 2, lines_counted: 2, can_count: true, can_review: false });
    expect((reads[2]!.json().items as CountSummary[]).map((s) => s.id)).toContain(session.id);
  });

  it('refuses a non-counter and a counter who reviews, and the refusals change nothing', async () => {
    const session = await open({ name: 'Refusals' });
    const [line] = await lines('crew', session.id);
    const before = await eventCount();
    const bystander = await call('bystander', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 3 });
    expect(bystander.statusCode).toBe(403);
    expect(bystander.json().message).toBe(COUNT_MESSAGES.notCounter);
    expect((await call('outsider', 'GET', `/api/counts/${session.id}/lines`)).statusCode).toBe(403);
    expect((await call('outsider', 'GET', `/api/counts?project_id=${projectId}`)).statusCode).toBe(403);
    expect((await call('bystander', 'GET', `/api/counts?project_id=${projectId}`)).json().items).toEqual([]);
    expect((await call('crew', 'POST', `/api/counts/${session.id}/recount`, { line_ids: [line!.line_id] })).statusCode).toBe(403);
    expect((await call('crew', 'POST', `/api/counts/${session.id}/cancel`, {})).statusCode).toBe(403);
    expect((await call('crew', 'PUT', `/api/counts/${session.id}/counters`, { counters: [ids.crew] })).statusCode).toBe(403);
    const future = await call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 3, counted_at: '2999-01-01T00:00:00Z' });
    expect(future.statusCode).toBe(400);
    expect(await eventCount()).toBe(before);
    expect((await lines('crew', session.id))[0]).toMatchObject({ status: 'to_count', counts: 0 });
  });

  it('replaces a line counted again after a recount', async () => {
    const session = await open({ name: 'Recount' });
    const [line] = await lines('crew', session.id);
    expect((await call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 18 })).statusCode).toBe(200);
    const asked = await call('manager', 'POST', `/api/counts/${session.id}/recount`, { line_ids: [line!.line_id], note: 'Check the back shelf' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toMatchObject({ recounts_pending: 1, lines_counted: 1 });
    expect((await lines('crew2', session.id))[0]).toMatchObject({ status: 'recount', needs_count_from_me: true });
    expect((await call('crew2', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 20 })).statusCode).toBe(200);
    expect((await lines('crew2', session.id))[0]).toMatchObject({ status: 'counted', my_count: 20, counts: 1 });
    expect((await lines('crew', session.id))[0]).toMatchObject({ my_count: null, counts: 1 });
    const row = await runtime.store.db
      .selectFrom('count_lines')
      .select(['round', 'counted', 'counter_name'])
      .where('session_id', '=', session.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ round: 2, counted: 20, counter_name: 'crew2 Person' });
    const after = (await call('manager', 'GET', `/api/counts/${session.id}`)).json();
    expect(after).toMatchObject({ recounts_pending: 0, lines_counted: 1 });
  });

  it('on a double count takes the second count from someone else only', async () => {
    const session = await open({ name: 'Twice', double_count: true });
    const [line] = await lines('crew', session.id);
    expect((await call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 18 })).statusCode).toBe(200);
    const before = await eventCount();
    const same = await call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 17 });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe(COUNT_MESSAGES.sameSecondCounter);
    expect(await eventCount()).toBe(before);
    expect((await lines('crew2', session.id))[0]).toMatchObject({ counts: 1, needs_count_from_me: true });
    expect((await call('crew2', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 18 })).statusCode).toBe(200);
    expect((await lines('crew', session.id))[0]).toMatchObject({ counts: 2, my_count: 18, needs_count_from_me: false });
  });

  it('takes counts sent together: each lands once, and one part found by two people is one line', async () => {
    const session = await open({ name: 'All at once', due_date: '2026-12-31' });
    expect(session.due_date).toBe('2026-12-31');
    const [line] = await lines('crew', session.id);
    const answers = await Promise.all([
      call('crew', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 20 }),
      call('crew', 'POST', `/api/counts/${session.id}/count`, { part_number: 'PN-200', counted: 5 }),
      call('crew2', 'POST', `/api/counts/${session.id}/count`, { part_number: 'PN-200', counted: 6 }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
    expect(answers[1]!.json().line_id).toBe(answers[2]!.json().line_id);
    const after = (await call('manager', 'GET', `/api/counts/${session.id}`)).json() as CountSummary;
    expect(after).toMatchObject({ line_total: 2, lines_counted: 2 });
    // Not a double count: whichever came last is the line's count.
    expect((await lines('crew2', session.id))[1]).toMatchObject({ part_number: 'PN-200', planned: false, counts: 1 });
  });

  it('changes counters and cancels for the manager', async () => {
    const session = await open({ name: 'Cancelled' });
    const changed = await call('manager', 'PUT', `/api/counts/${session.id}/counters`, { counters: [ids.bystander] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().counters).toEqual([{ user_id: ids.bystander, name: 'bystander Person' }]);
    const cancelled = await call('manager', 'POST', `/api/counts/${session.id}/cancel`, { reason: 'Wrong day' });
    expect(cancelled.json()).toMatchObject({ status: 'cancelled', can_count: false });
    const [line] = await lines('bystander', session.id);
    const late = await call('bystander', 'POST', `/api/counts/${session.id}/count`, { line_id: line!.line_id, counted: 1 });
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe(COUNT_MESSAGES.cancelled);
  });
});
