/**
 * Named policies as a route option: a route that names `config.access` has its policy
 * (server/auth/policies.ts) judged after the sign-in check of the auth plugin, so a caller without
 * a session is answered 401 before one of the wrong role is answered 403.
 *
 *   r.post('/api/warehouses/:id/materials/lost', { config: { access: 'warehouse.move' }, schema }, handler)
 *
 * A role rule is judged before the input is validated (preValidation); a policy marked `afterInput`
 * after validation, maintenance and `config.projectAccess` (a preHandler registered after theirs).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { enforce, type PolicyName, stageOf } from '../auth/policies.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: PolicyName;
  }
  interface FastifyInstance {
    /** The policy each route names, by "METHOD /route" (the permission matrix checks its rows against it). */
    routePolicies: ReadonlyMap<string, PolicyName>;
  }
}

async function authorizationPlugin(app: FastifyInstance): Promise<void> {
  const declared = new Map<string, PolicyName>();
  app.decorate('routePolicies', declared);
  app.addHook('onRoute', (route) => {
    const name = route.config?.access;
    if (!name) return;
    for (const method of [route.method].flat()) declared.set(`${method} ${route.url}`, name);
  });

  const judge = (stage: 'beforeInput' | 'afterInput') => async (request: FastifyRequest) => {
    const name = request.routeOptions.config.access;
    if (!name || stageOf(name) !== stage) return;
    await enforce(name, { db: app.db, access: app.access, caller: request.caller, request });
  };
  app.addHook('preValidation', judge('beforeInput'));
  app.addHook('preHandler', judge('afterInput'));
}

export default fp(authorizationPlugin, { name: 'authorization', dependencies: ['db', 'auth', 'project-access'] });
