import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplateBody } from '../../contract/labels.ts';
import { projectors } from '../../projections/registry.ts';
import { rebuildProjections } from '../../projections/rebuild.ts';
import { verifyLedger } from '../../projections/verify.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { changeMembership, createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;
let worker: string;
let project: string;
let otherProject: string;
const system = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  const { userId: adminId } = await createUser(runtime, 'admin@acme.test', 'admin password', 'admin');
  const { userId: workerId } = await createUser(runtime, 'worker@acme.test', 'worker password', 'user');
  project = await createProject(runtime.store, { name: 'Alpha', customer: null, number: 'A-1', creatorId: adminId }, system);
  otherProject = await createProject(runtime.store, { name: 'Beta', customer: null, number: 'B-1', creatorId: adminId }, system);
  await changeMembership(runtime.store, project, { type: 'add', userId: workerId, role: 'user' }, system);
  admin = await signIn(app, 'admin@acme.test', 'admin password');
  worker = await signIn(app, 'worker@acme.test', 'worker password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const body: TemplateBody = {
  name: 'Rack labels',
  template_data: {
    columns: ['Rack', 'Port', 'Speed'],
    lines: [
      {
        id: 'line-1',
        fields: [
          { name: 'Rack', prependText: 'R-', appendText: '' },
          { name: 'Port', prependText: '', appendText: '/p' },
        ],
        separator: ' | ',
        casing: 'uppercase',
      },
      { id: 'line-2', fields: [{ name: 'Speed', prependText: '', appendText: ' Gb' }], separator: ' ', casing: 'none', leaveBlankIfNoData: true },
    ],
  },
};

const templates = (projectId = project, cookie = worker) =>
  app.inject({ method: 'GET', url: `/api/labels/templates?project_id=${projectId}`, headers: { cookie } });

describe('label templates', () => {
  it('saves a template and reads it back as saved', async () => {
    const created = await app.inject({ method: 'POST', url: `/api/labels/templates?project_id=${project}`, headers: { cookie: admin }, payload: body });
    expect(created.statusCode, created.body).toBe(201);
    const template = created.json();
    expect(template).toMatchObject({ project_id: project, name: 'Rack labels', template_data: body.template_data });
    const list = await templates();
    expect(list.json().items).toEqual([template]);
  });

  it('fills in the separator and casing a line leaves out', async () => {
    const created = await app.inject({
      method: 'POST',
      url: `/api/labels/templates?project_id=${project}`,
      headers: { cookie: admin },
      payload: { name: 'Bare', template_data: { columns: ['A'], lines: [{ id: 'l', fields: [{ name: 'A' }] }] } },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().template_data.lines[0]).toEqual({
      id: 'l',
      fields: [{ name: 'A', prependText: '', appendText: '' }],
      separator: ' ',
      casing: 'none',
    });
  });

  it('refuses a template without a name or without lines, with the spec messages', async () => {
    const noName = await app.inject({
      method: 'POST',
      url: `/api/labels/templates?project_id=${project}`,
      headers: { cookie: admin },
      payload: { ...body, name: '  ' },
    });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe('Template name is required');
    const noLines = await app.inject({
      method: 'POST',
      url: `/api/labels/templates?project_id=${project}`,
      headers: { cookie: admin },
      payload: { ...body, template_data: { columns: [], lines: [] } },
    });
    expect(noLines.statusCode).toBe(400);
    expect(noLines.json().message).toBe('At least one template line is required');
  });

  it('refuses a template whose only line has no field, naming the lines, on create and on edit', async () => {
    const emptyLine = { ...body, template_data: { columns: ['Rack'], lines: [{ id: 'line-1', fields: [], separator: ' ', casing: 'none' }] } };
    const created = await app.inject({ method: 'POST', url: `/api/labels/templates?project_id=${project}`, headers: { cookie: admin }, payload: emptyLine });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({ error: 'VALIDATION', message: 'Template lines need at least one field', field: 'template_data.lines' });
    const template = ((await templates()).json().items as Array<{ id: string; name: string }>).find((t) => t.name === 'Rack labels');
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/labels/templates/${template!.id}?project_id=${project}`,
      headers: { cookie: admin },
      payload: emptyLine,
    });
    expect(edited.statusCode).toBe(400);
    expect(edited.json().field).toBe('template_data.lines');
    expect((await templates()).json().items.map((t: { name: string }) => t.name)).toEqual(['Bare', 'Rack labels']);
  });

  it('lets only admins create, and keeps each project to its own templates', async () => {
    const byWorker = await app.inject({ method: 'POST', url: `/api/labels/templates?project_id=${project}`, headers: { cookie: worker }, payload: body });
    expect(byWorker.statusCode).toBe(403);
    expect((await templates(otherProject, admin)).json().items).toEqual([]);
    expect((await templates(otherProject, worker)).statusCode).toBe(403);
  });

  it('edits and deletes a template, and not from another project', async () => {
    const template = ((await templates()).json().items as Array<{ id: string; name: string }>).find((t) => t.name === 'Rack labels');
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/labels/templates/${template!.id}?project_id=${project}`,
      headers: { cookie: admin },
      payload: { ...body, name: 'Rack labels v2' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().name).toBe('Rack labels v2');
    const wrongProject = await app.inject({
      method: 'DELETE',
      url: `/api/labels/templates/${template!.id}?project_id=${otherProject}`,
      headers: { cookie: admin },
    });
    expect(wrongProject.statusCode).toBe(404);
    const removed = await app.inject({ method: 'DELETE', url: `/api/labels/templates/${template!.id}?project_id=${project}`, headers: { cookie: admin } });
    expect(removed.statusCode).toBe(204);
    expect((await templates()).json().items.map((t: { name: string }) => t.name)).toEqual(['Bare']);
  });

  it('rebuilds and verifies the label tables from the events', async () => {
    const imported = await app.inject({
      method: 'POST',
      url: '/api/labels/import',
      headers: { cookie: admin },
      payload: {
        project_id: project,
        labels: [
          { label_lines: ['ä "quoted"', ''], system: 'S' },
          { label_lines: [], cluster_pod: 'P' },
        ],
      },
    });
    expect(imported.statusCode).toBe(201);
    const del = await app.inject({
      method: 'POST',
      url: '/api/labels/bulk-delete',
      headers: { cookie: admin },
      payload: { project_id: project, ids: [imported.json().ids[1]] },
    });
    expect(del.statusCode).toBe(200);
    const before = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(before.projections.flatMap((p) => p.differences)).toEqual([]);
    await rebuildProjections(
      runtime.store,
      projectors.filter((p) => p.name.startsWith('label')),
      { databaseUrl: runtime.database.url },
    );
    const after = await verifyLedger(runtime.store, projectors, runtime.database.url);
    expect(after.projections.flatMap((p) => p.differences)).toEqual([]);
    expect((await templates()).json().items).toHaveLength(1);
  });
});
