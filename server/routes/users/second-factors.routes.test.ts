/**
 * A person's security history (their own, and an admin's look at anyone's), an admin's reset of
 * someone's second factors with who did it, and the policy's enrolment gate after a reset.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MESSAGES, type SecondFactorPolicy } from '../../../contract/sign-in.ts';
import type { GlobalRole } from '../../../contract/roles.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { enrolTotp, firstStep, secondStep, totpCode } from '../../../test/helpers/second-factor.ts';
import { createSession } from '../../auth/session-store.ts';
import { createPersonalToken } from '../../auth/api-tokens.ts';
import { changeFactors } from '../../auth/factors/factor-commands.ts';
import { changeMembership, createProject } from '../../projects/project-commands.ts';
import { changeSiteSettings } from '../../site/site-settings.ts';
import { inviteUser, SYSTEM_ACTOR, userCommand } from '../../users/user-commands.ts';
import { HISTORY_PAGE_SIZE } from '../../users/security-history.ts';
import { ONLY_SUPERADMIN_RESETS_ADMINS } from '../../users/reset-factors.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
const system = { metadata: SYSTEM_ACTOR };

interface Person {
  userId: string;
  email: string;
  cookie: string;
}

let n = 0;
/** A fresh person with a password and a session (made directly: one with factors would be asked the second step). */
async function person(role: GlobalRole = 'user', names = { firstName: 'Pat', lastName: 'Person' }): Promise<Person> {
  n += 1;
  const email = `person${n}@example.com`;
  const { userId } = await createUser(runtime, email, 'correct horse', role, names);
  const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
  return { userId, email, cookie: `sl_access=${tokens.accessToken}; sl_refresh=${tokens.refreshToken}` };
}

/** A passkey as the passkey routes would leave it: the event and its row, in one transaction. */
async function givePasskey(userId: string, name: string): Promise<void> {
  const passkeyId = randomUUID();
  await changeFactors(
    runtime.store,
    {
      userId,
      command: { type: 'RegisterPasskey', data: { passkeyId, name } },
      write: async (trx) => {
        await trx
          .insertInto('user_passkeys')
          .values({
            credential_id: randomUUID(),
            user_id: userId,
            passkey_id: passkeyId,
            name,
            public_key: new Uint8Array([1, 2, 3]),
            counter: 0,
            transports: ['internal'],
            device_type: 'singleDevice',
            backed_up: false,
          })
          .execute();
      },
    },
    system,
  );
}

const call = (who: Person, method: 'GET' | 'POST', url: string) => app.inject({ method, url, headers: { cookie: who.cookie } });
const setPolicy = (policy: SecondFactorPolicy) => changeSiteSettings(runtime.store, { second_factor_policy: policy }, system);

let superadmin: Person;
let admin: Person;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  superadmin = await person('superadmin', { firstName: 'Sue', lastName: 'Super' });
  admin = await person('admin', { firstName: 'Ann', lastName: 'Admin' });
  // The admins have a factor of their own, so a requiring policy never gates the callers of these tests.
  await givePasskey(superadmin.userId, 'Sue’s key');
  await givePasskey(admin.userId, 'Ann’s key');
});
afterEach(() => setPolicy('none'));
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('the security history', () => {
  it('tells each event in words, newest first, with who did it', async () => {
    const { userId } = await inviteUser(
      runtime.store,
      { email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Invited', role: 'user' },
      { metadata: { actorId: admin.userId, actorName: 'Ann Admin' } },
    );
    await userCommand(runtime.store, userId, { type: 'ActivateUser', data: {} }, system);
    const tokens = await createSession(runtime.store.db, userId, { accessSeconds: 600, refreshSeconds: 600 }, {});
    const ivy = { userId, email: 'ivy@example.com', cookie: `sl_access=${tokens.accessToken}` };
    await givePasskey(userId, 'Laptop');
    await userCommand(
      runtime.store,
      userId,
      { type: 'RecordSignIn', data: { method: 'password', secondFactor: 'totp', provider: null } },
      { metadata: { actorId: userId, actorName: 'Ivy Invited' } },
    );
    await userCommand(runtime.store, userId, { type: 'RecordSignIn', data: { method: 'sso', secondFactor: null, provider: 'keycloak' } }, system);
    await userCommand(
      runtime.store,
      userId,
      { type: 'ChangeUserRole', data: { role: 'admin' } },
      { metadata: { actorId: superadmin.userId, actorName: 'Sue Super' } },
    );
    expect((await call(superadmin, 'POST', `/api/users/${userId}/second-factors/reset`)).statusCode).toBe(200);

    const own = await call(ivy, 'GET', '/api/account/security/history');
    expect(own.statusCode).toBe(200);
    const { items, next_before } = own.json();
    expect(next_before).toBeNull();
    expect(items.map((i: { summary: string }) => i.summary)).toEqual([
      'Second factors reset by Sue Super: 1 passkey removed',
      'Role changed from user to admin',
      'Signed in with single sign-on (keycloak)',
      'Signed in with a password and an authenticator code',
      'Added passkey “Laptop”',
      'Account activated (first password set)',
      'Invited by Ann Admin as user',
    ]);
    expect(items[0]).toMatchObject({ type: 'SecondFactorsReset', actor: 'Sue Super' });
    expect(items[3]).toMatchObject({ type: 'UserSignedIn', actor: 'Ivy Invited' });
    expect(Number(items[0].position)).toBeGreaterThan(Number(items[1].position));
    expect(new Date(items[0].at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    // An admin reads the same lines.
    const seen = await call(admin, 'GET', `/api/users/${userId}/security/history`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().items).toEqual(items);
  });

  it('pages 50 at a time with next_before, until there is no next page', async () => {
    const someone = await person();
    const total = HISTORY_PAGE_SIZE + 5;
    for (let i = 1; i < total; i += 1)
      await userCommand(
        runtime.store,
        someone.userId,
        { type: 'RecordSignIn', data: { method: i % 2 ? 'password' : 'passkey', secondFactor: null, provider: null } },
        system,
      );
    const first = (await call(someone, 'GET', '/api/account/security/history')).json();
    expect(first.items).toHaveLength(HISTORY_PAGE_SIZE);
    expect(first.next_before).toBe(first.items.at(-1).position);
    const second = (await call(someone, 'GET', `/api/account/security/history?before=${first.next_before}`)).json();
    expect(second.items).toHaveLength(total - HISTORY_PAGE_SIZE);
    expect(second.next_before).toBeNull();
    expect(second.items.at(-1).summary).toBe('Account created as user');
    const positions = [...first.items, ...second.items].map((i: { position: string }) => Number(i.position));
    expect(positions).toEqual([...positions].sort((a, b) => b - a));
    expect(new Set(positions).size).toBe(total);
  });

  it('refuses a before that is not a position, naming it, and is one’s own only with a session', async () => {
    const someone = await person();
    const bad = await call(someone, 'GET', '/api/account/security/history?before=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('before must be a ledger position');
    const { token } = await createPersonalToken(
      runtime.store.db,
      { id: someone.userId, role: 'user' },
      { name: 'Script', expires_in_days: 30, scopes: ['read'], project_ids: null },
    );
    const withToken = await app.inject({ method: 'GET', url: '/api/account/security/history', headers: { authorization: `Bearer ${token}` } });
    expect(withToken.statusCode).toBe(403);
  });

  it('shows someone else’s only to global admins and superadmins, and answers 404 for nobody', async () => {
    const someone = await person();
    const other = await person();
    expect((await call(other, 'GET', `/api/users/${someone.userId}/security/history`)).statusCode).toBe(403);
    expect((await call(other, 'GET', `/api/users/${someone.userId}/security`)).statusCode).toBe(403);
    expect((await call(superadmin, 'GET', `/api/users/${someone.userId}/security/history`)).statusCode).toBe(200);
    expect((await call(admin, 'GET', `/api/users/${randomUUID()}/security/history`)).statusCode).toBe(404);
    expect((await call(admin, 'GET', '/api/users/not-an-id/security')).statusCode).toBe(400);
    const overview = await call(admin, 'GET', `/api/users/${superadmin.userId}/security`);
    expect(overview.json()).toMatchObject({ status: { enrolled: 1 }, passkeys: [{ name: 'Sue’s key' }], totp: { enrolled: false } });
  });
});

describe('resetting a person’s second factors', () => {
  it('takes every factor away in one step with the admin as its actor, then refuses a second reset', async () => {
    const { userId, email } = await person();
    const cookie = await signIn(app, email, 'correct horse');
    await enrolTotp(app, cookie);
    await givePasskey(userId, 'Phone');

    const reset = await call(admin, 'POST', `/api/users/${userId}/second-factors/reset`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({
      status: { required: false, enrolled: 0, must_enrol: false },
      passkeys: [],
      totp: { enrolled: false, enrolled_at: null },
      recovery_codes: { remaining: 0 },
    });
    const db = runtime.store.db;
    const [event] = await db
      .selectFrom('events')
      .select(['data', 'metadata'])
      .where('stream_id', '=', `user:${userId}`)
      .where('type', '=', 'SecondFactorsReset')
      .execute();
    expect(event!.data).toEqual({ userId, passkeys: 1, authenticatorApp: true, recoveryCodes: 10 });
    expect(event!.metadata).toMatchObject({ actorId: admin.userId, actorName: 'Ann Admin' });
    for (const table of ['user_passkeys', 'user_totp', 'user_recovery_codes'] as const)
      expect(await db.selectFrom(table).select('user_id').where('user_id', '=', userId).execute()).toEqual([]);

    // The password alone signs them in again: no second step is asked.
    const { response } = await firstStep(app, email, 'correct horse');
    expect(response.json()).toMatchObject({ user: { email, second_factor: { enrolled: 0 } } });

    const again = await call(admin, 'POST', `/api/users/${userId}/second-factors/reset`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGN_IN_MESSAGES.nothingToReset);
  });

  it('lets a superadmin reset an admin’s but not a global admin, and nobody else at all', async () => {
    const otherAdmin = await person('admin');
    await givePasskey(otherAdmin.userId, 'Key');
    const refused = await call(admin, 'POST', `/api/users/${otherAdmin.userId}/second-factors/reset`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ONLY_SUPERADMIN_RESETS_ADMINS);
    expect((await call(admin, 'POST', `/api/users/${superadmin.userId}/second-factors/reset`)).json().message).toBe(ONLY_SUPERADMIN_RESETS_ADMINS);

    const user = await person();
    await givePasskey(user.userId, 'Key');
    expect((await call(otherAdmin, 'POST', `/api/users/${user.userId}/second-factors/reset`)).statusCode).toBe(200);
    await givePasskey(user.userId, 'Key');
    const plain = await person();
    expect((await call(plain, 'POST', `/api/users/${user.userId}/second-factors/reset`)).statusCode).toBe(403);
    const auditor = await person('auditor');
    expect((await call(auditor, 'POST', `/api/users/${user.userId}/second-factors/reset`)).statusCode).toBe(403);

    expect((await call(superadmin, 'POST', `/api/users/${otherAdmin.userId}/second-factors/reset`)).statusCode).toBe(200);
    expect((await call(superadmin, 'POST', `/api/users/${randomUUID()}/second-factors/reset`)).statusCode).toBe(404);
    const { token } = await createPersonalToken(
      runtime.store.db,
      { id: superadmin.userId, role: 'superadmin' },
      { name: 'Script', expires_in_days: 30, scopes: ['read', 'write'], project_ids: null },
    );
    const byToken = await app.inject({ method: 'POST', url: `/api/users/${user.userId}/second-factors/reset`, headers: { authorization: `Bearer ${token}` } });
    expect(byToken.statusCode).toBe(403);
    expect(await runtime.store.db.selectFrom('user_passkeys').select('name').where('user_id', '=', user.userId).execute()).toHaveLength(1);
  });

  it('sends a person the policy requires a factor of to enrolment at their next call, with their session and their token', async () => {
    await setPolicy('admins');
    const victim = await person('admin');
    await givePasskey(victim.userId, 'Lost phone');
    const { token } = await createPersonalToken(
      runtime.store.db,
      { id: victim.userId, role: 'admin' },
      { name: 'Script', expires_in_days: 30, scopes: ['read', 'write'], project_ids: null },
    );
    expect((await call(victim, 'GET', '/api/projects')).statusCode).toBe(200);

    expect((await call(superadmin, 'POST', `/api/users/${victim.userId}/second-factors/reset`)).json().status).toEqual({
      required: true,
      enrolled: 0,
      must_enrol: true,
    });
    const gated = await call(victim, 'GET', '/api/projects');
    expect(gated.statusCode).toBe(403);
    expect(gated.json()).toMatchObject({ error: 'SECOND_FACTOR_REQUIRED', message: SIGN_IN_MESSAGES.mustEnrol });
    const me = await call(victim, 'GET', '/api/users/me');
    expect(me.statusCode).toBe(200);
    expect(me.json().second_factor).toEqual({ required: true, enrolled: 0, must_enrol: true });
    const byToken = await app.inject({ method: 'GET', url: '/api/projects', headers: { authorization: `Bearer ${token}` } });
    expect(byToken.statusCode).toBe(403);
    expect(byToken.json()).toMatchObject({ error: 'SECOND_FACTOR_REQUIRED', message: SIGN_IN_MESSAGES.mustEnrol });
    // Their own history stays open on the enrolment screen.
    expect((await call(victim, 'GET', '/api/account/security/history')).statusCode).toBe(200);

    // Enrolling again lifts the gate at once.
    await givePasskey(victim.userId, 'New phone');
    expect((await call(victim, 'GET', '/api/projects')).statusCode).toBe(200);
  });
});

describe('whom each policy asks for a second factor', () => {
  it('admins: global admins and superadmins; managers: also project admins and managers; everyone: all', async () => {
    const projectId = await createProject(runtime.store, { name: 'Policy', customer: null, number: `P-${randomUUID().slice(0, 8)}` }, system);
    const people = {
      superadmin: await person('superadmin'),
      admin: await person('admin'),
      projectAdmin: await person(),
      projectManager: await person(),
      projectUser: await person(),
      nobody: await person(),
    };
    for (const [who, role] of [
      ['projectAdmin', 'admin'],
      ['projectManager', 'manager'],
      ['projectUser', 'user'],
    ] as const)
      await changeMembership(runtime.store, projectId, { type: 'add', userId: people[who].userId, role }, system);

    const required = async () => {
      const answer: Record<string, [boolean, number]> = {};
      for (const [who, p] of Object.entries(people)) {
        const me = (await call(p, 'GET', '/api/users/me')).json();
        answer[who] = [me.second_factor.must_enrol, (await call(p, 'GET', '/api/projects')).statusCode];
      }
      return answer;
    };
    const gated: [boolean, number] = [true, 403];
    const free: [boolean, number] = [false, 200];

    await setPolicy('admins');
    expect(await required()).toEqual({ superadmin: gated, admin: gated, projectAdmin: free, projectManager: free, projectUser: free, nobody: free });
    await setPolicy('managers');
    expect(await required()).toEqual({ superadmin: gated, admin: gated, projectAdmin: gated, projectManager: gated, projectUser: free, nobody: free });
    await setPolicy('everyone');
    expect(await required()).toEqual({ superadmin: gated, admin: gated, projectAdmin: gated, projectManager: gated, projectUser: gated, nobody: gated });
    await setPolicy('none');
    expect(Object.values(await required()).every(([mustEnrol, status]) => !mustEnrol && status === 200)).toBe(true);
  });

  it('a person with a factor under a requiring policy is asked for it at sign-in and passes', async () => {
    await setPolicy('everyone');
    const { email } = await person();
    const unenrolled = await signIn(app, email, 'correct horse');
    expect((await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: unenrolled } })).statusCode).toBe(403);
    const { secret } = await enrolTotp(app, unenrolled);
    const { attempt } = await firstStep(app, email, 'correct horse');
    const passed = await secondStep(app, attempt, { method: 'totp', code: await totpCode(secret, 1) });
    expect(passed.statusCode).toBe(200);
    expect(passed.json().user.second_factor).toEqual({ required: true, enrolled: 1, must_enrol: false });
  });
});
