/**
 * Field actions sent late with `Occurred-At`: sign-in first, then the header's bounds (malformed,
 * future, too old for the site, not a call that may be queued), nothing applied when refused; an
 * accepted action is applied once, dated at the device's time and recorded at its arrival, so the
 * stock as of then and "as known on" before its arrival both tell the truth; the site's limit moves
 * the bound.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OCCURRED_AT_ERROR,
  OCCURRED_AT_HEADER,
  OCCURRED_AT_IN_FUTURE,
  OCCURRED_AT_INVALID,
  OCCURRED_AT_NOT_ACCEPTED,
  OFFLINE_MAX_AGE_INVALID,
  OFFLINE_ROUTES,
  occurredAtTooOld,
} from '../../contract/offline.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let manager: string;
let crew: string;
let crewId: string;
let projectId: string;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  const managerId = (await createUser(runtime, 'manager@example.com', 'manager password', 'user')).userId;
  crewId = (await createUser(runtime, 'crew@example.com', 'crew password', 'user')).userId;
  projectId = await createProject(runtime.store, { name: 'Basement', customer: null, number: 'OFF-1' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: managerId, role: 'manager' }, { metadata: SYSTEM_ACTOR });
  await changeMembership(runtime.store, projectId, { type: 'add', userId: crewId, role: 'user' }, { metadata: SYSTEM_ACTOR });
  boss = await signIn(app, 'boss@example.com', 'boss password');
  manager = await signIn(app, 'manager@example.com', 'manager password');
  crew = await signIn(app, 'crew@example.com', 'crew password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const send = (cookie: string | null, url: string, payload: object, headers: Record<string, string> = {}, method: 'POST' | 'PATCH' = 'POST') =>
  app.inject({ method, url, payload, headers: { ...(cookie ? { cookie } : {}), ...headers } });
const at = (instant: string, key?: string) => ({ [OCCURRED_AT_HEADER]: instant, ...(key ? { 'idempotency-key': key } : {}) });
const eventCount = async () => (await sql<{ n: number }>`select count(*)::int as n from events`.execute(runtime.store.db)).rows[0]!.n;
const assign = (quantity: number) => ({ project_id: projectId, part_number: 'OFF-100', quantity, user_id: crewId });
const figures = async (query = '') => {
  const response = await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${projectId}${query}`, headers: { cookie: manager } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items.map((r: Record<string, unknown>) => [r.PartNumber, r.QtyOnHand, r.FieldAssigned]);
};
const setLimit = async (days: number) => {
  const response = await send(boss, '/api/site/settings', { offline_max_age_days: days }, {}, 'PATCH');
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().offline_max_age_days).toBe(days);
};

describe('the routes that take Occurred-At', () => {
  it('are each a route the server has', () => {
    for (const { method, route } of OFFLINE_ROUTES) expect(app.hasRoute({ method, url: route }), `${method} ${route}`).toBe(true);
  });
});

describe('refusals, before anything is applied', () => {
  it('asks a caller with no session to sign in before looking at the header', async () => {
    const response = await send(null, '/api/inventory/assign', assign(1), at('not a time'));
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('UNAUTHORIZED');
  });

  it('refuses a malformed header, naming it', async () => {
    for (const bad of ['yesterday', '2026-11-20', '2026-11-20T10:00:00']) {
      const response = await send(manager, '/api/inventory/assign', assign(1), at(bad));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: OCCURRED_AT_ERROR.invalid, message: OCCURRED_AT_INVALID, field: OCCURRED_AT_HEADER });
    }
  });

  it('refuses an instant in the future', async () => {
    const response = await send(manager, '/api/inventory/assign', assign(1), at(new Date(Date.now() + HOUR).toISOString()));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: OCCURRED_AT_ERROR.inFuture, message: OCCURRED_AT_IN_FUTURE, field: OCCURRED_AT_HEADER });
  });

  it('refuses the header on a call that cannot be queued, and ignores it on a read', async () => {
    const before = await eventCount();
    const response = await send(boss, '/api/site/settings', { freeze_transactions: true }, at(ago(HOUR)), 'PATCH');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: OCCURRED_AT_ERROR.notAccepted, message: OCCURRED_AT_NOT_ACCEPTED, field: OCCURRED_AT_HEADER });
    expect(await eventCount()).toBe(before);
    const read = await app.inject({ method: 'GET', url: '/api/site/settings', headers: { cookie: boss, ...at(ago(HOUR)) } });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ freeze_transactions: false, offline_max_age_days: 7 });
  });

  it("refuses an action older than the site's limit, naming the days, and leaves the ledger untouched", async () => {
    const before = await eventCount();
    const response = await send(
      manager,
      '/api/materials/receive',
      { project_id: projectId, part_number: 'OLD-1', quantity: 3, part_name: 'Old', standard_name: 'Old' },
      at(ago(8 * DAY), 'old-1'),
    );
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ error: OCCURRED_AT_ERROR.tooOld, message: occurredAtTooOld(7), field: OCCURRED_AT_HEADER });
    expect(response.json().message).toContain('more than 7 days ago');
    expect(await eventCount()).toBe(before);
    expect(await figures()).toEqual([]);
  });
});

describe('an assign taken offline two hours ago', () => {
  const receivedAt = ago(3 * HOUR);
  const assignedAt = ago(2 * HOUR);
  let beforeArrival: string;
  let sentAt: number;

  it('is applied once, dated at the device time and recorded at its arrival', async () => {
    const received = await send(
      manager,
      '/api/materials/receive',
      { project_id: projectId, part_number: 'OFF-100', quantity: 10, part_name: 'Cable', standard_name: 'Cable' },
      at(receivedAt),
    );
    expect(received.statusCode, received.body).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    beforeArrival = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 20));
    sentAt = Date.now();
    const response = await send(manager, '/api/inventory/assign', assign(4), at(assignedAt, 'assign-offline-1'));
    expect(response.statusCode, response.body).toBe(200);
    const events = await runtime.store.db
      .selectFrom('events')
      .select(['occurred_at', 'recorded_at'])
      .where('idempotency_key', 'like', '%:assign-offline-1')
      .execute();
    expect(events).toHaveLength(1);
    expect(new Date(events[0]!.occurred_at).toISOString()).toBe(assignedAt);
    const recorded = new Date(events[0]!.recorded_at).getTime();
    expect(recorded).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(recorded).toBeLessThanOrEqual(Date.now() + 1000);
    expect(await figures()).toEqual([['OFF-100', 6, 4]]);
  });

  it('is not applied twice when sent again with the same key and header', async () => {
    const before = await eventCount();
    const again = await send(manager, '/api/inventory/assign', assign(4), at(assignedAt, 'assign-offline-1'));
    expect(again.statusCode, again.body).toBe(200);
    expect(await eventCount()).toBe(before);
    expect(await figures()).toEqual([['OFF-100', 6, 4]]);
  });

  it('shows in the stock as of its time, and not as that time was known before it arrived', async () => {
    const between = encodeURIComponent(ago(90 * 60_000));
    expect(await figures(`&as_of=${between}`)).toEqual([['OFF-100', 6, 4]]);
    expect(await figures(`&as_of=${between}&as_known_on=${encodeURIComponent(beforeArrival)}`)).toEqual([['OFF-100', 10, 0]]);
    expect(await figures(`&as_of=${encodeURIComponent(ago(150 * 60_000))}`)).toEqual([['OFF-100', 10, 0]]);
  });
});

describe("the site's limit", () => {
  it('is a whole number of days from 1 to 90', async () => {
    for (const bad of [0, 91, 2.5]) {
      const response = await send(boss, '/api/site/settings', { offline_max_age_days: bad }, {}, 'PATCH');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(OFFLINE_MAX_AGE_INVALID);
    }
    expect((await send(manager, '/api/site/settings', { offline_max_age_days: 30 }, {}, 'PATCH')).statusCode).toBe(403);
  });

  it('moves the bound at once', async () => {
    const eightDays = ago(8 * DAY);
    await setLimit(30);
    const accepted = await send(
      manager,
      '/api/materials/lost',
      { project_id: projectId, part_number: 'OFF-100', quantity: 1, source: 'on_hand' },
      at(eightDays, 'lost-late-1'),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    await setLimit(1);
    const before = await eventCount();
    const refused = await send(manager, '/api/materials/found', { project_id: projectId, part_number: 'OFF-100', quantity: 1 }, at(ago(2 * DAY)));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(occurredAtTooOld(1));
    expect(refused.json().message).toContain('more than 1 day ago');
    expect(await eventCount()).toBe(before);

    // The eight-day-old loss sent again (its answer lost on the way) gets its first answer, not a refusal.
    const lost = { project_id: projectId, part_number: 'OFF-100', quantity: 1, source: 'on_hand' };
    const again = await send(manager, '/api/materials/lost', lost, at(eightDays, 'lost-late-1'));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(accepted.json());
    const other = await send(manager, '/api/materials/lost', lost, at(eightDays, 'lost-late-2'));
    expect(other.statusCode).toBe(422);
    expect(await eventCount()).toBe(before);
    await setLimit(7);
  });
});

describe('a count line sent late', () => {
  it('is counted at the device time, under the count session rules', async () => {
    const opened = await send(manager, '/api/counts', {
      location: { kind: 'project', id: projectId },
      scope: { kind: 'filter', part_prefix: 'OFF-' },
      name: 'Offline count',
      counters: [crewId],
    });
    expect(opened.statusCode, opened.body).toBe(201);
    const sessionId = opened.json().id as string;
    const lines = await app.inject({ method: 'GET', url: `/api/counts/${sessionId}/lines`, headers: { cookie: crew } });
    const lineId = lines.json().items[0].line_id as string;

    const beforeOpening = await send(crew, `/api/counts/${sessionId}/count`, { line_id: lineId, counted: 5 }, at(ago(HOUR)));
    expect(beforeOpening.statusCode).toBe(400);

    await new Promise((r) => setTimeout(r, 30));
    const countedAt = ago(10);
    const counted = await send(crew, `/api/counts/${sessionId}/count`, { line_id: lineId, counted: 5 }, at(countedAt, 'count-offline-1'));
    expect(counted.statusCode, counted.body).toBe(200);
    expect(new Date(counted.json().counted_at).toISOString()).toBe(countedAt);
  });
});
