/**
 * The API token routes' rows of the route × role matrix (matrix-suite.ts): everyone manages
 * their own personal tokens, only the superadmin service tokens, and no token manages tokens.
 */
import { randomUUID } from 'node:crypto';
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always } from './matrix.ts';
import { guarded } from './policy-rules.ts';
import { createPersonalToken, createServiceToken } from '../../server/auth/api-tokens.ts';

const READ_ONLY = { expires_in_days: 30, scopes: ['read' as const] };

export function tokenPermissionRows(context: MatrixContext): RouteCase[] {
  const db = () => context.runtime().store.db;
  const superadmin = () => context.actors().find((a) => a.global === 'superadmin')!.userId;
  const refused = always(403);
  return [
    { name: 'GET /api/tokens', request: () => ({ method: 'GET', url: '/api/tokens' }), expected: always(200), withToken: refused },
    {
      name: 'POST /api/tokens',
      request: () => ({ method: 'POST', url: '/api/tokens', payload: { name: 'Script', ...READ_ONLY } }),
      expected: always(201),
      withToken: refused,
    },
    {
      name: 'DELETE /api/tokens/:id (own)',
      request: async (a) => {
        const { id } = await createPersonalToken(db(), { id: a.userId, role: a.global }, { name: 'Doomed', ...READ_ONLY, project_ids: null });
        return { method: 'DELETE', url: `/api/tokens/${id}` };
      },
      expected: always(204),
      withToken: refused,
    },
    {
      name: "DELETE /api/tokens/:id (someone else's)",
      request: async () => {
        const { id } = await createPersonalToken(db(), { id: await context.newUser(), role: 'user' }, { name: 'Not yours', ...READ_ONLY, project_ids: null });
        return { method: 'DELETE', url: `/api/tokens/${id}` };
      },
      expected: always(404),
      withToken: refused,
    },
    { name: 'GET /api/service-tokens', request: () => ({ method: 'GET', url: '/api/service-tokens' }), ...guarded('token.service'), withToken: refused },
    {
      name: 'POST /api/service-tokens',
      request: () => ({
        method: 'POST',
        url: '/api/service-tokens',
        payload: { name: `Reader ${randomUUID().slice(0, 6)}`, ...READ_ONLY, project_id: context.projectId(), role: 'user' },
      }),
      ...guarded('token.service', 201),
      withToken: refused,
    },
    {
      name: 'DELETE /api/service-tokens/:id',
      request: async () => {
        const body = { name: 'Doomed service', ...READ_ONLY, project_id: null, role: 'auditor' };
        const { id } = await createServiceToken(db(), superadmin(), body);
        return { method: 'DELETE', url: `/api/service-tokens/${id}` };
      },
      ...guarded('token.service', 204),
      withToken: refused,
    },
  ];
}
