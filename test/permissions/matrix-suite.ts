/**
 * Every signed-in route, called by each global role crossed with each project role (and signed
 * out), answers exactly the status the role rules give. One table per route: a failure shows
 * which cells differ. Each row names the policy its route declares (server/auth/policies.ts), so a
 * route whose policy changes fails here until its row says so.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../helpers/test-database.ts';
import { buildTestApp } from '../helpers/test-app.ts';
import { createSession } from '../../server/auth/session-store.ts';
import { createPersonalToken } from '../../server/auth/api-tokens.ts';
import { changeMembership, createProject } from '../../server/projects/project-commands.ts';
import { runStock } from '../../server/materials/stock-commands.ts';
import { inviteUser, SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { GLOBAL_ROLES, type GlobalRole } from '../../contract/roles.ts';
import {
  type Actor,
  always,
  can,
  changes,
  type MatrixContext,
  operationOf,
  PROJECT_ROLES_OR_NONE,
  type ProjectRoleOrNone,
  type RouteCase,
  when,
} from './matrix.ts';
import { documentedOperations } from '../helpers/openapi.ts';
import { multipartBody, PNG_1X1 } from '../helpers/multipart.ts';
import { runRequest } from '../../server/requests/request-commands.ts';
import { createAssetCatalogItem, createAssetCategory } from '../../server/assets/catalog-commands.ts';
import { assetPermissionRows } from './asset-rows.ts';
import { materialPermissionRows } from './material-rows.ts';
import { warehousePermissionRows } from './warehouse-rows.ts';
import { transferPermissionRows } from './transfer-rows.ts';
import { labelPermissionRows } from './label-rows.ts';
import { labelMediaPermissionRows } from './label-media-rows.ts';
import { publicPermissionRows } from './public-rows.ts';
import { labelImportPermissionRows } from './label-import-rows.ts';
import { ledgerPermissionRows } from './ledger-rows.ts';
import { scanPermissionRows } from './scan-rows.ts';
import { labelPrintPermissionRows } from './label-print-rows.ts';
import { countReviewPermissionRows } from './count-review-rows.ts';
import { countPermissionRows } from './count-rows.ts';
import { webhookPermissionRows } from './webhook-rows.ts';
import { beyondPolicy, directory, guarded } from './policy-rules.ts';
import { tokenPermissionRows } from './token-rows.ts';
import { passkeyPermissionRows } from './passkey-rows.ts';
import { totpPermissionRows } from './totp-rows.ts';
import { securityPermissionRows } from './security-rows.ts';
import { ssoPermissionRows } from './sso-rows.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let projectId: string;
let requesterId: string;
let imagePath: string;
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

/** Each actor's API token: read and write, every project, so it may do exactly what the actor may. */
const tokens = new Map<string, Promise<string>>();
function bearerFor(actor: Actor): Promise<string> {
  let token = tokens.get(actor.userId);
  if (!token) {
    const body = { name: 'Matrix', expires_in_days: 30, scopes: ['read' as const, 'write' as const], project_ids: null };
    token = createPersonalToken(runtime.store.db, { id: actor.userId, role: actor.global }, body).then((created) => `Bearer ${created.token}`);
    tokens.set(actor.userId, token);
  }
  return token;
}

async function memberOf(project: string, userId: string, role: ProjectRoleOrNone) {
  if (role !== 'none') await changeMembership(runtime.store, project, { type: 'add', userId, role }, system);
}

/** A request someone else made: its project's managers act on it, other members are refused, outsiders do not see it. */
const onRequest = (a: Actor) => (can.manage(a) ? 200 : can.view(a) ? 403 : 404);

/** A request by a plain member of the project, for the routes that act on one. */
async function newRequest(): Promise<string> {
  const requestId = randomUUID();
  const requester = { id: requesterId, name: 'Rae Requester', email: 'rae@example.com' };
  const lines = [{ lineId: randomUUID(), partNumber: 'PRM-1', partName: null, qty: 2, notes: null }];
  const change = { type: 'submit' as const, requestId, projectId, requestType: 'Material' as const, requester, lines, notes: null, imagePath: null };
  await runRequest(runtime.store, change, { manager: false, requester: true }, system);
  return requestId;
}

const context: MatrixContext = {
  runtime: () => runtime,
  app: () => app,
  projectId: () => projectId,
  actors: () => actors,
  memberId: () => actors.find((a) => a.global === 'user' && a.project === 'user')!.userId,
  newUser,
  memberOf,
  cookieFor,
};

const cell = (a: Actor) => `${a.global}/${a.project}`;

/** Every row, made anew for each part: rows keep the fixtures they make for the part's database. */
function matrixRoutes(): RouteCase[] {
  return [
    // The directory rows come first: POST /api/projects below makes every global admin a project admin
    // of the project it creates, and so a user of the directory.
    { name: 'GET /api/users', request: () => ({ method: 'GET', url: '/api/users?q=ex&page=1' }), ...guarded('user.directory') },
    {
      name: 'GET /api/users/by-email/:email',
      request: async () => {
        const row = await runtime.store.db.selectFrom('users').select('email').where('id', '=', actors[0]!.userId).executeTakeFirstOrThrow();
        return { method: 'GET', url: `/api/users/by-email/${encodeURIComponent(row.email)}` };
      },
      ...guarded('user.directory'),
    },
    {
      name: 'GET /api/users/:id of someone in no project',
      access: 'user.read',
      request: () => ({ method: 'GET', url: `/api/users/${actors[0]!.userId}` }),
      expected: when((a) => directory(a) || a.userId === actors[0]!.userId, 200),
    },
    {
      name: 'GET /api/users/:id of a project member',
      access: 'user.read',
      request: () => ({ method: 'GET', url: `/api/users/${actors.find((a) => a.global === 'user' && a.project === 'user')!.userId}` }),
      expected: when((a) => directory(a) || a.project !== 'none', 200),
    },
    { name: 'GET /api/users/me', request: () => ({ method: 'GET', url: '/api/users/me' }), expected: always(200) },
    { name: 'GET /api/projects', request: () => ({ method: 'GET', url: '/api/projects' }), expected: always(200) },
    {
      name: 'POST /api/projects',
      request: () => ({
        method: 'POST',
        url: '/api/projects',
        payload: { project_name: 'New', project_customer: null, project_number: `N-${randomUUID().slice(0, 6)}` },
      }),
      ...guarded('project.create', 201),
    },
    { name: 'GET /api/projects/:id', request: () => ({ method: 'GET', url: `/api/projects/${projectId}` }), expected: when(can.view, 200) },
    { name: 'GET /api/projects/:id/my-role', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/my-role` }), expected: always(200) },
    { name: 'GET /api/projects/:id/settings', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/settings` }), expected: when(can.view, 200) },
    {
      name: 'PATCH /api/projects/:id/settings',
      request: () => ({ method: 'PATCH', url: `/api/projects/${projectId}/settings`, payload: { hide_from_transfer_list: false } }),
      expected: when(can.administer, 200),
    },
    {
      name: 'GET /api/projects/:id/assignable-users',
      request: () => ({ method: 'GET', url: `/api/projects/${projectId}/assignable-users` }),
      expected: when(can.manage, 200),
    },
    {
      name: 'GET /api/projects/user/:userId (own)',
      access: 'project.list-of-user',
      request: (a) => ({ method: 'GET', url: `/api/projects/user/${a.userId}` }),
      expected: always(200),
    },
    {
      name: "GET /api/projects/user/:userId (someone else's)",
      access: 'project.list-of-user',
      request: () => ({ method: 'GET', url: `/api/projects/user/${actors[0]!.userId}` }),
      expected: (a) => (a.global === 'superadmin' || a.userId === actors[0]!.userId ? 200 : 403),
    },
    {
      name: 'POST /api/projects/assign',
      request: async () => ({
        method: 'POST',
        url: '/api/projects/assign',
        payload: { user_id: await newUser(), project_id: projectId, project_role: 'user' },
      }),
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
      ...guarded('project.delete', 204),
    },
    { name: 'GET /api/projects/:id/history', request: () => ({ method: 'GET', url: `/api/projects/${projectId}/history` }), ...guarded('project.history') },
    {
      name: 'GET /api/materials (the catalogue of every project)',
      request: () => ({ method: 'GET', url: '/api/materials' }),
      ...guarded('material.catalogue'),
    },
    {
      name: 'GET /api/materials/explain',
      request: () => ({ method: 'GET', url: `/api/materials/explain?project_id=${projectId}&number=MX-1&figure=on_hand` }),
      expected: when(can.logs, 200),
    },
    { name: 'GET /api/users/project/:id', request: () => ({ method: 'GET', url: `/api/users/project/${projectId}` }), expected: when(can.view, 200) },
    {
      name: 'POST /api/users/invite',
      request: () => ({
        method: 'POST',
        url: '/api/users/invite',
        payload: { first_name: 'New', last_name: 'Person', email: `${randomUUID()}@example.com`, role: 'user' },
      }),
      ...guarded('user.invite', 201),
    },
    {
      name: 'PUT /api/users/roles',
      request: async () => ({ method: 'PUT', url: '/api/users/roles', payload: { ids: [await newUser()], role: 'admin' } }),
      ...guarded('user.set-roles'),
    },
    {
      name: 'DELETE /api/users',
      request: async () => ({ method: 'DELETE', url: '/api/users', payload: { ids: [await newUser()] } }),
      ...guarded('user.delete'),
    },
    {
      name: 'PATCH /api/users/me/email-prefs',
      request: () => ({ method: 'PATCH', url: '/api/users/me/email-prefs', payload: { stock_emails: false } }),
      expected: always(200),
    },
    { name: 'GET /api/site/settings', request: () => ({ method: 'GET', url: '/api/site/settings' }), ...guarded('site.settings') },
    {
      name: 'PATCH /api/site/settings',
      request: () => ({ method: 'PATCH', url: '/api/site/settings', payload: { maintenance_mode: false } }),
      ...guarded('site.settings'),
    },
    {
      name: 'PATCH /api/site/settings (offline actions limit)',
      request: () => ({ method: 'PATCH', url: '/api/site/settings', payload: { offline_max_age_days: 7 } }),
      ...guarded('site.settings'),
    },
    { name: 'GET /api/site/bootstrap', request: () => ({ method: 'GET', url: `/api/site/bootstrap?project_id=${projectId}` }), expected: always(200) },
    { name: 'GET /api/outbox', request: () => ({ method: 'GET', url: '/api/outbox' }), ...guarded('outbox.read') },
    {
      name: 'POST /api/requests/material',
      request: () => ({ method: 'POST', url: '/api/requests/material', payload: { project_id: projectId, pick_list: [{ part_number: 'PRM-1', qty: 1 }] } }),
      expected: when(changes(can.view), 200),
    },
    {
      name: 'POST /api/requests/asset',
      request: () => ({ method: 'POST', url: '/api/requests/asset', payload: { project_id: projectId, pick_list: [{ asset_number: 'AST-1', qty: 1 }] } }),
      expected: when(changes(can.view), 200),
    },
    {
      name: 'GET /api/requests?mine=1',
      request: () => ({ method: 'GET', url: `/api/requests?mine=1&project_id=${projectId}` }),
      expected: when(can.view, 200),
    },
    {
      name: 'GET /api/requests',
      request: () => ({ method: 'GET', url: `/api/requests?project_id=${projectId}&status=open` }),
      expected: when(can.manage, 200),
    },
    {
      name: 'GET /api/requests (csv)',
      request: () => ({ method: 'GET', url: `/api/requests?project_id=${projectId}&format=csv` }),
      expected: when(can.manage, 200),
    },
    {
      name: 'GET /api/requests/:id',
      access: 'request.read',
      request: async () => ({ method: 'GET', url: `/api/requests/${await newRequest()}` }),
      expected: onRequest,
    },
    {
      name: 'GET /api/requests/:id/history',
      access: 'request.read',
      request: async () => ({ method: 'GET', url: `/api/requests/${await newRequest()}/history` }),
      expected: onRequest,
    },
    {
      name: 'PATCH /api/requests/:id/picklist (a line status)',
      request: async () => {
        const id = await newRequest();
        const line = await runtime.store.db.selectFrom('request_lines').select('line_id').where('request_id', '=', id).executeTakeFirstOrThrow();
        return { method: 'PATCH', url: `/api/requests/${id}/picklist`, payload: { picklist: [{ line_id: line.line_id, status: 'denied' }] } };
      },
      expected: onRequest,
    },
    {
      name: 'POST /api/requests/:id/assign',
      request: async () => ({ method: 'POST', url: `/api/requests/${await newRequest()}/assign` }),
      expected: onRequest,
    },
    {
      name: 'PATCH /api/requests/:id/status',
      request: async () => ({ method: 'PATCH', url: `/api/requests/${await newRequest()}/status`, payload: { status: 'on-hold', reason: 'waiting_delivery' } }),
      expected: onRequest,
    },
    {
      name: 'GET /api/requests/unread-count',
      request: () => ({ method: 'GET', url: `/api/requests/unread-count?projectId=${projectId}` }),
      expected: when(can.view, 200),
    },
    {
      name: 'POST /api/requests/mark-read',
      request: () => ({ method: 'POST', url: '/api/requests/mark-read', payload: { projectId } }),
      expected: when(changes(can.view), 200),
    },
    {
      name: 'POST /api/upload/request-image',
      request: () => ({
        method: 'POST',
        url: '/api/upload/request-image',
        ...multipartBody({ project_id: projectId }, { name: 'a.png', type: 'image/png', data: PNG_1X1 }),
      }),
      expected: when(changes(can.view), 200),
    },
    { name: 'GET /api/request-images/:projectId/:file', request: () => ({ method: 'GET', url: `/api/${imagePath}` }), expected: when(can.view, 200) },
    {
      name: 'POST /api/notify-fulfilled',
      request: async () => ({ method: 'POST', url: '/api/notify-fulfilled', payload: { request_id: await newRequest() } }),
      expected: onRequest,
    },
    {
      name: 'POST /api/auth/update-password',
      request: () => ({ method: 'POST', url: '/api/auth/update-password', payload: { password: 'a new password' } }),
      expected: always(200),
      withToken: always(403),
    },
    { name: 'POST /api/auth/refresh', request: () => ({ method: 'POST', url: '/api/auth/refresh' }), expected: always(200), withToken: always(403) },
    { name: 'POST /api/logout', request: () => ({ method: 'POST', url: '/api/logout' }), expected: always(204), withToken: always(403) },
    ...tokenPermissionRows(context),
    ...passkeyPermissionRows(context),
    ...totpPermissionRows(context),
    ...securityPermissionRows(context),
    ...ssoPermissionRows(context),
    ...assetPermissionRows(context),
    ...materialPermissionRows(context),
    ...warehousePermissionRows(context),
    ...transferPermissionRows(context),
    ...labelPermissionRows(context),
    ...labelMediaPermissionRows(context),
    ...publicPermissionRows(context),
    ...labelImportPermissionRows(context),
    { name: 'GET /api/materials/logs', request: () => ({ method: 'GET', url: `/api/materials/logs?project_id=${projectId}` }), expected: when(can.logs, 200) },
    {
      name: 'POST /api/materials/receive',
      request: () => ({
        method: 'POST',
        url: '/api/materials/receive',
        payload: { project_id: projectId, part_number: 'PERM-1', quantity: 1, part_name: 'Matrix part', standard_name: 'mp' },
      }),
      expected: when(can.manage, 200),
    },
    ...ledgerPermissionRows(context),
    ...scanPermissionRows(context),
    ...labelPrintPermissionRows(context),
    ...countReviewPermissionRows(context),
    ...countPermissionRows(context),
    ...webhookPermissionRows(context),
    {
      name: 'POST /api/materials/corrections',
      access: 'material.correct',
      // A fresh receive to correct each time: an entry is corrected once.
      request: async () => {
        const partNumber = `COR-${randomUUID().slice(0, 8)}`;
        const { position } = await runStock(
          runtime.store,
          { type: 'receive', location: { kind: 'project', id: projectId }, partNumber, quantity: 5, partName: 'Part', partNickname: 'Part' },
          system,
        );
        return { method: 'POST', url: '/api/materials/corrections', payload: { project_id: projectId, position, quantity: 4, reason: 'Miscounted' } };
      },
      // An auditor changes nothing, whatever their project role.
      expected: when((a) => a.global === 'superadmin' || (a.project === 'admin' && a.global !== 'auditor'), 200),
    },
  ];
}

/**
 * Declares the matrix's tests for one part of the routes (every `of`-th row from row `part`); part 1
 * also checks that the matrix covers the API and reads the routes' policies. The parts are test files
 * of their own, so the workers share the matrix instead of one of them running all of it.
 */
export function permissionMatrix({ part, of }: { part: number; of: number }): void {
  const routes = matrixRoutes();
  beforeAll(async () => {
    // A worker may have run another part of the matrix before this one, against another database.
    actors.length = 0;
    tokens.clear();
    runtime = await openTestRuntime();
    app = await buildTestApp(runtime, { inviteRateLimit: 10_000, apiTokenRateLimit: 100_000, ledgerSealer: true });
    projectId = await createProject(runtime.store, { name: 'Matrix', customer: 'ACME', number: 'M-1' }, system);
    requesterId = await newUser();
    await memberOf(projectId, requesterId, 'user');
    await runStock(
      runtime.store,
      { type: 'receive', location: { kind: 'project', id: projectId }, partNumber: 'PRM-1', quantity: 100_000, partName: 'Permit', partNickname: 'Permit' },
      system,
    );
    const categoryId = await createAssetCategory(runtime.store, { name: 'Request tools', kind: 'serialized' }, system);
    await createAssetCatalogItem(runtime.store, { assetNumber: 'AST-1', assetName: 'Request tool', categoryId }, system);
    imagePath = `request-images/${projectId}/${randomUUID()}.png`;
    await app.storage.put(imagePath, PNG_1X1, 'image/png');
    for (const global of GLOBAL_ROLES) {
      for (const project of PROJECT_ROLES_OR_NONE) {
        const userId = await newUser(global);
        await memberOf(projectId, userId, project);
        actors.push({ global, project, userId });
      }
    }
    const boss = actors.find((a) => a.global === 'superadmin')!;
    const received = await app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: await cookieFor(boss.userId) },
      payload: { project_id: projectId, part_number: 'MX-1', part_name: 'Matrix part', standard_name: 'Matrix part', quantity: 5 },
    });
    expect(received.statusCode).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await runtime.close();
  });

  if (part === 1) {
    describe('permissions: the matrix covers the API', () => {
      it('has a row for every operation of the OpenAPI document, and none for an operation that is not there', async () => {
        const documented = new Set((await documentedOperations(app)).map((o) => operationOf(`${o.method} ${o.path}`)));
        const covered = new Set(routes.map((r) => operationOf(r.name)));
        expect({ withoutARow: [...documented].filter((o) => !covered.has(o)).sort() }).toEqual({ withoutARow: [] });
        expect({ notDocumented: [...covered].filter((o) => !documented.has(o)).sort() }).toEqual({ notDocumented: [] });
      });
    });

    describe("permissions: the matrix reads the routes' policies", () => {
      it('names in every row the policy its route declares in config.access (server/auth/policies.ts)', () => {
        const declared = new Map([...app.routePolicies].map(([route, policy]) => [operationOf(route), policy]));
        const differing = routes
          .filter((r) => declared.get(operationOf(r.name)) !== r.access)
          .map((r) => `${r.name}: the route names ${declared.get(operationOf(r.name)) ?? 'none'}, the row ${r.access ?? 'none'}`);
        expect(differing).toEqual([]);
      });

      it("expects no success for a caller the row's policy refuses", () => {
        const beyond = Object.fromEntries(routes.map((r) => [r.name, beyondPolicy(r, actors)] as const).filter(([, cells]) => cells.length > 0));
        expect(beyond).toEqual({});
      });
    });
  }

  describe(`permissions: every route for every global role × project role, with a session and with an API token (part ${part} of ${of})`, () => {
    it.each(routes.filter((_, i) => i % of === part - 1).map((r) => [r.name, r] as const))(
      '%s',
      async (_name, route) => {
        const expected: Record<string, number> = {};
        const actual: Record<string, number> = {};
        for (const actor of actors) {
          const options = await route.request(actor);
          const response = await app.inject({ ...options, headers: { ...options.headers, cookie: await cookieFor(actor.userId) } });
          expected[cell(actor)] = route.expected(actor);
          actual[cell(actor)] = response.statusCode;
          // The same call with the actor's token in place of the cookie: exactly the actor's permissions.
          // From another address, so the per-address limits of the open operations count each mode apart.
          const again = await route.request(actor);
          const withToken = await app.inject({ ...again, remoteAddress: '127.0.0.2', headers: { ...again.headers, authorization: await bearerFor(actor) } });
          expected[`${cell(actor)} with a token`] = (route.withToken ?? route.expected)(actor);
          actual[`${cell(actor)} with a token`] = withToken.statusCode;
        }
        const signedOut = await app.inject(await route.request(actors[0]!));
        expected['signed out'] = route.signedOut ?? (route.name === 'POST /api/logout' ? 204 : 401);
        actual['signed out'] = signedOut.statusCode;
        expect(actual).toEqual(expected);
        // Every cell is called twice (session, token): the slowest rows need more than the default time.
      },
      120_000,
    );
  });
}
