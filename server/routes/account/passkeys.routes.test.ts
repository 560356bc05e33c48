/**
 * Passkeys through the API with a software authenticator: adding, naming, removing; the second step
 * with a passkey (which tells nothing about the password until it is checked); a passkey sign-in,
 * only when the authenticator verified its holder; challenges that answer once and only for whom
 * they were issued.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MESSAGES } from '../../../contract/sign-in.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, cookieHeader, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { firstStep, secondStep } from '../../../test/helpers/second-factor.ts';
import { SoftPasskey } from '../../../test/helpers/soft-authenticator.ts';
import { SYSTEM_ACTOR, userCommand } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let origin = '';
let n = 0;

/** Runs the ceremony as a browser would: options (with their cookie), then the answer. */
async function addPasskey(cookie: string, name: string, key = new SoftPasskey({ origin })) {
  const options = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie } });
  expect(options.statusCode).toBe(200);
  const ceremony = `${cookie}; ${cookieHeader(options)}`;
  const added = await app.inject({
    method: 'POST',
    url: '/api/account/passkeys',
    headers: { cookie: ceremony },
    payload: { name, response: key.register(options.json()) },
  });
  return { key, added };
}

async function person(role: 'user' | 'admin' = 'user') {
  n += 1;
  const email = `key${n}@example.com`;
  const { userId } = await createUser(runtime, email, 'correct horse', role);
  return { email, userId, cookie: await signIn(app, email, 'correct horse') };
}

async function passkeySignIn(key: SoftPasskey) {
  const options = await app.inject({ method: 'POST', url: '/api/login/passkey/options' });
  return app.inject({
    method: 'POST',
    url: '/api/login/passkey',
    headers: { cookie: cookieHeader(options) },
    payload: { response: key.authenticate(options.json()) },
  });
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  origin = new URL(app.config.publicUrl).origin;
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('a person’s passkeys', () => {
  it('adds named passkeys, lists them, renames and removes one; each change is an event in their stream', async () => {
    const me = await person();
    const { added } = await addPasskey(me.cookie, ' Laptop ');
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Laptop', last_used_at: null, backed_up: false });
    const second = await addPasskey(me.cookie, 'Phone');
    expect(second.added.statusCode).toBe(201);

    const duplicate = await addPasskey(me.cookie, 'laptop');
    expect(duplicate.added.statusCode).toBe(409);
    expect(duplicate.added.json().message).toBe(SIGN_IN_MESSAGES.passkeyNameTaken);

    const overview = (await app.inject({ method: 'GET', url: '/api/account/security', headers: { cookie: me.cookie } })).json();
    expect(overview.passkeys.map((p: { name: string }) => p.name)).toEqual(['Laptop', 'Phone']);
    expect(overview.status.enrolled).toBe(2);

    const id = added.json().id;
    const renamed = await app.inject({ method: 'PATCH', url: `/api/account/passkeys/${id}`, headers: { cookie: me.cookie }, payload: { name: 'Work laptop' } });
    expect(renamed.statusCode).toBe(204);
    const removed = await app.inject({ method: 'DELETE', url: `/api/account/passkeys/${second.added.json().id}`, headers: { cookie: me.cookie } });
    expect(removed.statusCode).toBe(204);
    const after = (await app.inject({ method: 'GET', url: '/api/account/security', headers: { cookie: me.cookie } })).json();
    expect(after.passkeys.map((p: { name: string }) => p.name)).toEqual(['Work laptop']);
    expect(after.status.enrolled).toBe(1);

    const types = await runtime.store.db.selectFrom('events').select('type').where('stream_id', '=', `user:${me.userId}`).orderBy('global_position').execute();
    expect(types.map((t) => t.type).filter((t) => t.startsWith('Passkey'))).toEqual([
      'PasskeyRegistered',
      'PasskeyRegistered',
      'PasskeyRenamed',
      'PasskeyRemoved',
    ]);
  });

  it('refuses another person’s passkey, an answer to someone else’s challenge, and one from another origin', async () => {
    const me = await person();
    const other = await person();
    const { added } = await addPasskey(other.cookie, 'Theirs');
    const theirs = await app.inject({ method: 'DELETE', url: `/api/account/passkeys/${added.json().id}`, headers: { cookie: me.cookie } });
    expect(theirs.statusCode).toBe(404);

    // Options issued to one person, answered with another person's session.
    const options = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: other.cookie } });
    const stolen = await app.inject({
      method: 'POST',
      url: '/api/account/passkeys',
      headers: { cookie: `${me.cookie}; ${cookieHeader(options)}` },
      payload: { name: 'Stolen', response: new SoftPasskey({ origin }).register(options.json()) },
    });
    expect(stolen.statusCode).toBe(400);

    const elsewhere = await addPasskey(me.cookie, 'Phished', new SoftPasskey({ origin: 'https://evil.example' }));
    expect(elsewhere.added.statusCode).toBe(400);
    expect(elsewhere.added.json()).toMatchObject({ message: SIGN_IN_MESSAGES.passkeyRefused, field: 'response' });
  });
});

describe('challenges', () => {
  it('answers only the newest options asked: earlier ones are withdrawn', async () => {
    const me = await person();
    const first = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: me.cookie } });
    const firstCookie = cookieHeader(first);
    const second = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: `${me.cookie}; ${firstCookie}` } });
    const secondCookie = cookieHeader(second);
    const register = (cookie: string, options: Parameters<SoftPasskey['register']>[0]) =>
      app.inject({
        method: 'POST',
        url: '/api/account/passkeys',
        headers: { cookie: `${me.cookie}; ${cookie}` },
        payload: { name: 'Laptop', response: new SoftPasskey({ origin }).register(options) },
      });
    expect((await register(firstCookie, first.json())).statusCode).toBe(400);
    expect((await register(secondCookie, first.json())).statusCode).toBe(400);
    const again = await app.inject({ method: 'POST', url: '/api/account/passkeys/options', headers: { cookie: me.cookie } });
    expect((await register(cookieHeader(again), again.json())).statusCode).toBe(201);
  });
});

describe('limits', () => {
  it('keeps at most ten passkeys a person, and refuses a credential that is already registered', async () => {
    const me = await person();
    for (let i = 1; i <= 10; i += 1) expect((await addPasskey(me.cookie, `Key ${i}`)).added.statusCode).toBe(201);
    const eleventh = await addPasskey(me.cookie, 'Key 11');
    expect(eleventh.added.statusCode).toBe(409);
    expect(eleventh.added.json().message).toBe(SIGN_IN_MESSAGES.tooManyPasskeys);
    const rows = await runtime.store.db.selectFrom('user_passkeys').select('name').where('user_id', '=', me.userId).execute();
    expect(rows).toHaveLength(10);

    // The same credential again (a client can send any id with "none" attestation), for this person or another.
    const other = await person();
    const { key } = await addPasskey(other.cookie, 'Mine');
    const again = await addPasskey(other.cookie, 'Mine again', key);
    expect(again.added.statusCode).toBe(409);
    const third = await person();
    const copied = await addPasskey(third.cookie, 'Copied', key);
    expect(copied.added.statusCode).toBe(409);
    const owner = await runtime.store.db.selectFrom('user_passkeys').select('user_id').where('credential_id', '=', key.id).execute();
    expect(owner).toEqual([{ user_id: other.userId }]);
    const overview = (await app.inject({ method: 'GET', url: '/api/account/security', headers: { cookie: third.cookie } })).json();
    expect(overview.passkeys).toEqual([]);
  });
});

describe('a passkey as the second step', () => {
  it('signs in after the password; a wrong password with a valid passkey gets the same refusal as anything else wrong', async () => {
    const me = await person();
    const { key } = await addPasskey(me.cookie, 'Laptop');

    const right = await firstStep(app, me.email, 'correct horse');
    expect(right.response.json()).toEqual({ second_factor: { methods: ['passkey'] } });
    const options = await app.inject({ method: 'POST', url: '/api/login/second-factor/passkey-options', headers: { cookie: right.attempt } });
    expect(options.statusCode).toBe(200);
    const signedIn = await secondStep(app, right.attempt, { method: 'passkey', response: key.authenticate(options.json()) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.email).toBe(me.email);

    const wrong = await firstStep(app, me.email, 'wrong horse');
    expect(wrong.response.json()).toEqual(right.response.json());
    const wrongOptions = await app.inject({ method: 'POST', url: '/api/login/second-factor/passkey-options', headers: { cookie: wrong.attempt } });
    const refused = await secondStep(app, wrong.attempt, { method: 'passkey', response: key.authenticate(wrongOptions.json()) });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SIGN_IN_MESSAGES.refused);
  });

  it('refuses another person’s passkey in the second step', async () => {
    const me = await person();
    await addPasskey(me.cookie, 'Mine');
    const other = await person();
    const { key: theirs } = await addPasskey(other.cookie, 'Theirs');
    const step = await firstStep(app, me.email, 'correct horse');
    const options = await app.inject({ method: 'POST', url: '/api/login/second-factor/passkey-options', headers: { cookie: step.attempt } });
    const refused = await secondStep(app, step.attempt, { method: 'passkey', response: theirs.authenticate(options.json()) });
    expect(refused.statusCode).toBe(401);
  });
});

describe('signing in with a passkey alone', () => {
  it('signs in when the authenticator verified its holder, and records the counter and the use', async () => {
    const me = await person();
    const { key, added } = await addPasskey(me.cookie, 'Laptop');
    const response = await passkeySignIn(key);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.email).toBe(me.email);
    const stored = await runtime.store.db
      .selectFrom('user_passkeys')
      .select(['counter', 'last_used_at'])
      .where('passkey_id', '=', added.json().id)
      .executeTakeFirstOrThrow();
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();
    const signIns = await runtime.store.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `user:${me.userId}`)
      .where('type', '=', 'UserSignedIn')
      .execute();
    expect(signIns.at(-1)?.data).toMatchObject({ method: 'passkey', secondFactor: null });
  });

  it('refuses a passkey that did not verify its holder, an unknown one, and a challenge answered twice', async () => {
    const me = await person();
    const unverified = new SoftPasskey({ origin, userVerified: false });
    await addPasskey(me.cookie, 'Key without PIN', unverified);
    const refused = await passkeySignIn(unverified);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SIGN_IN_MESSAGES.passkeyNotUserVerifying);

    const unknown = await passkeySignIn(new SoftPasskey({ origin }));
    expect(unknown.statusCode).toBe(401);

    const { key } = await addPasskey(me.cookie, 'Laptop');
    const options = await app.inject({ method: 'POST', url: '/api/login/passkey/options' });
    const cookie = cookieHeader(options);
    const first = await app.inject({ method: 'POST', url: '/api/login/passkey', headers: { cookie }, payload: { response: key.authenticate(options.json()) } });
    expect(first.statusCode).toBe(200);
    const replay = await app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      headers: { cookie },
      payload: { response: key.authenticate(options.json()) },
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe(SIGN_IN_MESSAGES.attemptExpired);
  });

  it('refuses an answer to another challenge, from another origin, for another person, or of a deactivated person', async () => {
    const me = await person();
    const { key, added } = await addPasskey(me.cookie, 'Laptop');

    const mine = await app.inject({ method: 'POST', url: '/api/login/passkey/options' });
    const other = await app.inject({ method: 'POST', url: '/api/login/passkey/options' });
    const crossed = await app.inject({
      method: 'POST',
      url: '/api/login/passkey',
      headers: { cookie: cookieHeader(mine) },
      payload: { response: key.authenticate(other.json()) },
    });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json().message).toBe(SIGN_IN_MESSAGES.passkeyRefused);

    const phished = new SoftPasskey({ origin });
    await addPasskey(me.cookie, 'Phone', phished);
    const elsewhere = await passkeySignIn(phished.from('https://evil.example'));
    expect(elsewhere.statusCode).toBe(401);

    // The authenticator names the person it made the passkey for; it must be the passkey's owner.
    const someoneElse = await person();
    key.userHandle = Buffer.from(someoneElse.userId).toString('base64url');
    const mismatched = await passkeySignIn(key);
    expect(mismatched.statusCode).toBe(401);

    const unused = await runtime.store.db
      .selectFrom('user_passkeys')
      .select('last_used_at')
      .where('passkey_id', '=', added.json().id)
      .executeTakeFirstOrThrow();
    expect(unused.last_used_at).toBeNull();

    key.userHandle = Buffer.from(me.userId).toString('base64url');
    await userCommand(runtime.store, me.userId, { type: 'DeactivateUser', data: {} }, { metadata: SYSTEM_ACTOR });
    const deactivated = await passkeySignIn(key);
    expect(deactivated.statusCode).toBe(401);
    expect(deactivated.json().message).toBe(SIGN_IN_MESSAGES.passkeyRefused);
  });

  it('records no use of a passkey refused for not verifying its holder, and refuses a cloned one whose counter went back', async () => {
    const me = await person();
    const unverified = new SoftPasskey({ origin, userVerified: false });
    const { added } = await addPasskey(me.cookie, 'Key without PIN', unverified);
    expect((await passkeySignIn(unverified)).statusCode).toBe(401);
    const row = await runtime.store.db.selectFrom('user_passkeys').select('last_used_at').where('passkey_id', '=', added.json().id).executeTakeFirstOrThrow();
    expect(row.last_used_at).toBeNull();

    const { key } = await addPasskey(me.cookie, 'Laptop');
    expect((await passkeySignIn(key)).statusCode).toBe(200);
    expect((await passkeySignIn(key)).statusCode).toBe(200);
    key.rewind(1);
    expect((await passkeySignIn(key)).statusCode).toBe(401);
  });
});
