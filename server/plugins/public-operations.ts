/**
 * The operations under /api that answer without a session, in one place. Everything else under
 * /api answers 401 to a caller with no valid session before its body, query or path is looked at
 * (server/plugins/auth.ts), so nobody signed out learns the shape of a protected operation.
 */
const PUBLIC_OPERATIONS = new Set([
  // Signing in and out, and keeping a session alive.
  'POST /api/login',
  'POST /api/logout',
  'POST /api/auth/refresh',
  // The invitation and reset flows (spec 02 §2.1: /login/{id}, /forgot_password and /auth are open).
  'POST /api/invite-token/:id',
  'POST /api/auth/verify-otp',
  'POST /api/auth/exchange',
  'POST /api/auth/reset-password-request',
  // The flags the sign-in page shows (maintenance).
  'GET /api/site/public-settings',
  // The key that signs the ledger's checkpoints: published, so anyone can check a bundle offline.
  'GET /api/ledger/public-key',
  // Outside /api, listed so the one list names every open operation of the document.
  'GET /healthz',
]);

/** The OpenAPI document and its viewer describe the API; they hold no data. */
const PUBLIC_PREFIX = '/api/docs';

/** `route` is the router's pattern (`/api/invite-token/:id`), not the address asked for. */
export function isPublicOperation(method: string, route: string): boolean {
  return PUBLIC_OPERATIONS.has(`${method} ${route}`) || route === PUBLIC_PREFIX || route.startsWith(`${PUBLIC_PREFIX}/`);
}
