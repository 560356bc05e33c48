/**
 * The sign-in security routes' rows of the route × role matrix (permissions.test.ts): everyone reads
 * their own second factors with their session (never with a token), and the second step of a
 * sign-in answers anyone, signed in or out, by its own cookie: without one, the sign-in has expired.
 */
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always } from './matrix.ts';

export function securityPermissionRows(_context: MatrixContext): RouteCase[] {
  const refused = always(403);
  return [
    { name: 'GET /api/account/security', request: () => ({ method: 'GET', url: '/api/account/security' }), expected: always(200), withToken: refused },
    {
      name: 'POST /api/login/second-factor (no sign-in under way)',
      request: () => ({ method: 'POST', url: '/api/login/second-factor', payload: { method: 'totp', code: '123456' } }),
      expected: always(401),
      signedOut: 401,
      withToken: always(401),
    },
  ];
}
