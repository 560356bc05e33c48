/**
 * The authenticator app and recovery codes through the API: enrolment, the second step after the
 * password (which tells nothing until the code is checked), single use, limits, and the policy's
 * last-factor rule.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SIGN_IN_MESSAGES } from '../../../contract/sign-in.ts';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { enrolTotp, firstStep, secondStep, totpCode } from '../../../test/helpers/second-factor.ts';
import { createOneTimeCode } from '../../auth/account-tokens.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let n = 0;

/** A fresh person with the authenticator app set up. */
async function enrolled(role: 'user' | 'admin' | 'superadmin' = 'user') {
  n += 1;
  const email = `totp${n}@example.com`;
  const { userId } = await createUser(runtime, email, 'correct horse', role);
  const cookie = await signIn(app, email, 'correct horse');
  const { secret, codes } = await enrolTotp(app, cookie);
  return { email, userId, cookie, secret, codes };
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('setting up the authenticator app', () => {
  it('refuses a wrong code naming the field, then enrols with a right one and answers ten recovery codes once', async () => {
    const { userId } = await createUser(runtime, 'setup@example.com', 'correct horse');
    const cookie = await signIn(app, 'setup@example.com', 'correct horse');
    const started = await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } });
    expect(started.statusCode).toBe(200);
    const { secret, otpauth_url, qr_svg } = started.json();
    expect(otpauth_url).toContain('otpauth://totp/');
    expect(otpauth_url).toContain('issuer=StockLedger');
    expect(qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);

    const wrong = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: SIGN_IN_MESSAGES.totpCodeRefused, field: 'code' });

    const right = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: await totpCode(secret) } });
    expect(right.statusCode).toBe(200);
    const { codes } = right.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const overview = (await app.inject({ method: 'GET', url: '/api/account/security', headers: { cookie } })).json();
    expect(overview).toMatchObject({
      status: { enrolled: 1, required: false, must_enrol: false },
      totp: { enrolled: true },
      recovery_codes: { remaining: 10 },
    });
    const events = await runtime.store.db.selectFrom('events').select('type').where('stream_id', '=', `user:${userId}`).orderBy('global_position').execute();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(['AuthenticatorAppEnrolled', 'RecoveryCodesGenerated']));
    // Only hashes are kept.
    const stored = await runtime.store.db.selectFrom('user_recovery_codes').select('code_hash').where('user_id', '=', userId).execute();
    expect(stored.map((s) => s.code_hash)).not.toContain(codes[0]);

    const user = await runtime.store.db.selectFrom('users').select('second_factors').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(user.second_factors).toBe(1);

    const again = await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(SIGN_IN_MESSAGES.totpAlreadyEnrolled);
  });
  it('confirms only the newest secret: a code of a setup started again is refused', async () => {
    const { userId } = await createUser(runtime, 'restart@example.com', 'correct horse');
    const cookie = await signIn(app, 'restart@example.com', 'correct horse');
    const old = (await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } })).json().secret;
    const newest = (await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } })).json().secret;
    expect(newest).not.toBe(old);
    const withOld = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: await totpCode(old) } });
    expect(withOld.statusCode).toBe(400);
    const withNewest = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: await totpCode(newest) } });
    expect(withNewest.statusCode).toBe(200);
    expect(withNewest.json().codes).toHaveLength(10);
    // The enrolment and its first codes are one command: one transaction, adjacent in the stream.
    const events = await runtime.store.db
      .selectFrom('events')
      .select(['type', 'transaction_id'])
      .where('stream_id', '=', `user:${userId}`)
      .orderBy('global_position')
      .execute();
    const [enrolled, generated] = events.slice(-2);
    expect([enrolled?.type, generated?.type]).toEqual(['AuthenticatorAppEnrolled', 'RecoveryCodesGenerated']);
    expect(enrolled?.transaction_id).toBe(generated?.transaction_id);
  });

  it('keeps unused recovery codes when the app is set up again, and replaces them on request', async () => {
    const person = await enrolled();
    expect((await app.inject({ method: 'DELETE', url: '/api/account/totp', headers: { cookie: person.cookie } })).statusCode).toBe(204);
    const restarted = (await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie: person.cookie } })).json();
    const confirmed = await app.inject({
      method: 'POST',
      url: '/api/account/totp/confirm',
      headers: { cookie: person.cookie },
      payload: { code: await totpCode(restarted.secret) },
    });
    expect(confirmed.json()).toEqual({ codes: [] });
    const renewed = await app.inject({ method: 'POST', url: '/api/account/recovery-codes', headers: { cookie: person.cookie } });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().codes as string[];
    expect(fresh).toHaveLength(10);
    // The old codes stop working, the new ones work.
    const withOld = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, withOld.attempt, { method: 'recovery', code: person.codes[0] })).statusCode).toBe(401);
    const withNew = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, withNew.attempt, { method: 'recovery', code: fresh[0] })).statusCode).toBe(200);
  });

  it('refuses new recovery codes to someone with no second factor', async () => {
    await createUser(runtime, 'nofactor@example.com', 'correct horse');
    const cookie = await signIn(app, 'nofactor@example.com', 'correct horse');
    const refused = await app.inject({ method: 'POST', url: '/api/account/recovery-codes', headers: { cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/passkey or an authenticator app first/);
  });
});

describe('confirming the authenticator app', () => {
  it('refuses a confirmation with nothing started, and more than ten tries at confirming', async () => {
    await createUser(runtime, 'confirm-limit@example.com', 'correct horse');
    const cookie = await signIn(app, 'confirm-limit@example.com', 'correct horse');
    const nothing = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: '123456' } });
    expect(nothing.statusCode).toBe(404);
    const { secret } = (await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } })).json();
    for (let i = 0; i < 9; i++)
      expect((await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: '000000' } })).statusCode).toBe(400);
    const limited = await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code: await totpCode(secret) } });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe(SIGN_IN_MESSAGES.tooManyTries);
  });

  it('reads a code typed with a space, as apps show it, and keeps the confirmed secret when setup is started again', async () => {
    await createUser(runtime, 'spaced@example.com', 'correct horse');
    const cookie = await signIn(app, 'spaced@example.com', 'correct horse');
    const { secret } = (await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } })).json();
    const code = (await totpCode(secret)).replace(/^(\d{3})/, '$1 ');
    expect((await app.inject({ method: 'POST', url: '/api/account/totp/confirm', headers: { cookie }, payload: { code } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/account/totp', headers: { cookie } })).statusCode).toBe(409);
    const { attempt } = await firstStep(app, 'spaced@example.com', 'correct horse');
    expect((await secondStep(app, attempt, { method: 'totp', code: await totpCode(secret, 1) })).statusCode).toBe(200);
  });
});

describe('signing in with the authenticator app', () => {
  it('asks for the second factor after the password, with no session yet, and signs in with a right code', async () => {
    const person = await enrolled();
    const { response, attempt } = await firstStep(app, person.email, 'correct horse');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ second_factor: { methods: ['totp', 'recovery'] } });
    expect(response.cookies.map((c) => c.name)).toEqual(['sl_sign_in']);

    const signedIn = await secondStep(app, attempt, { method: 'totp', code: await totpCode(person.secret, 1) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user).toMatchObject({ email: person.email, second_factor: { enrolled: 1 } });
    expect(signedIn.cookies.map((c) => c.name)).toContain('sl_access');
    const signIns = await runtime.store.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `user:${person.userId}`)
      .where('type', '=', 'UserSignedIn')
      .execute();
    expect(signIns.at(-1)?.data).toMatchObject({ method: 'password', secondFactor: 'totp' });
  });

  it('answers a wrong password exactly as a right one, and refuses it only after the code, in the same words as a wrong code', async () => {
    const person = await enrolled();
    const wrongPassword = await firstStep(app, person.email, 'wrong horse');
    const rightPassword = await firstStep(app, person.email, 'correct horse');
    expect(wrongPassword.response.statusCode).toBe(rightPassword.response.statusCode);
    expect(wrongPassword.response.json()).toEqual(rightPassword.response.json());

    const withRightCode = await secondStep(app, wrongPassword.attempt, { method: 'totp', code: await totpCode(person.secret, 1) });
    expect(withRightCode.statusCode).toBe(401);
    expect(withRightCode.json().message).toBe(SIGN_IN_MESSAGES.refused);
    const withWrongCode = await secondStep(app, rightPassword.attempt, { method: 'totp', code: '123456' });
    expect(withWrongCode.statusCode).toBe(401);
    expect(withWrongCode.json().message).toBe(SIGN_IN_MESSAGES.refused);
  });

  it('uses nothing up for a sign-in whose password was wrong: the same code and recovery code work afterwards', async () => {
    const person = await enrolled();
    const code = await totpCode(person.secret, 1);
    const recovery = person.codes[5]!;
    const wrong = await firstStep(app, person.email, 'wrong horse');
    expect((await secondStep(app, wrong.attempt, { method: 'totp', code })).statusCode).toBe(401);
    expect((await secondStep(app, wrong.attempt, { method: 'recovery', code: recovery })).statusCode).toBe(401);
    const right = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, right.attempt, { method: 'totp', code })).statusCode).toBe(200);
    const again = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, again.attempt, { method: 'recovery', code: recovery })).statusCode).toBe(200);
  });

  it('accepts a code once', async () => {
    const person = await enrolled();
    const code = await totpCode(person.secret, 1);
    const first = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, first.attempt, { method: 'totp', code })).statusCode).toBe(200);
    const second = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, second.attempt, { method: 'totp', code })).statusCode).toBe(401);
  });

  it('uses a recovery code once; the second use is refused', async () => {
    const person = await enrolled();
    const code = person.codes[3]!;
    const first = await firstStep(app, person.email, 'correct horse');
    const used = await secondStep(app, first.attempt, { method: 'recovery', code: code.toUpperCase() });
    expect(used.statusCode).toBe(200);
    const again = await firstStep(app, person.email, 'correct horse');
    const refused = await secondStep(app, again.attempt, { method: 'recovery', code });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toBe(SIGN_IN_MESSAGES.refused);
    const cookie = used.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const overview = (await app.inject({ method: 'GET', url: '/api/account/security', headers: { cookie } })).json();
    expect(overview.recovery_codes.remaining).toBe(9);
  });

  it('signs in once when the same code arrives twice at once', async () => {
    const person = await enrolled();
    const code = await totpCode(person.secret, 1);
    const attempts = await Promise.all([firstStep(app, person.email, 'correct horse'), firstStep(app, person.email, 'correct horse')]);
    const answers = await Promise.all(attempts.map(({ attempt }) => secondStep(app, attempt, { method: 'totp', code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('lets one of two sign-ins at once use a recovery code, and counts it used once', async () => {
    const person = await enrolled();
    const code = person.codes[0]!.replace('-', ' ');
    const attempts = await Promise.all([firstStep(app, person.email, 'correct horse'), firstStep(app, person.email, 'correct horse')]);
    const answers = await Promise.all(attempts.map(({ attempt }) => secondStep(app, attempt, { method: 'recovery', code })));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
    const used = await runtime.store.db
      .selectFrom('events')
      .select('data')
      .where('stream_id', '=', `user:${person.userId}`)
      .where('type', '=', 'RecoveryCodeUsed')
      .execute();
    expect(used.map((e) => e.data)).toEqual([expect.objectContaining({ remaining: 9 })]);
  });

  it('refuses a code of the authenticator app before the last accepted one', async () => {
    const person = await enrolled();
    const first = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, first.attempt, { method: 'totp', code: await totpCode(person.secret, 1) })).statusCode).toBe(200);
    const second = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, second.attempt, { method: 'totp', code: await totpCode(person.secret, 0) })).statusCode).toBe(401);
  });

  it('voids a sign-in after five wrong tries, and limits tries per person across sign-ins', async () => {
    const person = await enrolled();
    const { attempt } = await firstStep(app, person.email, 'correct horse');
    for (let i = 0; i < 5; i++) expect((await secondStep(app, attempt, { method: 'totp', code: '000000' })).statusCode).toBe(401);
    const sixth = await secondStep(app, attempt, { method: 'totp', code: await totpCode(person.secret, 1) });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(SIGN_IN_MESSAGES.tooManyTries);
    // Five more on a fresh sign-in reach the person's limit of ten: even the right code is refused.
    const fresh = await firstStep(app, person.email, 'correct horse');
    for (let i = 0; i < 5; i++) await secondStep(app, fresh.attempt, { method: 'totp', code: '000000' });
    const third = await firstStep(app, person.email, 'correct horse');
    expect((await secondStep(app, third.attempt, { method: 'totp', code: await totpCode(person.secret, 1) })).statusCode).toBe(429);
  });

  it('asks for the second factor after an e-mailed reset code too', async () => {
    const person = await enrolled();
    const code = await createOneTimeCode(runtime.store.db, person.userId, 'recovery');
    const response = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: person.email, token: code, type: 'recovery' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ second_factor: { methods: ['totp', 'recovery'] } });
    expect(response.cookies.map((c) => c.name)).not.toContain('sl_access');
  });

  it('refuses the second step with no sign-in under way', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login/second-factor', payload: { method: 'totp', code: '123456' } });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(SIGN_IN_MESSAGES.attemptExpired);
  });
});

describe('the policy and the last factor', () => {
  let boss = '';
  it('refuses removing the only factor the site requires, and removes it when not required', async () => {
    await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
    boss = await signIn(app, 'boss@example.com', 'boss password');
    // A policy covers whoever sets it: the superadmin enrols first, or would be held at enrolment too.
    await enrolTotp(app, boss);
    const person = await enrolled();
    const everyone = await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { second_factor_policy: 'everyone' } });
    expect(everyone.statusCode).toBe(200);
    const refused = await app.inject({ method: 'DELETE', url: '/api/account/totp', headers: { cookie: person.cookie } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SIGN_IN_MESSAGES.lastFactorRequired);
    const none = await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { second_factor_policy: 'none' } });
    expect(none.json()).toMatchObject({ second_factor_policy: 'none' });
    const removed = await app.inject({ method: 'DELETE', url: '/api/account/totp', headers: { cookie: person.cookie } });
    expect(removed.statusCode).toBe(204);
    const { response } = await firstStep(app, person.email, 'correct horse');
    expect(response.json().user).toMatchObject({ email: person.email });
  });

  it('holds a person the policy covers at enrolment until they have a factor', async () => {
    n += 1;
    const email = `admin${n}@example.com`;
    await createUser(runtime, email, 'correct horse', 'admin');
    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { second_factor_policy: 'admins' } });
    try {
      const cookie = await signIn(app, email, 'correct horse');
      const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
      expect(me.json().second_factor).toEqual({ required: true, enrolled: 0, must_enrol: true });
      const held = await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } });
      expect(held.statusCode).toBe(403);
      expect(held.json()).toEqual({ error: 'SECOND_FACTOR_REQUIRED', message: SIGN_IN_MESSAGES.mustEnrol });
      await enrolTotp(app, cookie);
      expect((await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).statusCode).toBe(200);
    } finally {
      await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: boss }, payload: { second_factor_policy: 'none' } });
    }
  });
});
