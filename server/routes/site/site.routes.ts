/** Site settings (freeze, maintenance), the public maintenance and freeze flags, and the start-up bootstrap. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody } from '../auth/auth.schemas.ts';
import { commandOptions } from '../../plugins/command-context.ts';
import { roleOf } from '../../plugins/auth.ts';
import { projectAccess } from '../../projects/project-access.ts';
import { changeSiteSettings, readSiteSettings } from '../../site/site-settings.ts';
import { findProject, visibleProjects } from '../projects/project-queries.ts';
import { projectSchema, projectWithRole, toProject } from '../projects/projects.schemas.ts';

const settings = z.object({ freeze_transactions: z.boolean(), maintenance_mode: z.boolean() });
/** What every signed-in page reads: maintenance sends people to the maintenance page, the freeze shows its banner. */
const publicSettings = z.object({ maintenance_mode: z.boolean(), freeze_transactions: z.boolean() });
const tags = ['site'];

export async function siteRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/site/settings',
    { preHandler: app.requireRole('superadmin'), schema: { summary: 'Site settings (superadmin)', tags, response: { 200: settings, 401: errorBody, 403: errorBody } } },
    async () => readSiteSettings(app.db),
  );

  r.patch(
    '/api/site/settings',
    {
      preHandler: app.requireRole('superadmin'),
      schema: {
        summary: 'Freeze all transactions, or put the site in maintenance (superadmin)',
        tags,
        body: settings.partial().refine((v) => Object.keys(v).length > 0, 'Send freeze_transactions or maintenance_mode'),
        response: { 200: settings, 400: errorBody, 401: errorBody, 403: errorBody },
      },
    },
    async (request) => changeSiteSettings(app.store, request.body, commandOptions(request)),
  );

  r.get(
    '/api/site/public-settings',
    { schema: { summary: 'Whether the site is in maintenance and transactions are frozen (no sign-in needed)', tags, response: { 200: publicSettings } } },
    async () => {
      const { maintenance_mode, freeze_transactions } = await readSiteSettings(app.db);
      return { maintenance_mode, freeze_transactions };
    },
  );

  r.get(
    '/api/site/bootstrap',
    {
      preHandler: app.requireUser,
      schema: {
        summary: "What the browser needs at start: the caller's projects, the current one, the unread request count",
        tags,
        querystring: z.object({ project_id: z.uuid({ error: 'project_id must be a valid id' }).optional() }),
        response: { 200: z.object({ projects: z.array(projectWithRole), current_project: projectSchema.nullable(), unread_count: z.number() }), 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const me = request.user!;
      const rows = await visibleProjects(app.db, me);
      const projects = rows.map((p) => ({ ...toProject(p), project_role: p.project_role ?? (roleOf(me) === 'superadmin' ? 'admin' : null) }));
      let current = null;
      if (request.query.project_id) {
        const access = await projectAccess(app.db, me, request.query.project_id);
        const row = access?.view ? await findProject(app.db, request.query.project_id) : undefined;
        current = row ? toProject(row) : null;
      }
      // Requests are not recorded yet, so nothing can be unread.
      return { projects, current_project: current, unread_count: 0 };
    },
  );
}
