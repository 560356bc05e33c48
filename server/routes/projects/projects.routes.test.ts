import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let admin: string;
let worker: string;
let workerId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { inviteRateLimit: 100 });
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin', { firstName: 'Bea', lastName: 'Boss' });
  await createUser(runtime, 'admin@example.com', 'admin password', 'admin', { firstName: 'Ali', lastName: 'Admin' });
  workerId = (await createUser(runtime, 'worker@example.com', 'worker password', 'user', { firstName: 'Wes', lastName: 'Worker' })).userId;
  boss = await signIn(app, 'boss@example.com', 'boss password');
  admin = await signIn(app, 'admin@example.com', 'admin password');
  worker = await signIn(app, 'worker@example.com', 'worker password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  app.inject({ method, url, payload, headers: { cookie } });

describe('projects', () => {
  let projectId = '';

  it('creates a project; the creating admin becomes its project admin', async () => {
    const created = await call(admin, 'POST', '/api/projects', { project_name: ' Substation 4 ', project_customer: 'Grid Co', project_number: 'P-104' });
    expect(created.statusCode).toBe(201);
    const project = created.json();
    expect(project).toMatchObject({
      project_name: 'Substation 4',
      project_customer: 'Grid Co',
      project_number: 'P-104',
      managing_logistics: false,
      hide_from_transfer_list: false,
      num_id: 1,
    });
    projectId = project.id;
    expect((await call(admin, 'GET', `/api/projects/${projectId}/my-role`)).json()).toEqual({ project_role: 'admin' });
  });

  it('names the first missing field when creating', async () => {
    const response = await call(admin, 'POST', '/api/projects', { project_customer: 'x' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Project name is required', field: 'project_name' });
  });

  it('adds a member, who then sees the project in their list with their role', async () => {
    expect((await call(worker, 'GET', '/api/projects')).json().items).toEqual([]);
    expect((await call(admin, 'POST', '/api/projects/assign', { user_id: workerId, project_id: projectId })).statusCode).toBe(200);
    const mine = (await call(worker, 'GET', '/api/projects')).json().items;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ id: projectId, project_role: 'user' });
    expect((await call(worker, 'GET', `/api/projects/user/${workerId}?role=user`)).json().items).toHaveLength(1);
    expect((await call(worker, 'GET', `/api/projects/user/${workerId}?role=admin`)).json().items).toHaveLength(0);
  });

  it('lists every active project to a global admin with scope=all, for warehouse moves; refuses it to a plain user', async () => {
    const other = await call(boss, 'POST', '/api/projects', { project_name: 'Yard', project_number: 'P-900' });
    expect(other.statusCode).toBe(201);
    const numbers = (items: { project_number: string }[]) => items.map((p) => p.project_number);
    expect(numbers((await call(admin, 'GET', '/api/projects')).json().items)).toEqual(['P-104']);
    expect(numbers((await call(admin, 'GET', '/api/projects?scope=all')).json().items)).toEqual(['P-104', 'P-900']);
    const refused = await call(worker, 'GET', '/api/projects?scope=all');
    expect(refused.statusCode).toBe(403);
    const bad = await call(admin, 'GET', '/api/projects?scope=every');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('scope');
    expect((await call(boss, 'DELETE', `/api/projects/${other.json().id}`)).statusCode).toBe(204);
  });

  it('refuses adding a member twice with a conflict naming them', async () => {
    const again = await call(admin, 'POST', '/api/projects/assign', { user_id: workerId, project_id: projectId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Wes Worker is already a member of this project.');
  });

  it('changes a role and lists members and assignable users with roles', async () => {
    expect((await call(admin, 'PATCH', `/api/projects/${projectId}/role`, { user_id: workerId, project_role: 'manager' })).statusCode).toBe(200);
    const members = (await call(worker, 'GET', `/api/users/project/${projectId}`)).json().items;
    expect(members.map((m: { user_email: string; project_role: string }) => [m.user_email, m.project_role])).toEqual([
      ['admin@example.com', 'admin'],
      ['worker@example.com', 'manager'],
    ]);
    const assignable = (await call(worker, 'GET', `/api/projects/${projectId}/assignable-users`)).json().items;
    expect(assignable.find((u: { uuid: string }) => u.uuid === workerId)).toMatchObject({ user_firstname: 'Wes', project_role: 'manager' });
  });

  it('changes settings and searches projects from two characters', async () => {
    expect((await call(admin, 'PATCH', `/api/projects/${projectId}/settings`, { managing_logistics: true })).json()).toEqual({
      managing_logistics: true,
      hide_from_transfer_list: false,
    });
    expect((await call(worker, 'GET', `/api/projects/${projectId}/settings`)).json().managing_logistics).toBe(true);
    expect((await call(boss, 'GET', '/api/projects?q=sub')).json().items).toHaveLength(1);
    expect((await call(boss, 'GET', '/api/projects?q=zz')).json().items).toHaveLength(0);
    expect((await call(boss, 'GET', '/api/projects?q=z')).json().items).toHaveLength(1);
  });

  it('shows a superadmin who changed what and when', async () => {
    const history = (await call(boss, 'GET', `/api/projects/${projectId}/history`)).json().items;
    expect(history.map((h: { actor: string; summary: string }) => `${h.actor}: ${h.summary}`)).toEqual([
      'Ali Admin: Settings: managing logistics on, hidden from transfer list no',
      'Ali Admin: Changed Wes Worker from user to manager',
      'Ali Admin: Added Wes Worker as user',
      'Ali Admin: Added Ali Admin as admin',
      'Ali Admin: Created project P-104 Substation 4',
    ]);
  });

  it('deletes a project: gone from lists and lookups, its history kept', async () => {
    expect((await call(boss, 'DELETE', `/api/projects/${projectId}`)).statusCode).toBe(204);
    expect((await call(boss, 'GET', '/api/projects')).json().items).toEqual([]);
    expect((await call(worker, 'GET', '/api/projects')).json().items).toEqual([]);
    expect((await call(boss, 'GET', `/api/projects/${projectId}`)).statusCode).toBe(404);
    const history = (await call(boss, 'GET', `/api/projects/${projectId}/history`)).json().items;
    expect(history[0].summary).toBe('Deleted the project (archived; its history is kept)');
  });
});

describe('users', () => {
  it('pages 25 at a time and searches from two characters', async () => {
    for (let i = 0; i < 27; i += 1) {
      const response = await call(boss, 'POST', '/api/users/invite', {
        first_name: `Person${String(i).padStart(2, '0')}`,
        last_name: 'Paged',
        email: `p${i}@example.com`,
      });
      expect(response.statusCode).toBe(201);
    }
    const first = (await call(boss, 'GET', '/api/users?page=1')).json();
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(25);
    expect((await call(boss, 'GET', '/api/users?page=2')).json().items).toHaveLength(5);
    expect((await call(boss, 'GET', '/api/users?q=person0')).json().total).toBe(10);
    expect((await call(boss, 'GET', '/api/users?q=p')).json().total).toBe(30);
    const bad = await call(boss, 'GET', '/api/users?page=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: 'VALIDATION', message: 'Page must be 1 or more.', field: 'page' });
  });

  it('changes roles in bulk, but not the caller’s own', async () => {
    const response = await call(boss, 'PUT', '/api/users/roles', { ids: [workerId], role: 'admin' });
    expect(response.json()).toEqual({ updated: 1 });
    const me = (await call(boss, 'GET', '/api/users/me')).json();
    const self = await call(boss, 'PUT', '/api/users/roles', { ids: [me.id], role: 'user' });
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe('You cannot change your own role.');
  });

  it('deletes a user by deactivating: signed out, gone from lists, name kept in history', async () => {
    const response = await call(boss, 'DELETE', '/api/users', { ids: [workerId] });
    expect(response.json()).toEqual({ deleted: 1 });
    expect((await call(worker, 'GET', '/api/users/me')).statusCode).toBe(401);
    expect((await call(boss, 'GET', '/api/users?q=worker')).json().total).toBe(0);
    expect((await call(boss, 'GET', `/api/users/${workerId}`)).json()).toMatchObject({ user_firstname: 'Wes', user_lastname: 'Worker' });
    const events = await runtime.store.readStream(runtime.store.db, `user:${workerId}`);
    // The sign-in is in the history too.
    expect(events.map((e) => e.type)).toEqual(['UserRegistered', 'UserSignedIn', 'UserRoleChanged', 'UserDeactivated']);
  });

  it('sets e-mail preferences', async () => {
    const response = await call(admin, 'PATCH', '/api/users/me/email-prefs', { emails: false });
    expect(response.json()).toEqual({ emails: false, stock_emails: true });
    expect((await call(admin, 'GET', '/api/users/me')).json()).toMatchObject({ emails: false, stock_emails: true });
  });
});
