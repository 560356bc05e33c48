import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, cookieHeader, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { createLinkToken } from '../../auth/account-tokens.ts';
import { inviteUser, SYSTEM_ACTOR } from '../../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let admin: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { allowedEmailDomain: 'acme.test', publicUrl: 'https://stock.acme.test', inviteRateLimit: 3 });
  await createUser(runtime, 'boss@acme.test', 'boss password 1', 'superadmin', { firstName: 'Bea', lastName: 'Boss' });
  admin = await signIn(app, 'boss@acme.test', 'boss password 1');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

async function latestMailTo(to: string) {
  const outbox = await app.inject({ method: 'GET', url: `/api/outbox?to=${encodeURIComponent(to)}`, headers: { cookie: admin } });
  return outbox.json().items[0] as { subject: string; body: string; status: string };
}
const invite = (payload: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/users/invite', headers: { cookie: admin }, payload });
const eventCount = async () =>
  (
    await runtime.store.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n;

describe('invitation to first sign-in', () => {
  let link = '';
  let code = '';
  let session = '';

  it('invites a person: an invited user and an e-mail with the link, delivered to the outbox', async () => {
    const response = await invite({ first_name: 'Ivy', last_name: 'Invitee', email: 'Ivy@Acme.test' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ email: 'ivy@acme.test' });
    const user = await runtime.store.db.selectFrom('users').selectAll().where('email', '=', 'ivy@acme.test').executeTakeFirstOrThrow();
    expect(user).toMatchObject({ role: 'user', status: 'invited' });
    // The app's own delivery worker is woken by the invitation; it keeps the mail in the outbox.
    await expect.poll(async () => (await latestMailTo('ivy@acme.test')).status, { timeout: 5000 }).toBe('logged');
    const mail = await latestMailTo('ivy@acme.test');
    expect(mail.subject).toBe('You are invited to StockLedger');
    link = mail.body.match(/https:\/\/stock\.acme\.test\/login\/(\S+)/)![1]!;
  });

  it('cannot sign in before a password is set', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ivy@acme.test', password: 'anything at all' } });
    expect(response.statusCode).toBe(401);
  });

  it('opening the link e-mails a six-digit one-time code', async () => {
    const response = await app.inject({ method: 'POST', url: `/api/invite-token/${link}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ email: 'ivy@acme.test', type: 'invite' });
    const mail = await latestMailTo('ivy@acme.test');
    expect(mail.subject).toBe('Your StockLedger verification code');
    code = mail.body.match(/one-time code is (\d{6})/)![1]!;
  });

  it('refuses a wrong code, then accepts the right one and signs the person in', async () => {
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/auth/verify-otp',
      payload: { email: 'ivy@acme.test', token: code === '000000' ? '111111' : '000000', type: 'email' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: 'INVALID_CODE', message: 'Invalid or expired code' });
    const right = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'ivy@acme.test', token: code, type: 'email' } });
    expect(right.statusCode).toBe(200);
    session = cookieHeader(right);
  });

  it('refuses the same code a second time', async () => {
    const again = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'ivy@acme.test', token: code, type: 'email' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid or expired code');
  });

  it('refuses a short password naming the field, then sets the password and activates the account', async () => {
    const short = await app.inject({ method: 'POST', url: '/api/auth/update-password', headers: { cookie: session }, payload: { password: 'short' } });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({ error: 'VALIDATION', message: 'Password must be at least 8 characters', field: 'password' });
    const set = await app.inject({ method: 'POST', url: '/api/auth/update-password', headers: { cookie: session }, payload: { password: 'ivy password 1' } });
    expect(set.statusCode).toBe(200);
    const user = await runtime.store.db.selectFrom('users').selectAll().where('email', '=', 'ivy@acme.test').executeTakeFirstOrThrow();
    expect(user.status).toBe('active');
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ivy@acme.test', password: 'ivy password 1' } })).statusCode).toBe(200);
  });

  it('the link stops working once the account is active', async () => {
    const response = await app.inject({ method: 'POST', url: `/api/invite-token/${link}` });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'INVALID_LINK', message: 'Invalid or expired invite/reset link' });
  });

  it('the link no longer signs anyone in once the invitation is finished: no session, no cookie', async () => {
    const exchange = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token: link, flow: 'invite' } });
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json()).toEqual({ error: 'INVALID_LINK', message: 'Invalid or expired invite/reset link' });
    expect(exchange.headers['set-cookie']).toBeUndefined();
  });
});

describe('invitation refusals change nothing', () => {
  it('refuses an address outside the allowed domain', async () => {
    const before = await eventCount();
    const response = await invite({ first_name: 'Out', last_name: 'Sider', email: 'out@elsewhere.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Email must be in the acme.test domain' });
    expect(await eventCount()).toBe(before);
  });

  it('refuses an e-mail that is already registered with "already registered"', async () => {
    const before = await eventCount();
    const response = await invite({ first_name: 'Bea', last_name: 'Again', email: 'boss@acme.test' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toContain('already registered');
    expect(await eventCount()).toBe(before);
  });

  it('names the first missing field', async () => {
    const response = await invite({ email: 'x@acme.test' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'First name is required', field: 'first_name' });
  });

  it('rate limits invitations with a message containing "rate limit"', async () => {
    const statuses: number[] = [];
    let last = { message: '' };
    for (let i = 0; i < 3; i += 1) {
      const response = await invite({ first_name: 'R', last_name: `${i}`, email: `r${i}@acme.test` });
      statuses.push(response.statusCode);
      last = response.json();
    }
    // Three attempts an hour: Ivy's invitation and the refused duplicate above count too.
    expect(statuses).toEqual([201, 429, 429]);
    expect(last.message).toContain('rate limit');
  });
});

describe('codes, links and resets', () => {
  it('asks for both email and code', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: '', token: '', type: 'email' } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'VALIDATION', message: 'Please enter both email and code', field: 'email' });
  });

  it('refuses an invalid link, for the invitation route and the exchange', async () => {
    expect((await app.inject({ method: 'POST', url: '/api/invite-token/not-a-real-token-at-all' })).json()).toEqual({
      error: 'INVALID_LINK',
      message: 'Invalid or expired invite/reset link',
    });
    const exchange = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token: 'nope', flow: 'reset' } });
    expect(exchange.statusCode).toBe(401);
    expect(exchange.json().message).toBe('Invalid or expired invite/reset link');
  });

  it('opens an invitation link for someone signed in as an auditor as it does signed out', async () => {
    await createUser(runtime, 'audrey@acme.test', 'audrey password 1', 'auditor');
    const auditor = await signIn(app, 'audrey@acme.test', 'audrey password 1');
    const { userId } = await inviteUser(
      runtime.store,
      { email: 'otto@acme.test', firstName: 'Otto', lastName: 'Other', role: 'user' },
      { metadata: SYSTEM_ACTOR },
    );
    const link = await createLinkToken(runtime.store.db, userId, 'invite');
    const opened = await app.inject({ method: 'POST', url: `/api/invite-token/${link}`, headers: { cookie: auditor } });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ email: 'otto@acme.test', type: 'invite' });
  });

  it('answers a reset request the same whether or not the account exists, and e-mails only a real one', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie: admin } })).json().total;
    const unknown = await app.inject({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email: 'ghost@acme.test' } });
    const known = await app.inject({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email: 'ivy@acme.test' } });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const after = (await app.inject({ method: 'GET', url: '/api/outbox', headers: { cookie: admin } })).json().total;
    expect(after).toBe(before + 1);
  });

  it('resets a password by code, and by link exchanged once', async () => {
    const mail = await latestMailTo('ivy@acme.test');
    expect(mail.subject).toBe('Your StockLedger password reset code');
    const code = mail.body.match(/one-time code is (\d{6})/)![1]!;
    const token = decodeURIComponent(mail.body.match(/[?&]token=([^&\s]+)/)![1]!);
    const byCode = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'ivy@acme.test', token: code, type: 'recovery' } });
    expect(byCode.statusCode).toBe(200);
    const exchange = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token, flow: 'reset' } });
    expect(exchange.statusCode).toBe(200);
    const set = await app.inject({
      method: 'POST',
      url: '/api/auth/update-password',
      headers: { cookie: cookieHeader(exchange) },
      payload: { password: 'ivy password 2' },
    });
    expect(set.statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token, flow: 'reset' } })).statusCode).toBe(401);
    // Setting a password signs out the person's other sessions.
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: cookieHeader(byCode) } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ivy@acme.test', password: 'ivy password 2' } })).statusCode).toBe(200);
  });

  it('finishing one flow retires every other link of the person: an invitation link or a reset link left unused', async () => {
    const { userId } = await inviteUser(
      runtime.store,
      { email: 'lena@acme.test', firstName: 'Lena', lastName: 'Links', role: 'user' },
      { metadata: SYSTEM_ACTOR },
    );
    const first = await createLinkToken(runtime.store.db, userId, 'invite');
    const second = await createLinkToken(runtime.store.db, userId, 'invite');
    const exchanged = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token: first, flow: 'invite' } });
    expect(exchanged.statusCode).toBe(200);
    const session = cookieHeader(exchanged);
    const reset = await createLinkToken(runtime.store.db, userId, 'reset');
    const set = await app.inject({ method: 'POST', url: '/api/auth/update-password', headers: { cookie: session }, payload: { password: 'lena password 1' } });
    expect(set.statusCode).toBe(200);
    for (const [token, flow] of [
      [second, 'invite'],
      [reset, 'reset'],
    ] as const) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token, flow } });
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe('Invalid or expired invite/reset link');
      expect(response.headers['set-cookie']).toBeUndefined();
    }
    const stored = await runtime.store.db.selectFrom('account_tokens').select('token_hash').where('user_id', '=', userId).execute();
    expect(stored.map((row) => row.token_hash)).not.toContain(second);
  });

  it('refuses a reset link issued before the password last changed, even one not marked used', async () => {
    await createUser(runtime, 'rex@acme.test', 'rex password 1', 'user');
    const { id } = await runtime.store.db.selectFrom('users').select('id').where('email', '=', 'rex@acme.test').executeTakeFirstOrThrow();
    const reset = await createLinkToken(runtime.store.db, id, 'reset', new Date(Date.now() - 60_000));
    await runtime.store.db
      .updateTable('account_tokens')
      .set({ created_at: new Date(Date.now() - 60_000), used_at: null })
      .where('user_id', '=', id)
      .execute();
    await runtime.store.db.updateTable('user_credentials').set({ updated_at: new Date() }).where('user_id', '=', id).execute();
    const response = await app.inject({ method: 'POST', url: '/api/auth/exchange', payload: { token: reset, flow: 'reset' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('stops accepting a code after too many wrong tries', async () => {
    await app.inject({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email: 'boss@acme.test' } });
    const mail = await latestMailTo('boss@acme.test');
    const code = mail.body.match(/one-time code is (\d{6})/)![1]!;
    const wrong = code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) {
      await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'boss@acme.test', token: wrong, type: 'recovery' } });
    }
    const right = await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'boss@acme.test', token: code, type: 'recovery' } });
    expect(right.statusCode).toBe(400);
  });
});

describe('maintenance mode', () => {
  it('answers non-superadmins 503 on ordinary calls while on, lets them reach users/me, and lets the superadmin work', async () => {
    await createUser(runtime, 'worker@acme.test', 'worker password', 'user');
    const worker = await signIn(app, 'worker@acme.test', 'worker password');
    const on = await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: admin }, payload: { maintenance_mode: true } });
    expect(on.json()).toEqual({
      freeze_transactions: false,
      maintenance_mode: true,
      offline_max_age_days: 7,
      webhooks_allow_private: false,
      second_factor_policy: 'none',
      password_sign_in: true,
      sso_sign_up: false,
    });

    const blocked = await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: worker } });
    expect(blocked.statusCode).toBe(503);
    expect(blocked.json()).toEqual({ error: 'MAINTENANCE', message: 'The site is currently under maintenance. Please try again later.' });
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: worker } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/site/public-settings' })).json()).toEqual({ maintenance_mode: true, freeze_transactions: false });
    expect((await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: admin } })).statusCode).toBe(200);

    await app.inject({ method: 'PATCH', url: '/api/site/settings', headers: { cookie: admin }, payload: { maintenance_mode: false } });
    expect((await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie: worker } })).statusCode).toBe(200);
  });
});
