/**
 * The sign-in security routes' rows of the route × role matrix (matrix-suite.ts): everyone reads
 * their own second factors and history with their session (never with a token), and the second step
 * of a sign-in answers anyone, signed in or out, by its own cookie: without one, the sign-in has
 * expired. Global admins and superadmins read anyone's and reset them, an admin's only a superadmin.
 */
import { randomUUID } from 'node:crypto';
import type { GlobalRole } from '../../contract/roles.ts';
import { changeFactors } from '../../server/auth/factors/factor-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';
import type { MatrixContext, RouteCase } from './matrix.ts';
import { always, can, when } from './matrix.ts';
import { guarded } from './policy-rules.ts';

export function securityPermissionRows(context: MatrixContext): RouteCase[] {
  const refused = always(403);

  /** A fresh person with a passkey, so a reset has something to take away whoever asks. */
  async function withPasskey(role: GlobalRole): Promise<string> {
    const userId = await context.newUser(role);
    const passkeyId = randomUUID();
    await changeFactors(
      context.runtime().store,
      {
        userId,
        command: { type: 'RegisterPasskey', data: { passkeyId, name: 'Key' } },
        write: async (trx) => {
          await trx
            .insertInto('user_passkeys')
            .values({
              credential_id: randomUUID(),
              user_id: userId,
              passkey_id: passkeyId,
              name: 'Key',
              public_key: new Uint8Array([1]),
              counter: 0,
              transports: [],
              device_type: 'singleDevice',
              backed_up: false,
            })
            .execute();
        },
      },
      { metadata: SYSTEM_ACTOR },
    );
    return userId;
  }

  return [
    { name: 'GET /api/account/security', request: () => ({ method: 'GET', url: '/api/account/security' }), expected: always(200), withToken: refused },
    {
      name: 'GET /api/account/security/history',
      request: () => ({ method: 'GET', url: '/api/account/security/history' }),
      expected: always(200),
      withToken: refused,
    },
    {
      name: 'POST /api/login/second-factor (no sign-in under way)',
      request: () => ({ method: 'POST', url: '/api/login/second-factor', payload: { method: 'totp', code: '123456' } }),
      expected: always(401),
      signedOut: 401,
      withToken: always(401),
    },
    {
      name: 'GET /api/users/:id/security/history',
      request: () => ({ method: 'GET', url: `/api/users/${context.memberId()}/security/history` }),
      ...guarded('user.security'),
    },
    {
      name: 'GET /api/users/:id/security',
      request: () => ({ method: 'GET', url: `/api/users/${context.memberId()}/security` }),
      ...guarded('user.security'),
    },
    {
      name: "POST /api/users/:id/second-factors/reset (a user's)",
      request: async () => ({ method: 'POST', url: `/api/users/${await withPasskey('user')}/second-factors/reset` }),
      ...guarded('user.security'),
      withToken: refused,
    },
    {
      name: "POST /api/users/:id/second-factors/reset (an admin's)",
      access: 'user.security',
      request: async () => ({ method: 'POST', url: `/api/users/${await withPasskey('admin')}/second-factors/reset` }),
      expected: when(can.superadmin),
      withToken: refused,
    },
  ];
}
