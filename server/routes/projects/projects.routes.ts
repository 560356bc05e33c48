/** Projects: list, create, settings, members and their roles, history, delete (archive). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DomainError } from '../../../ledger/errors.ts';
import { projectStreamId } from '../../../ledger/project/events.ts';
import { errorBody } from '../auth/auth.schemas.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { roleOf } from '../../plugins/auth.ts';
import { projectAccess, requireProjectAccess } from '../../projects/project-access.ts';
import { changeMembership, createProject, projectCommand } from '../../projects/project-commands.ts';
import { describeProjectEvent } from './history.ts';
import { findProject, projectMembers, visibleProjects } from './project-queries.ts';
import {
  assignableUser,
  createProjectBody,
  historyItem,
  memberBody,
  ok,
  projectIdParams,
  projectRole,
  projectSchema,
  projectWithRole,
  roleBody,
  settingsPatch,
  settingsSchema,
  toProject,
  uuidParam,
} from './projects.schemas.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const tags = ['projects'];

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preHandler: app.requireUser };

  r.get(
    '/api/projects',
    {
      ...signedIn,
      schema: {
        summary: 'Projects the caller can see (a superadmin sees all), optionally searched (2+ characters)',
        tags,
        querystring: z.object({ q: z.string().max(200).optional() }),
        response: { 200: z.object({ items: z.array(projectWithRole) }), ...errors },
      },
    },
    async (request) => {
      const rows = await visibleProjects(app.db, request.user!, { q: request.query.q });
      return { items: rows.map((p) => ({ ...toProject(p), project_role: p.project_role ?? (roleOf(request.user!) === 'superadmin' ? 'admin' : null) })) };
    },
  );

  r.post(
    '/api/projects',
    {
      preHandler: app.requireRole('admin', 'superadmin'),
      schema: { summary: 'Create a project; its creator becomes its project admin', tags, body: createProjectBody, response: { 201: projectSchema, ...errors } },
    },
    async (request, reply) => {
      const { project_name, project_customer, project_number } = request.body;
      const projectId = await createProject(
        app.store,
        { name: project_name, customer: project_customer ?? null, number: project_number, creatorId: request.user!.id },
        commandOptions(request),
      );
      return reply.code(201).send(toProject((await findProject(app.db, projectId))!));
    },
  );

  r.get(
    '/api/projects/user/:userId',
    {
      ...signedIn,
      schema: {
        summary: "A user's projects, optionally with one project role (the caller's own, or anyone's for a superadmin)",
        tags,
        params: z.object({ userId: uuidParam('userId') }),
        querystring: z.object({ role: projectRole.optional() }),
        response: { 200: z.object({ items: z.array(projectWithRole) }), ...errors },
      },
    },
    async (request) => {
      const me = request.user!;
      if (request.params.userId !== me.id && roleOf(me) !== 'superadmin') throw new DomainError('FORBIDDEN', 'You can only list your own projects.');
      const target = await app.db.selectFrom('users').select(['id', 'role']).where('id', '=', request.params.userId).executeTakeFirst();
      if (!target) throw new DomainError('NOT_FOUND', 'User not found');
      // Another user's list is their memberships, whatever the caller's own reach.
      const subject = target.id === me.id ? me : { id: target.id, role: 'user' };
      const rows = await visibleProjects(app.db, subject, { role: request.query.role });
      return { items: rows.map((p) => ({ ...toProject(p), project_role: p.project_role ?? (roleOf(subject) === 'superadmin' ? 'admin' : null) })) };
    },
  );

  r.get(
    '/api/projects/:id',
    { ...signedIn, schema: { summary: 'One project', tags, params: projectIdParams, response: { 200: projectSchema, ...errors } } },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.params.id, 'view');
      return toProject((await findProject(app.db, request.params.id))!);
    },
  );

  r.get(
    '/api/projects/:id/my-role',
    {
      ...signedIn,
      schema: {
        summary: "The caller's project role (a superadmin acts as admin); null when not a member",
        tags,
        params: projectIdParams,
        response: { 200: z.object({ project_role: projectRole.nullable() }), ...errors },
      },
    },
    async (request) => {
      const access = await projectAccess(app.db, request.user!, request.params.id);
      if (!access) throw new DomainError('NOT_FOUND', 'Project not found');
      return { project_role: access.projectRole };
    },
  );

  r.get(
    '/api/projects/:id/settings',
    { ...signedIn, schema: { summary: 'Project settings', tags, params: projectIdParams, response: { 200: settingsSchema, ...errors } } },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.params.id, 'view');
      const p = (await findProject(app.db, request.params.id))!;
      return { managing_logistics: p.managing_logistics, hide_from_transfer_list: p.hide_from_transfer_list };
    },
  );

  r.patch(
    '/api/projects/:id/settings',
    {
      ...signedIn,
      schema: { summary: 'Change project settings (project administrators)', tags, params: projectIdParams, body: settingsPatch, response: { 200: settingsSchema, ...errors } },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.params.id, 'administer');
      const { managing_logistics, hide_from_transfer_list } = request.body;
      await projectCommand(
        app.store,
        request.params.id,
        { type: 'ChangeProjectSettings', data: { managingLogistics: managing_logistics, hideFromTransferList: hide_from_transfer_list } },
        commandOptions(request),
      );
      const p = (await findProject(app.db, request.params.id))!;
      return { managing_logistics: p.managing_logistics, hide_from_transfer_list: p.hide_from_transfer_list };
    },
  );

  r.get(
    '/api/projects/:id/assignable-users',
    {
      ...signedIn,
      schema: { summary: 'Members who can be assigned stock (those who manage the project)', tags, params: projectIdParams, response: { 200: z.object({ items: z.array(assignableUser) }), ...errors } },
    },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.params.id, 'manage');
      const members = await projectMembers(app.db, request.params.id);
      return { items: members.map((m) => ({ uuid: m.id, user_firstname: m.user_firstname, user_lastname: m.user_lastname, user_email: m.email, project_role: m.project_role })) };
    },
  );

  r.post(
    '/api/projects/assign',
    { ...signedIn, schema: { summary: 'Add a user to a project (default role user)', tags, body: memberBody, response: { 200: ok, ...errors } } },
    async (request) => {
      const { project_id, user_id, project_role } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'administer');
      await changeMembership(app.store, project_id, { type: 'add', userId: user_id, role: project_role ?? 'user' }, commandOptions(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/projects/remove',
    { ...signedIn, schema: { summary: 'Remove a user from a project', tags, body: memberBody.omit({ project_role: true }), response: { 200: ok, ...errors } } },
    async (request) => {
      const { project_id, user_id } = request.body;
      await requireProjectAccess(app.db, request.user!, project_id, 'administer');
      await changeMembership(app.store, project_id, { type: 'remove', userId: user_id }, commandOptions(request));
      return { ok: true as const };
    },
  );

  r.patch(
    '/api/projects/:id/role',
    { ...signedIn, schema: { summary: "Change a member's project role", tags, params: projectIdParams, body: roleBody, response: { 200: ok, ...errors } } },
    async (request) => {
      await requireProjectAccess(app.db, request.user!, request.params.id, 'administer');
      await changeMembership(app.store, request.params.id, { type: 'role', userId: request.body.user_id, role: request.body.project_role }, commandOptions(request));
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/projects/:id',
    {
      preHandler: app.requireRole('superadmin'),
      schema: { summary: 'Delete a project: archived, gone from lists, its history kept (superadmin)', tags, params: projectIdParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await projectCommand(app.store, request.params.id, { type: 'ArchiveProject', data: {} }, commandOptions(request));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/projects/:id/history',
    {
      preHandler: app.requireRole('superadmin'),
      schema: {
        summary: "Who changed the project's members, roles and settings, and when (superadmin)",
        tags,
        params: projectIdParams,
        response: { 200: z.object({ items: z.array(historyItem) }), ...errors },
      },
    },
    async (request) => {
      const events = await app.store.readStream(app.db, projectStreamId(request.params.id));
      if (events.length === 0) throw new DomainError('NOT_FOUND', 'Project not found');
      return {
        items: events
          .map((e) => ({ position: e.globalPosition, date: e.occurredAt.toISOString(), type: e.type, actor: e.metadata.actorName, summary: describeProjectEvent(e) }))
          .reverse(),
      };
    },
  );
}
