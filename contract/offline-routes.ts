/**
 * Which calls a device may keep while offline, and the header that dates them: plain facts with no
 * schema, so the browser's first load can carry them without the validation library.
 */
import { SCAN_PATHS } from './scan-paths.ts';

/** Request header: the ISO 8601 instant the action was taken on the device. */
export const OCCURRED_AT_HEADER = 'Occurred-At';

/** The kinds of field action a device may keep while offline. */
export const OFFLINE_ACTION_KINDS = [
  'receive',
  'return',
  'assign',
  'unassign',
  'lost',
  'found',
  'asset-in-use',
  'asset-return',
  'asset-assign',
  'asset-lost',
  'asset-found',
  'scan-receive',
  'scan-in-use',
  'count-line',
  'material-request',
] as const;
export type OfflineActionKind = (typeof OFFLINE_ACTION_KINDS)[number];

/**
 * The calls that may be queued, as method and route pattern (Fastify's `:param` form). The server
 * accepts `Occurred-At` on exactly these; the browser queues exactly these.
 */
export const OFFLINE_ROUTES: readonly { method: 'POST' | 'PUT' | 'PATCH'; route: string }[] = [
  { method: 'POST', route: '/api/materials/receive' },
  { method: 'POST', route: '/api/materials/return' },
  { method: 'POST', route: '/api/inventory/:action' },
  { method: 'POST', route: '/api/materials/lost' },
  { method: 'POST', route: '/api/materials/found' },
  { method: 'POST', route: '/api/projects/:id/assets/receive' },
  { method: 'POST', route: '/api/projects/:id/assets/return' },
  { method: 'POST', route: '/api/warehouses/:id/assets/receive' },
  { method: 'POST', route: '/api/warehouses/:id/assets/return' },
  { method: 'POST', route: '/api/assets/instances/assign' },
  { method: 'POST', route: '/api/assets/instances/:id/in-use' },
  { method: 'POST', route: '/api/assets/lost' },
  { method: 'POST', route: '/api/assets/found' },
  { method: 'POST', route: SCAN_PATHS.receive },
  { method: 'POST', route: SCAN_PATHS.inUse },
  { method: 'POST', route: '/api/counts/:id/count' },
  { method: 'POST', route: '/api/requests/material' },
];

function routePattern(route: string): RegExp {
  const escaped = route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[a-zA-Z_]+/g, '[^/]+');
  return new RegExp(`^${escaped}/?$`);
}
const PATTERNS = OFFLINE_ROUTES.map((r) => ({ method: r.method, pattern: routePattern(r.route) }));

/** True when `method path` (a path without its query) is a call that may be queued offline. */
export function isOfflineRoute(method: string, path: string): boolean {
  const upper = method.toUpperCase();
  return PATTERNS.some((p) => p.method === upper && p.pattern.test(path));
}
