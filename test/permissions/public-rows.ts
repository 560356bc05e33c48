/**
 * The public and account routes' rows of the route × role matrix (matrix-suite.ts):
 * signing in, the invitation link, one-time codes, link exchange, reset requests, the public site
 * flags and the health check work signed out, and the same for anyone signed in (spec 02 §2.1:
 * /login, /login/{id}, /forgot_password and /auth are open). Each call uses a fresh person, link
 * or code, so a single-use token or a per-address limit never decides the answer.
 */
import { randomUUID } from 'node:crypto';
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always } from './matrix.ts';
import { registerUser, SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import { createLinkToken, createOneTimeCode } from '../../server/auth/account-tokens.ts';

const PASSWORD = 'matrix password 1';

export function publicPermissionRows(context: MatrixContext): RouteCase[] {
  const db = () => context.runtime().store.db;
  const emailOf = async (userId: string) => (await db().selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
  /** A fresh invited person (no password yet) and their e-mail. */
  const invited = async () => {
    const userId = await context.newUser();
    return { userId, email: await emailOf(userId) };
  };

  return [
    {
      name: 'POST /api/login (a registered person with their password)',
      request: async () => {
        const email = `${randomUUID()}@example.com`;
        await registerUser(context.runtime().store, { email, password: PASSWORD, role: 'user', firstName: 'Lou', lastName: 'Login' }, SYSTEM_ACTOR);
        return { method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } };
      },
      expected: always(200),
      signedOut: 200,
    },
    {
      name: 'POST /api/invite-token/{id} (a fresh invitation link)',
      request: async () => {
        const link = await createLinkToken(db(), (await invited()).userId, 'invite');
        return { method: 'POST', url: `/api/invite-token/${encodeURIComponent(link)}` };
      },
      expected: always(200),
      signedOut: 200,
    },
    {
      name: 'POST /api/auth/verify-otp (the code just e-mailed)',
      request: async () => {
        const { userId, email } = await invited();
        const code = await createOneTimeCode(db(), userId, 'email');
        return { method: 'POST', url: '/api/auth/verify-otp', payload: { email, token: code, type: 'email' } };
      },
      expected: always(200),
      signedOut: 200,
    },
    {
      name: 'POST /api/auth/exchange (a fresh reset link)',
      request: async () => {
        const link = await createLinkToken(db(), (await invited()).userId, 'reset');
        return { method: 'POST', url: '/api/auth/exchange', payload: { token: link, flow: 'reset' } };
      },
      expected: always(200),
      signedOut: 200,
    },
    {
      name: 'POST /api/auth/reset-password-request (an existing account)',
      request: async () => ({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email: (await invited()).email } }),
      expected: always(200),
      signedOut: 200,
    },
    {
      name: 'GET /api/site/public-settings',
      request: () => ({ method: 'GET', url: '/api/site/public-settings' }),
      expected: always(200),
      signedOut: 200,
    },
    { name: 'GET /healthz', request: () => ({ method: 'GET', url: '/healthz' }), expected: always(200), signedOut: 200 },
  ];
}
