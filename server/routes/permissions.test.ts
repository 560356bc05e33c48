/**
 * Every signed-in route, called by each global role crossed with each project role (and signed
 * out), answers exactly the status the role rules give. One table per route: a failure shows
 * which cells differ.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp } from '../../test/helpers/test-app.ts';
import { createSession } from '../auth/session-store.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { runStock } from '../materials/stock-commands.ts';
import { inviteUser, SYSTEM_ACTOR } from '../users/user-commands.ts';
import { GLOBAL_ROLES, type GlobalRole } from '../../ledger/user/events.ts';
import type { ProjectRole } from '../../ledger/project/events.ts';

type ProjectRoleOrNone = ProjectRole | 'none';
const PROJECT_ROLES_OR_NONE: ProjectRoleOrNone[] = ['none', 'user', 'manager', 'admin'];
interface Actor {
  global: GlobalRole;
  project: ProjectRoleOrNone;
  userId: string;
}

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let projectId: string;
const actors: Actor[] = [];
const system = { metadata: SYSTEM_ACTOR };

async function newUser(role: GlobalRole = 'user'): Promise<string> {
  const { userId } = await inviteUser(runtime.store, { email: `${randomUUID()}@example.com`, firstName: 'T', lastName: role, role }, system);
  return userId;
}

async function cookieFor(userId: string): Promise<string> {
  const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
  return `sl_access=${tokens.accessToken}; sl_refresh=${tokens.refreshToken}`;
}

async function memberOf(project: string, userId: string, role: ProjectRoleOrNone) {
  if (role !== 'none') await changeMembership(runtime.store, project, { type: 'add', userId, role }, system);
}

const can = {
  view: (a: Actor) => a.global === 'superadmin' || a.global === 'auditor' || a.project !== 'none',
  manage: (a: Actor) =>
    a.global === 'superadmin' || (a.global !== 'auditor' && a.project !== 'none' && (a.global === 'admin' || a.project === 'admin' || a.project === 'manager')),
  // A project's logs: whoever curates it, and auditors everywhere (read-only).
  logs: (a: Actor) => a.global === 'superadmin' || a.global === 'auditor' || a.project === 'admin' || a.project === 'manager',
  ledger: (a: Actor) => a.global === 'superadmin' || a.global === 'auditor',
  administer: (a: Actor) => a.global === 'superadmin' || (a.global === 'admin' && a.project === 'admin'),
  admins: (a: Actor) => a.global === 'admin' || a.global === 'superadmin',
  superadmin: (a: Actor) => a.global === 'superadmin',
};
const when = (rule: (a: Actor) => boolean, ok: number) => (a: Actor) => (rule(a) ? ok : 403);
const always = (status: number) => () => status;

interface RouteCase {
  name: string;
  /** Builds the request for one actor; may create what it needs first (a fresh target). */
  request: (actor: Actor) => Promise<InjectOptions> | InjectOptions;
  expected: (actor: Actor) => number;
  /** The answer signed out, when not 401. */
  signedOut?: number;
}

const routes: RouteCase[] = [
  { name: 'GET /api/users/me', request: () => ({ method: 'GET', url: '/api/users/me' }), expected: always(200) },
  { name: 'GET /api/projects', request: () => ({ method: 'GET', url: '/api/projects' }), expected: always(200) },
  {
    name: 'POST /api/projects',
    request: () => ({ method: 'POST', url: '/api/projects', payload: { project_name: 'New', project_customer: null, project_number: `N-${randomUUID().slice(0, 6)}` } }),
    expected: when(can.admins, 201),
  },
  { name: 'GET /api/projects/:id', request: () => ({ method: 'GET', url: `/api/projects/${projectId}` }), expected: when(can.view, 200) },
  { name: 'GET /api/projects/:id/my-role', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/my-role` }), expected: always(200) },
  { name: 'GET /api/projects/:id/settings', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/settings` }), expected: when(can.view, 200) },
  {
    name: 'PATCH /api/projects/:id/settings',
    request: () => ({ method: 'PATCH', url: `/api/projects/${projectId}/settings`, payload: { hide_from_transfer_list: false } }),
    expected: when(can.administer, 200),
  },
  { name: 'GET /api/projects/:id/assignable-users', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/assignable-users` }), expected: when(can.manage, 200) },
  { name: "GET /api/projects/user/:userId (own)", request: (a) => ({ method: 'GET', url: `/api/projects/user/${a.userId}` }), expected: always(200) },
  {
    name: "GET /api/projects/user/:userId (someone else's)",
    request: () => ({ method: 'GET', url: `/api/projects/user/${actors[0]!.userId}` }),
    expected: (a) => (a.global === 'superadmin' || a.userId === actors[0]!.userId ? 200 : 403),
  },
  {
    name: 'POST /api/projects/assign',
    request: async () => ({ method: 'POST', url: '/api/projects/assign', payload: { user_id: await newUser(), project_id: projectId, project_role: 'user' } }),
    expected: when(can.administer, 200),
  },
  {
    name: 'POST /api/projects/remove',
    request: async () => {
      const target = await newUser();
      await memberOf(projectId, target, 'user');
      return { method: 'POST', url: '/api/projects/remove', payload: { user_id: target, project_id: projectId } };
    },
    expected: when(can.administer, 200),
  },
  {
    name: 'PATCH /api/projects/:id/role',
    request: async () => {
      const target = await newUser();
      await memberOf(projectId, target, 'user');
      return { method: 'PATCH', url: `/api/projects/${projectId}/role`, payload: { user_id: target, project_role: 'manager' } };
    },
    expected: when(can.administer, 200),
  },
  {
    name: 'DELETE /api/projects/:id',
    request: async (a) => {
      const doomed = await createProject(runtime.store, { name: 'Doomed', customer: null, number: `D-${randomUUID().slice(0, 8)}` }, system);
      await memberOf(doomed, a.userId, a.project);
      return { method: 'DELETE', url: `/api/projects/${doomed}` };
    },
    expected: when(can.superadmin, 204),
  },
  { name: 'GET /api/projects/:id/history', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/history` }), expected: when(can.superadmin, 200) },
  { name: 'GET /api/users', request: () => ({ method: 'GET', url: '/api/users?q=ex&page=1' }), expected: when(can.admins, 200) },
  { name: 'GET /api/users/:id', request: () => ({ method: 'GET', url: `/api/users/${actors[0]!.userId}` }), expected: always(200) },
  {
    name: 'GET /api/users/by-email/:email',
    request: async () => {
      const row = await runtime.store.db.selectFrom('users').select('email').where('id', '=', actors[0]!.userId).executeTakeFirstOrThrow();
      return { method: 'GET', url: `/api/users/by-email/${encodeURIComponent(row.email)}` };
    },
    expected: when(can.admins, 200),
  },
  { name: 'GET /api/users/project/:id', request: () => ({ method: 'GET', url: `/api/users/project/${projectId}` }), expected: when(can.view, 200) },
  {
    name: 'POST /api/users/invite',
    request: () => ({ method: 'POST', url: '/api/users/invite', payload: { first_name: 'New', last_name: 'Person', email: `${randomUUID()}@example.com`, role: 'user' } }),
    expected: when(can.admins, 201),
  },
  { name: 'PUT /api/users/roles', request: async () => ({ method: 'PUT', url: '/api/users/roles', payload: { ids: [await newUser()], role: 'admin' } }), expected: when(can.superadmin, 200) },
  { name: 'DELETE /api/users', request: async () => ({ method: 'DELETE', url: '/api/users', payload: { ids: [await newUser()] } }), expected: when(can.superadmin, 200) },
  { name: 'PATCH /api/users/me/email-prefs', request: () => ({ method: 'PATCH', url: '/api/users/me/email-prefs', payload: { stock_emails: false } }), expected: always(200) },
  { name: 'GET /api/site/settings', request: () => ({ method: 'GET', url: '/api/site/settings' }), expected: when(can.superadmin, 200) },
  {
    name: 'PATCH /api/site/settings',
    request: () => ({ method: 'PATCH', url: '/api/site/settings', payload: { maintenance_mode: false } }),
    expected: when(can.superadmin, 200),
  },
  { name: 'GET /api/site/bootstrap', request: () => ({ method: 'GET', url: `/api/site/bootstrap?project_id=${projectId}` }), expected: always(200) },
  { name: 'GET /api/outbox', request: () => ({ method: 'GET', url: '/api/outbox' }), expected: when(can.superadmin, 200) },
  { name: 'POST /api/auth/update-password', request: () => ({ method: 'POST', url: '/api/auth/update-password', payload: { password: 'a new password' } }), expected: always(200) },
  { name: 'POST /api/auth/refresh', request: () => ({ method: 'POST', url: '/api/auth/refresh' }), expected: always(200) },
  { name: 'POST /api/logout', request: () => ({ method: 'POST', url: '/api/logout' }), expected: always(204) },
  { name: 'GET /api/materials/logs', request: () => ({ method: 'GET', url: `/api/materials/logs?project_id=${projectId}` }), expected: when(can.logs, 200) },
  {
    name: 'POST /api/materials/receive',
    request: () => ({ method: 'POST', url: '/api/materials/receive', payload: { project_id: projectId, part_number: 'PERM-1', quantity: 1, part_name: 'Matrix part', standard_name: 'mp' } }),
    expected: when(can.manage, 200),
  },
  { name: 'GET /api/ledger/public-key', request: () => ({ method: 'GET', url: '/api/ledger/public-key' }), expected: always(200), signedOut: 200 },
  { name: 'GET /api/ledger/status', request: () => ({ method: 'GET', url: '/api/ledger/status' }), expected: when(can.ledger, 200) },
  { name: 'GET /api/ledger/checkpoints', request: () => ({ method: 'GET', url: '/api/ledger/checkpoints' }), expected: when(can.ledger, 200) },
  { name: 'POST /api/ledger/checkpoints', request: () => ({ method: 'POST', url: '/api/ledger/checkpoints' }), expected: when(can.superadmin, 200) },
  {
    name: 'GET /api/ledger/consistency',
    request: async () => {
      const seq = (await app.ledgerSeal.checkpointNow())!.ledger_seq;
      return { method: 'GET', url: `/api/ledger/consistency?from=${seq}&to=${seq}` };
    },
    expected: when(can.ledger, 200),
  },
  {
    name: 'GET /api/ledger/bundle',
    request: () => ({ method: 'GET', url: `/api/ledger/bundle?project_id=${projectId}&from=2020-01-01&to=2100-01-01` }),
    expected: when(can.ledger, 200),
  },
  { name: 'POST /api/ledger/verify', request: () => ({ method: 'POST', url: '/api/ledger/verify' }), expected: when(can.ledger, 202) },
  {
    name: 'POST /api/materials/corrections',
    // A fresh receive to correct each time: an entry is corrected once.
    request: async () => {
      const partNumber = `COR-${randomUUID().slice(0, 8)}`;
      const { position } = await runStock(runtime.store, { type: 'receive', location: { kind: 'project', id: projectId }, partNumber, quantity: 5, partName: 'Part', partNickname: 'Part' }, system);
      return { method: 'POST', url: '/api/materials/corrections', payload: { project_id: projectId, position, quantity: 4, reason: 'Miscounted' } };
    },
    // An auditor changes nothing, whatever their project role.
    expected: when((a) => a.global === 'superadmin' || (a.project === 'admin' && a.global !== 'auditor'), 200),
  },
];

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { inviteRateLimit: 10_000, ledgerSealer: true });
  projectId = await createProject(runtime.store, { name: 'Matrix', customer: 'ACME', number: 'M-1' }, system);
  for (const global of GLOBAL_ROLES) {
    for (const project of PROJECT_ROLES_OR_NONE) {
      const userId = await newUser(global);
      await memberOf(projectId, userId, project);
      actors.push({ global, project, userId });
    }
  }
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const cell = (a: Actor) => `${a.global}/${a.project}`;

describe('permissions: every route for every global role × project role', () => {
  it.each(routes.map((r) => [r.name, r] as const))('%s', async (_name, route) => {
    const expected: Record<string, number> = {};
    const actual: Record<string, number> = {};
    for (const actor of actors) {
      const options = await route.request(actor);
      const response = await app.inject({ ...options, headers: { ...options.headers, cookie: await cookieFor(actor.userId) } });
      expected[cell(actor)] = route.expected(actor);
      actual[cell(actor)] = response.statusCode;
    }
    const signedOut = await app.inject(await route.request(actors[0]!));
    expected['signed out'] = route.signedOut ?? (route.name === 'POST /api/logout' ? 204 : 401);
    actual['signed out'] = signedOut.statusCode;
    expect(actual).toEqual(expected);
  });
});
