/**
 * The passkey routes' rows of the route × role matrix (matrix-suite.ts): everyone manages their
 * own with their session (never with a token); the passkey sign-in and the second step's options
 * answer anyone by their own cookie, signed in or not.
 */
import { randomUUID } from 'node:crypto';
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always } from './matrix.ts';

/** Answers shaped as a browser gives them (so the edge lets them through) for a ceremony never started. */
const credential = { id: 'AAAA', rawId: 'AAAA', type: 'public-key', clientExtensionResults: {} };
const WELL_FORMED_REGISTRATION = { ...credential, response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' } };
const WELL_FORMED_ASSERTION = { ...credential, response: { clientDataJSON: 'AAAA', authenticatorData: 'AAAA', signature: 'AAAA' } };

export function passkeyPermissionRows(_context: MatrixContext): RouteCase[] {
  const refused = always(403);
  return [
    {
      name: 'POST /api/account/passkeys/options',
      request: () => ({ method: 'POST', url: '/api/account/passkeys/options' }),
      expected: always(200),
      withToken: refused,
    },
    {
      name: 'POST /api/account/passkeys (no ceremony under way)',
      request: () => ({ method: 'POST', url: '/api/account/passkeys', payload: { name: 'Laptop', response: WELL_FORMED_REGISTRATION } }),
      expected: always(400),
      withToken: refused,
    },
    {
      name: 'PATCH /api/account/passkeys/:id (not theirs)',
      request: () => ({ method: 'PATCH', url: `/api/account/passkeys/${randomUUID()}`, payload: { name: 'Renamed' } }),
      expected: always(404),
      withToken: refused,
    },
    {
      name: 'DELETE /api/account/passkeys/:id (not theirs)',
      request: () => ({ method: 'DELETE', url: `/api/account/passkeys/${randomUUID()}` }),
      expected: always(404),
      withToken: refused,
    },
    {
      name: 'POST /api/login/second-factor/passkey-options (no sign-in under way)',
      request: () => ({ method: 'POST', url: '/api/login/second-factor/passkey-options' }),
      expected: always(401),
      signedOut: 401,
      withToken: always(401),
    },
    {
      name: 'POST /api/login/passkey/options',
      request: () => ({ method: 'POST', url: '/api/login/passkey/options' }),
      expected: always(200),
      signedOut: 200,
      withToken: always(200),
    },
    {
      name: 'POST /api/login/passkey (no ceremony under way)',
      request: () => ({ method: 'POST', url: '/api/login/passkey', payload: { response: WELL_FORMED_ASSERTION } }),
      expected: always(401),
      signedOut: 401,
      withToken: always(401),
    },
  ];
}
