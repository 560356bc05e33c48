/** Projects: list, create, settings, members and their roles, history, delete (archive). */
import { PROJECT_NOT_FOUND, USER_NOT_FOUND } from '../../../contract/messages.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../../contract/auth.ts';
import { errorResponses } from '../../../contract/errors.ts';
import {
  assignableUser,
  createProjectBody,
  historyItem,
  memberBody,
  myRole,
  projectIdParams,
  projectSchema,
  projectsQuery,
  projectWithRole,
  removeMemberBody,
  roleBody,
  settingsPatch,
  settingsSchema,
  userIdParams,
  userProjectsQuery,
} from '../../../contract/projects.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { projectStreamId } from '../../../ledger/project/events.ts';
import { findProject, projectMembers, visibleProjects } from '../../../projections/projects/queries.ts';
import { userById } from '../../../projections/users/queries.ts';
import { demand } from '../../auth/policies.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { callerProjects } from '../../projects/caller-projects.ts';
import { projectAccess } from '../../projects/project-access.ts';
import { changeMembership, createProject, projectCommand } from '../../projects/project-commands.ts';
import { describeProjectEvent } from './history.ts';

const tags = ['projects'];

export async function projectRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = (level: 'view' | 'manage' | 'administer', from: 'params' | 'body' = 'params') => ({ config: { projectAccess: { level, from } } });
  const settingsOf = async (projectId: string) => {
    const p = (await findProject(app.db, projectId))!;
    return { managing_logistics: p.managing_logistics, hide_from_transfer_list: p.hide_from_transfer_list };
  };

  r.get(
    '/api/projects',
    {
      schema: {
        summary:
          'Projects the caller can see (a superadmin sees all), optionally searched (2+ characters); `scope=all` lists every active project for a global admin or superadmin (warehouse moves)',
        tags,
        querystring: projectsQuery,
        response: { 200: z.object({ items: z.array(projectWithRole) }), ...errorResponses },
      },
    },
    async (request) => {
      const all = request.query.scope === 'all';
      if (all) demand('project.list-all', request.caller);
      return { items: await callerProjects(app.db, app.access, request.caller, { q: request.query.q, all }) };
    },
  );

  r.post(
    '/api/projects',
    {
      config: { access: 'project.create' },
      schema: {
        summary: 'Create a project; its creator becomes its project admin',
        tags,
        body: createProjectBody,
        response: { 201: projectSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const { project_name, project_customer, project_number } = request.body;
      const projectId = await createProject(
        app.store,
        { name: project_name, customer: project_customer ?? null, number: project_number, creatorId: request.caller.id },
        commandOptions(request),
      );
      return reply.code(201).send((await findProject(app.db, projectId))!);
    },
  );

  r.get(
    '/api/projects/user/:userId',
    {
      config: { access: 'project.list-of-user' },
      schema: {
        summary: "A user's projects, optionally with one project role (the caller's own, or anyone's for a superadmin)",
        tags,
        params: userIdParams,
        querystring: userProjectsQuery,
        response: { 200: z.object({ items: z.array(projectWithRole) }), ...errorResponses },
      },
    },
    async (request) => {
      const me = request.caller;
      const target = await userById(app.db, request.params.userId);
      if (!target) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
      // Another user's list is their memberships, whatever the caller's own reach.
      const subject = target.id === me.id ? me : { id: target.id, role: 'user' };
      return { items: await visibleProjects(app.db, subject, { role: request.query.role }) };
    },
  );

  r.get(
    '/api/projects/:id',
    { ...access('view'), schema: { summary: 'One project', tags, params: projectIdParams, response: { 200: projectSchema, ...errorResponses } } },
    async (request) => (await findProject(app.db, request.project!.id))!,
  );

  r.get(
    '/api/projects/:id/my-role',
    {
      schema: {
        summary: "The caller's project role (a superadmin acts as admin); null when not a member",
        tags,
        params: projectIdParams,
        response: { 200: myRole, ...errorResponses },
      },
    },
    async (request) => {
      // Not a project access check: a non-member is answered null, not refused.
      const mine = await projectAccess(app.access, request.caller, request.params.id);
      if (!mine) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
      return { project_role: mine.projectRole };
    },
  );

  r.get(
    '/api/projects/:id/settings',
    {
      ...access('view'),
      schema: { summary: 'Project settings', tags, params: projectIdParams, response: { 200: settingsSchema, ...errorResponses } },
    },
    async (request) => settingsOf(request.project!.id),
  );

  r.patch(
    '/api/projects/:id/settings',
    {
      ...access('administer'),
      schema: {
        summary: 'Change project settings (project administrators)',
        tags,
        params: projectIdParams,
        body: settingsPatch,
        response: { 200: settingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { managing_logistics, hide_from_transfer_list } = request.body;
      await projectCommand(
        app.store,
        request.project!.id,
        { type: 'ChangeProjectSettings', data: { managingLogistics: managing_logistics, hideFromTransferList: hide_from_transfer_list } },
        commandOptions(request),
      );
      return settingsOf(request.project!.id);
    },
  );

  r.get(
    '/api/projects/:id/assignable-users',
    {
      ...access('manage'),
      schema: {
        summary: 'Members who can be assigned stock (those who manage the project)',
        tags,
        params: projectIdParams,
        response: { 200: z.object({ items: z.array(assignableUser) }), ...errorResponses },
      },
    },
    async (request) => {
      const members = await projectMembers(app.db, request.project!.id);
      return {
        items: members.map((m) => ({
          uuid: m.id,
          user_firstname: m.user_firstname,
          user_lastname: m.user_lastname,
          user_email: m.email,
          project_role: m.project_role,
        })),
      };
    },
  );

  r.post(
    '/api/projects/assign',
    {
      ...access('administer', 'body'),
      schema: { summary: 'Add a user to a project (default role user)', tags, body: memberBody, response: { 200: ok, ...errorResponses } },
    },
    async (request) => {
      const { user_id, project_role } = request.body;
      await changeMembership(app.store, request.project!.id, { type: 'add', userId: user_id, role: project_role ?? 'user' }, commandOptions(request));
      return { ok: true as const };
    },
  );

  r.post(
    '/api/projects/remove',
    {
      ...access('administer', 'body'),
      schema: { summary: 'Remove a user from a project', tags, body: removeMemberBody, response: { 200: ok, ...errorResponses } },
    },
    async (request) => {
      await changeMembership(app.store, request.project!.id, { type: 'remove', userId: request.body.user_id }, commandOptions(request));
      return { ok: true as const };
    },
  );

  r.patch(
    '/api/projects/:id/role',
    {
      ...access('administer'),
      schema: { summary: "Change a member's project role", tags, params: projectIdParams, body: roleBody, response: { 200: ok, ...errorResponses } },
    },
    async (request) => {
      await changeMembership(
        app.store,
        request.project!.id,
        { type: 'role', userId: request.body.user_id, role: request.body.project_role },
        commandOptions(request),
      );
      return { ok: true as const };
    },
  );

  r.delete(
    '/api/projects/:id',
    {
      config: { access: 'project.delete' },
      schema: {
        summary: 'Delete a project: archived, gone from lists, its history kept (superadmin)',
        tags,
        params: projectIdParams,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await projectCommand(app.store, request.params.id, { type: 'ArchiveProject', data: {} }, commandOptions(request));
      return reply.code(204).send(null);
    },
  );

  r.get(
    '/api/projects/:id/history',
    {
      config: { access: 'project.history' },
      schema: {
        summary: "Who changed the project's members, roles and settings, and when (superadmin)",
        tags,
        params: projectIdParams,
        response: { 200: z.object({ items: z.array(historyItem) }), ...errorResponses },
      },
    },
    async (request) => {
      const events = await app.store.readStream(app.db, projectStreamId(request.params.id));
      if (events.length === 0) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
      return {
        items: events
          .map((e) => ({
            position: e.globalPosition,
            date: e.occurredAt.toISOString(),
            type: e.type,
            actor: e.metadata.actorName,
            summary: describeProjectEvent(e),
          }))
          .reverse(),
      };
    },
  );
}
