/**
 * Project access as a route option: a route that names `config.projectAccess` gets the caller's
 * access to the project its request names resolved before its handler runs, or a 401/403/404
 * answer. Handlers read `request.project` instead of asking again. A caller whose API token is
 * limited to some projects is refused every operation that names none of them (token-limits.ts).
 *
 *   r.post('/api/materials/receive', { config: { projectAccess: { level: 'manage', from: 'body' } }, schema }, handler)
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TOKEN_MESSAGES } from '../../contract/api-tokens.ts';
import { DomainError } from '../../ledger/errors.ts';
import { PROJECTLESS_READS, tokenProjects } from '../auth/token-limits.ts';
import { projectAccess, checkLevel, type AccessLevel, type ProjectAccess } from '../projects/project-access.ts';

export interface ProjectAccessOption {
  level: AccessLevel;
  /** Where the project id is: `params` (`:id` or `:projectId`), `query` or `body` (`project_id`). */
  from: 'params' | 'query' | 'body';
  /** The field's name when it is not the usual one. */
  field?: string;
  /** The request may name no project (it names something else, such as a warehouse): then nothing is checked here. */
  optional?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    projectAccess?: ProjectAccessOption;
  }
  interface FastifyRequest {
    /** The project the request names and the caller's access to it; set by `config.projectAccess`. */
    project: (ProjectAccess & { id: string }) | null;
  }
}

function projectIdOf(request: FastifyRequest, option: ProjectAccessOption): string | null {
  const source = (option.from === 'params' ? request.params : option.from === 'query' ? request.query : request.body) as Record<string, unknown> | undefined;
  const fields = option.field ? [option.field] : option.from === 'params' ? ['projectId', 'id'] : ['project_id'];
  for (const field of fields) {
    const value = source?.[field];
    if (typeof value === 'string') return value;
  }
  if (option.optional) return null;
  // The route's schema makes the id required; reaching here is a route written wrongly.
  throw new Error(`projectAccess: no project id in ${option.from}`);
}

async function projectAccessPlugin(app: FastifyInstance): Promise<void> {
  app.decorateRequest('project', null);
  // preHandler runs after validation, so the id has already been checked by the route's schema.
  app.addHook('preHandler', async (request) => {
    const option = request.routeOptions.config.projectAccess;
    const id = option ? projectIdOf(request, option) : null;
    if (!option || id === null) {
      // Whatever names no project may reach beyond the token's projects, but for the reads of who it is.
      const limited = tokenProjects(request.user) !== null;
      if (limited && !PROJECTLESS_READS.has(`${request.method} ${request.routeOptions.url ?? ''}`))
        throw new DomainError('FORBIDDEN', TOKEN_MESSAGES.otherProject);
      return;
    }
    // Every such route is under /api, where the auth plugin has already refused a caller without a session.
    request.project = { id, ...checkLevel(await projectAccess(app.access, request.caller, id), option.level) };
  });
}

export default fp(projectAccessPlugin, { name: 'project-access', dependencies: ['db', 'auth'] });
