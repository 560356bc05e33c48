/**
 * The webhook routes' rows of the route × role matrix (matrix-suite.ts): a project's endpoints
 * are its admins' (project role admin, or a superadmin), site-wide ones the superadmin's; an endpoint
 * is hidden (404) from whoever cannot see its project, and auditors change nothing.
 */
import type { WebhookEventKind } from '../../contract/webhooks.ts';
import { changeSiteSettings } from '../../server/site/site-settings.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createEndpoint } from '../../server/webhooks/endpoints.ts';
import { type Actor, can, changes, type MatrixContext, type RouteCase, when } from './matrix.ts';

/** Loopback receivers only: nothing in a test may be sent further than this machine. */
const RECEIVER = 'http://127.0.0.1:9/hook';
const KINDS: WebhookEventKind[] = ['stock.moved'];

const projectAdmin = (a: Actor) => a.global === 'superadmin' || a.project === 'admin';
/** One endpoint of the matrix project: its admins act, other members are told no, the rest do not see it. */
const onEndpoint = (rule: (a: Actor) => boolean, ok: number) => (a: Actor) => (rule(a) ? ok : can.view(a) ? 403 : 404);

export function webhookPermissionRows(context: MatrixContext): RouteCase[] {
  const allowLoopback = () => changeSiteSettings(context.runtime().store, { webhooks_allow_private: true }, { metadata: SYSTEM_ACTOR });
  const endpoint = async () => {
    await allowLoopback();
    const owner = context.actors().find((a) => a.global === 'superadmin')!.userId;
    const created = await createEndpoint(context.runtime().store, { project_id: context.projectId(), url: RECEIVER, kinds: KINDS, description: '' }, owner);
    return created.id;
  };
  return [
    {
      name: 'GET /api/webhooks?project_id=',
      request: () => ({ method: 'GET', url: `/api/webhooks?project_id=${context.projectId()}` }),
      expected: when(projectAdmin, 200),
    },
    { name: 'GET /api/webhooks (site-wide)', request: () => ({ method: 'GET', url: '/api/webhooks' }), expected: when(can.superadmin, 200) },
    {
      name: "POST /api/webhooks (a project's)",
      request: async () => {
        await allowLoopback();
        return { method: 'POST', url: '/api/webhooks', payload: { project_id: context.projectId(), url: RECEIVER, kinds: KINDS } };
      },
      expected: when(changes(projectAdmin), 201),
    },
    {
      name: 'POST /api/webhooks (site-wide)',
      request: async () => {
        await allowLoopback();
        return { method: 'POST', url: '/api/webhooks', payload: { project_id: null, url: RECEIVER, kinds: KINDS } };
      },
      expected: when(can.superadmin, 201),
    },
    {
      name: 'GET /api/webhooks/:id',
      request: async () => ({ method: 'GET', url: `/api/webhooks/${await endpoint()}` }),
      expected: onEndpoint(projectAdmin, 200),
    },
    {
      name: 'PATCH /api/webhooks/:id',
      request: async () => ({ method: 'PATCH', url: `/api/webhooks/${await endpoint()}`, payload: { description: 'Changed' } }),
      expected: (a) => (a.global === 'auditor' ? 403 : onEndpoint(projectAdmin, 200)(a)),
    },
    {
      name: 'DELETE /api/webhooks/:id',
      request: async () => ({ method: 'DELETE', url: `/api/webhooks/${await endpoint()}` }),
      expected: (a) => (a.global === 'auditor' ? 403 : onEndpoint(projectAdmin, 204)(a)),
    },
    {
      name: 'POST /api/webhooks/:id/rotate-secret',
      request: async () => ({ method: 'POST', url: `/api/webhooks/${await endpoint()}/rotate-secret` }),
      expected: (a) => (a.global === 'auditor' ? 403 : onEndpoint(projectAdmin, 200)(a)),
    },
    {
      name: 'GET /api/webhooks/:id/attempts',
      request: async () => ({ method: 'GET', url: `/api/webhooks/${await endpoint()}/attempts` }),
      expected: onEndpoint(projectAdmin, 200),
    },
    {
      name: 'POST /api/webhooks/:id/replay',
      request: async () => ({ method: 'POST', url: `/api/webhooks/${await endpoint()}/replay`, payload: { from_position: 0 } }),
      expected: (a) => (a.global === 'auditor' ? 403 : onEndpoint(projectAdmin, 200)(a)),
    },
  ];
}
