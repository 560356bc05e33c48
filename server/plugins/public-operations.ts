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
  // The steps after the password, a passkey's own sign-in, and single sign-on (contract/sign-in.ts).
  'POST /api/login/second-factor',
  'POST /api/login/second-factor/passkey-options',
  'POST /api/login/passkey/options',
  'POST /api/login/passkey',
  'GET /api/auth/providers',
  'GET /api/auth/oidc/:provider/start',
  'GET /api/auth/oidc/:provider/callback',
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

/**
 * What a person whose site requires a second factor, and who has none yet, may do: see who they are,
 * enrol one, and sign out. Everything else answers 403 until they have (plugins/auth.ts).
 */
const ENROLMENT_OPERATIONS = new Set([
  'GET /api/users/me',
  'GET /api/account/security',
  'GET /api/account/security/history',
  'POST /api/account/passkeys/options',
  'POST /api/account/passkeys',
  'POST /api/account/totp',
  'POST /api/account/totp/confirm',
  'POST /api/account/recovery-codes',
]);

export function isEnrolmentOperation(method: string, route: string): boolean {
  return ENROLMENT_OPERATIONS.has(`${method} ${route}`);
}
