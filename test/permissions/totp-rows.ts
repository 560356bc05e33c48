/**
 * The authenticator app's rows of the route × role matrix (matrix-suite.ts): everyone manages
 * their own with their session; an API token never manages credentials. A row that needs a state
 * makes it first (the wrong code is checked against a secret the actor has just started), so no row
 * depends on another having run before it.
 */
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always } from './matrix.ts';

export function totpPermissionRows(context: MatrixContext): RouteCase[] {
  const refused = always(403);
  return [
    // Starting again replaces an unconfirmed secret: every actor may, any number of times.
    { name: 'POST /api/account/totp', request: () => ({ method: 'POST', url: '/api/account/totp' }), expected: always(200), withToken: refused },
    {
      name: 'POST /api/account/totp/confirm (a wrong code)',
      request: async (actor) => {
        const started = await context.app().inject({ method: 'POST', url: '/api/account/totp', headers: { cookie: await context.cookieFor(actor.userId) } });
        if (started.statusCode !== 200) throw new Error(`starting a secret to confirm: ${started.statusCode}`);
        return { method: 'POST', url: '/api/account/totp/confirm', payload: { code: '000000' } };
      },
      expected: always(400),
      withToken: refused,
    },
    {
      name: 'DELETE /api/account/totp (none set up)',
      request: () => ({ method: 'DELETE', url: '/api/account/totp' }),
      expected: always(404),
      withToken: refused,
    },
    {
      name: 'POST /api/account/recovery-codes (no factor yet)',
      request: () => ({ method: 'POST', url: '/api/account/recovery-codes' }),
      expected: always(409),
      withToken: refused,
    },
  ];
}
