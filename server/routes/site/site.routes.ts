/** Site settings (freeze, maintenance), the public maintenance and freeze flags, and the start-up bootstrap. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../../contract/errors.ts';
import { bootstrap, bootstrapQuery, publicSettings, siteSettings, siteSettingsPatch } from '../../../contract/site.ts';
import { findProject } from '../../../projections/projects/queries.ts';
import { withinTokenProjects } from '../../auth/token-limits.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { callerProjects } from '../../projects/caller-projects.ts';
import { projectAccess } from '../../projects/project-access.ts';
import { unreadCount } from '../../requests/request-reads.ts';
import { changeSiteSettings, readSiteSettings } from '../../site/site-settings.ts';

const tags = ['site'];

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/site/settings',
    {
      config: { access: 'site.settings' },
      schema: { summary: 'Site settings (superadmin)', tags, response: { 200: siteSettings, ...errorResponses } },
    },
    async () => readSiteSettings(app.db),
  );

  r.patch(
    '/api/site/settings',
    {
      config: { access: 'site.settings' },
      schema: {
        summary: 'Freeze all transactions, or put the site in maintenance (superadmin)',
        tags,
        body: siteSettingsPatch,
        response: { 200: siteSettings, ...errorResponses },
      },
    },
    async (request) => changeSiteSettings(app.store, request.body, commandOptions(request)),
  );

  r.get(
    '/api/site/public-settings',
    {
      schema: {
        summary: 'Whether the site is in maintenance and transactions are frozen (no sign-in needed)',
        tags,
        response: { 200: publicSettings, ...errorResponses },
      },
    },
    async () => {
      const { maintenance_mode, freeze_transactions } = await readSiteSettings(app.db);
      return { maintenance_mode, freeze_transactions };
    },
  );

  r.get(
    '/api/site/bootstrap',
    {
      schema: {
        summary: "What the browser needs at start: the caller's projects, the current one, the unread request count",
        tags,
        querystring: bootstrapQuery,
        response: { 200: bootstrap, ...errorResponses },
      },
    },
    async (request) => {
      const me = request.caller;
      const projects = await callerProjects(app.db, app.access, me);
      // A project the caller may not see, or its API token may not reach, is simply not current: the bootstrap never refuses.
      const wanted = request.query.project_id && withinTokenProjects(me, request.query.project_id) ? request.query.project_id : undefined;
      const access = wanted ? await projectAccess(app.access, me, wanted) : null;
      const current = wanted && access?.view ? ((await findProject(app.db, wanted)) ?? null) : null;
      // The request count is a manager's (spec 01 §6); others see none.
      const unread = current && access?.manage ? await unreadCount(app.db, me.id, current.id) : 0;
      return { projects, current_project: current, unread_count: unread };
    },
  );
}
