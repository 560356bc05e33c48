/**
 * The sso routes' rows of the route × role matrix (matrix-suite.ts). They are open: the sign-in
 * page asks for the providers before anyone is signed in, and the browser arrives at the start and
 * the callback with no session. Everyone, signed in or not, with a cookie or a token, gets the same
 * answer. The matrix's site configures no provider, so the start and the callback answer 404 for
 * one; the flows through a real provider are in server/routes/auth/sso.routes.test.ts.
 */
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always } from './matrix.ts';

export function ssoPermissionRows(_context: MatrixContext): RouteCase[] {
  return [
    {
      name: 'GET /api/auth/providers',
      request: () => ({ method: 'GET', url: '/api/auth/providers' }),
      expected: always(200),
      signedOut: 200,
    },
    {
      name: 'GET /api/auth/oidc/{provider}/start (a provider the site does not have)',
      request: () => ({ method: 'GET', url: '/api/auth/oidc/corp/start' }),
      expected: always(404),
      signedOut: 404,
    },
    {
      name: 'GET /api/auth/oidc/{provider}/callback (a provider the site does not have)',
      request: () => ({ method: 'GET', url: '/api/auth/oidc/corp/callback?code=x&state=y' }),
      expected: always(404),
      signedOut: 404,
    },
  ];
}
