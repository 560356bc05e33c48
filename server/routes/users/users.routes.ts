/** Users: the paged list, lookups, invitations, global roles, deactivation and e-mail preferences. */
import { USER_NOT_FOUND } from '../../../contract/messages.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../../contract/errors.ts';
import { projectIdParams } from '../../../contract/projects.ts';
import {
  byEmailParams,
  emailPrefs,
  emailPrefsBody,
  idsBody,
  invited,
  inviteBody,
  listQuery,
  projectUser,
  rolesBody,
  userByEmail,
  userIdParams,
  userNames,
  userPage,
} from '../../../contract/users.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { projectMembers } from '../../../projections/projects/queries.ts';
import { activeUserByEmail, emailPreferences, listUsers, userById } from '../../../projections/users/queries.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { revokeOtherSessions } from '../../auth/session-store.ts';
import { roleOf } from '../../plugins/auth.ts';
import { commandOptions, displayName } from '../../plugins/command-context.ts';
import { userCommand } from '../../users/user-commands.ts';
import { inviteWithLink } from './invitations.ts';

const tags = ['users'];

export async function userRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/users',
    {
      config: { access: 'user.directory' },
      schema: {
        summary: 'Active users, 25 a page, searched by name or e-mail from 2 characters (superadmins, and global admins who are a project admin somewhere)',
        tags,
        querystring: listQuery,
        response: { 200: userPage, ...errorResponses },
      },
    },
    async (request) => {
      const { q, role, page, page_size } = request.query;
      return listUsers(app.db, { q, role, page, pageSize: page_size });
    },
  );

  r.get(
    '/api/users/by-email/:email',
    {
      config: { access: 'user.directory' },
      schema: { summary: 'Find an active user by e-mail', tags, params: byEmailParams, response: { 200: userByEmail, ...errorResponses } },
    },
    async (request) => {
      const user = await activeUserByEmail(app.db, request.params.email);
      if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
      return { uuid: user.id, user_firstname: user.user_firstname, user_lastname: user.user_lastname, user_email: user.email };
    },
  );

  r.get(
    '/api/users/project/:id',
    {
      config: { projectAccess: { level: 'view', from: 'params' } },
      schema: {
        summary: 'Members of a project with their project roles',
        tags,
        params: projectIdParams,
        response: { 200: z.object({ items: z.array(projectUser) }), ...errorResponses },
      },
    },
    async (request) => {
      const members = await projectMembers(app.db, request.project!.id);
      return {
        items: members.map((m) => ({
          user_id: m.id,
          user_firstname: m.user_firstname,
          user_lastname: m.user_lastname,
          user_email: m.email,
          project_role: m.project_role,
        })),
      };
    },
  );

  r.get(
    '/api/users/:id',
    {
      config: { access: 'user.read' },
      schema: {
        summary: "A user's names and e-mail, for display (themselves, people who share a project with them, and those who may use the directory)",
        tags,
        params: userIdParams,
        response: { 200: userNames, ...errorResponses },
      },
    },
    async (request) => {
      const user = await userById(app.db, request.params.id);
      if (!user) throw new DomainError('NOT_FOUND', USER_NOT_FOUND);
      return { id: user.id, user_firstname: user.user_firstname, user_lastname: user.user_lastname, user_email: user.email };
    },
  );

  r.post(
    '/api/users/invite',
    {
      config: { access: 'user.invite' },
      schema: {
        summary: 'Invite a person by e-mail (a link to set a password is e-mailed; rate limited)',
        tags,
        body: inviteBody,
        response: { 201: invited, ...errorResponses },
      },
    },
    async (request, reply) => {
      const me = request.caller;
      const { first_name, last_name, email, role } = request.body;
      const domain = app.config.allowedEmailDomain;
      if (domain && !email.endsWith(`@${domain}`)) throw new DomainError('VALIDATION', `Email must be in the ${domain} domain`);
      if (roleOf(me) !== 'superadmin' && (role === 'admin' || role === 'superadmin' || role === 'auditor')) {
        throw new DomainError('FORBIDDEN', 'Only a superadmin can invite admins.');
      }
      const limit = await hitRateLimit(app.db, `invite:${me.id}`, app.config.inviteRateLimit, 3600);
      if (!limit.allowed) {
        reply.header('retry-after', String(limit.retryAfterSeconds));
        return reply
          .code(429)
          .send({ error: 'RATE_LIMITED', message: `Invite rate limit reached. Try again in ${Math.ceil(limit.retryAfterSeconds / 60)} minutes.` });
      }
      const userId = await inviteWithLink(
        app.store,
        { email, firstName: first_name, lastName: last_name, role },
        app.config.publicUrl,
        displayName(me),
        commandOptions(request),
      ).catch((error: unknown) => {
        if (error instanceof DomainError && error.code === 'CONFLICT') throw new DomainError('CONFLICT', 'This e-mail is already registered.');
        throw error;
      });
      app.mail.wake();
      return reply.code(201).send({ id: userId, email });
    },
  );

  r.put(
    '/api/users/roles',
    {
      config: { access: 'user.set-roles' },
      schema: {
        summary: 'Set the global role of several users',
        tags,
        body: rolesBody,
        response: { 200: z.object({ updated: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const { ids, role } = request.body;
      if (ids.includes(request.caller.id)) throw new DomainError('DOMAIN_RULE', 'You cannot change your own role.');
      let updated = 0;
      for (const id of new Set(ids)) {
        const outcome = await userCommand(app.store, id, { type: 'ChangeUserRole', data: { role } }, commandOptions(request));
        updated += outcome.position !== null ? 1 : 0;
      }
      return { updated };
    },
  );

  r.delete(
    '/api/users',
    {
      config: { access: 'user.delete' },
      schema: {
        summary: 'Delete users: deactivated and signed out, their names kept on every log line',
        tags,
        body: idsBody,
        response: { 200: z.object({ deleted: z.number() }), ...errorResponses },
      },
    },
    async (request) => {
      const { ids } = request.body;
      if (ids.includes(request.caller.id)) throw new DomainError('DOMAIN_RULE', 'You cannot delete your own account.');
      let deleted = 0;
      for (const id of new Set(ids)) {
        await userCommand(app.store, id, { type: 'DeactivateUser', data: {} }, commandOptions(request));
        await revokeOtherSessions(app.db, id, null, 'user deleted');
        deleted += 1;
      }
      return { deleted };
    },
  );

  r.patch(
    '/api/users/me/email-prefs',
    {
      schema: {
        summary: 'Turn assignment e-mails (emails) or stock alert e-mails (stock_emails) on or off',
        tags,
        body: emailPrefsBody,
        response: { 200: emailPrefs, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.caller;
      await userCommand(
        app.store,
        me.id,
        { type: 'SetEmailPreferences', data: { emails: request.body.emails, stockEmails: request.body.stock_emails } },
        commandOptions(request),
      );
      return emailPreferences(app.db, me.id);
    },
  );
}
