import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, cookieHeader, cookieValue, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '../../plugins/auth.ts';
import { hashToken } from '../../auth/session-store.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { loginRateLimit: 3 });
  await createUser(runtime, 'ada@example.com', 'correct horse battery', 'admin', { firstName: 'Ada', lastName: 'Lovelace' });
  await createUser(runtime, 'limited@example.com', 'some password 1', 'user');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const me = (cookie: string) => app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie } });
const refresh = (refreshToken: string) => app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { [REFRESH_COOKIE]: refreshToken } });

describe('sign-in', () => {
  it('signs in with the right password, sets httpOnly SameSite=Lax cookies and answers the current user', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'Ada@Example.com', password: 'correct horse battery' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      user: expect.objectContaining({
        email: 'ada@example.com',
        user_email: 'ada@example.com',
        user_firstname: 'Ada',
        user_lastname: 'Lovelace',
        role: 'admin',
        emails: true,
        stock_emails: true,
      }),
    });
    const access = response.cookies.find((c) => c.name === ACCESS_COOKIE)!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(response.cookies.find((c) => c.name === REFRESH_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api' });
    const current = await me(cookieHeader(response));
    expect(current.statusCode).toBe(200);
    expect(current.json()).toMatchObject({ email: 'ada@example.com', role: 'admin' });
  });

  it('stores session tokens only as hashes', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'correct horse battery' } });
    const token = cookieValue(response, ACCESS_COOKIE)!;
    const stored = await runtime.store.db.selectFrom('auth_tokens').select('token_hash').execute();
    expect(stored.map((t) => t.token_hash)).toContain(hashToken(token));
    expect(stored.map((t) => t.token_hash)).not.toContain(token);
  });

  it('answers a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'nope' } });
    const unknown = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'nobody@example.com', password: 'nope' } });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'UNAUTHORIZED', message: 'Invalid email or password' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.cookies).toEqual([]);
  });

  it('rate limits sign-in attempts per e-mail with a 429 and a message', async () => {
    const attempt = () => app.inject({ method: 'POST', url: '/api/login', payload: { email: 'limited@example.com', password: 'wrong' } });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'RATE_LIMITED', message: expect.stringMatching(/^Too many sign-in attempts\. Try again in \d+ minutes?\.$/) });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right password waits out the window: the limit is what stops guessing.
    const right = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'limited@example.com', password: 'some password 1' } });
    expect(right.statusCode).toBe(429);
  });

  it('rate limits per address too, across e-mails', async () => {
    const limitedApp = await buildTestApp(runtime, { loginRateLimit: 1 });
    const from = (email: string) => limitedApp.inject({ method: 'POST', url: '/api/login', remoteAddress: '203.0.113.9', payload: { email, password: 'x' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await from(`guess${i}@example.com`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    await limitedApp.close();
  });

  it('counts only failures against an address: an office behind one address signs in many times', async () => {
    await createUser(runtime, 'office@example.com', 'office password 1', 'user');
    const limitedApp = await buildTestApp(runtime, { loginRateLimit: 1 });
    const from = (password: string) =>
      limitedApp.inject({ method: 'POST', url: '/api/login', remoteAddress: '203.0.113.10', payload: { email: 'office@example.com', password } });
    const statuses: number[] = [];
    // Five times the per-e-mail limit of 1 is the address's budget; twenty successes leave it whole.
    for (let i = 0; i < 20; i += 1) statuses.push((await from('office password 1')).statusCode);
    expect(statuses).toEqual(Array(20).fill(200));
    await limitedApp.close();
  });

  it('answers /api/users/me with 401 when not signed in', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/users/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'UNAUTHORIZED', message: 'Sign in to continue.' });
  });
});

describe('refresh and sign-out', () => {
  it('rotates the refresh token: new access and refresh tokens, the new access token works', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'correct horse battery' } });
    const rotated = await refresh(cookieValue(login, REFRESH_COOKIE)!);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json()).toMatchObject({ user: { email: 'ada@example.com' } });
    expect(cookieValue(rotated, REFRESH_COOKIE)).not.toBe(cookieValue(login, REFRESH_COOKIE));
    expect(cookieValue(rotated, ACCESS_COOKIE)).not.toBe(cookieValue(login, ACCESS_COOKIE));
    expect((await me(cookieHeader(rotated))).statusCode).toBe(200);
  });

  it('detects reuse of a rotated refresh token and revokes the whole session', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'correct horse battery' } });
    const first = cookieValue(login, REFRESH_COOKIE)!;
    const rotated = await refresh(first);
    expect(rotated.statusCode).toBe(200);
    // Beyond the grace window for two tabs refreshing at once, a second use is a stolen token.
    await runtime.store.db
      .updateTable('auth_tokens')
      .set({ used_at: new Date(Date.now() - 60_000) })
      .where('token_hash', '=', hashToken(first))
      .execute();
    const replay = await refresh(first);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: 'UNAUTHORIZED', message: 'Your session has ended. Please sign in again.' });
    expect((await me(cookieHeader(rotated))).statusCode).toBe(401);
    expect((await refresh(cookieValue(rotated, REFRESH_COOKIE)!)).statusCode).toBe(401);
  });

  it('lets two tabs refresh with the same token at the same moment', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'correct horse battery' } });
    const token = cookieValue(login, REFRESH_COOKIE)!;
    const [a, b] = await Promise.all([refresh(token), refresh(token)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect((await me(cookieHeader(a))).statusCode).toBe(200);
    expect((await me(cookieHeader(b))).statusCode).toBe(200);
  });

  it('answers the same new pair to every presentation of a token inside the grace window, minting no more', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'correct horse battery' } });
    const token = cookieValue(login, REFRESH_COOKIE)!;
    const { sessionId } = (await runtime.store.db
      .selectFrom('auth_tokens')
      .select('session_id as sessionId')
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow()) as { sessionId: string };
    const tokenCount = async () => (await runtime.store.db.selectFrom('auth_tokens').select('token_hash').where('session_id', '=', sessionId).execute()).length;
    const first = await refresh(token);
    const afterFirst = await tokenCount();
    const again = await Promise.all([refresh(token), refresh(token), refresh(token)]);
    for (const response of again) {
      expect(response.statusCode).toBe(200);
      expect(cookieValue(response, REFRESH_COOKIE)).toBe(cookieValue(first, REFRESH_COOKIE));
      expect(cookieValue(response, ACCESS_COOKIE)).toBe(cookieValue(first, ACCESS_COOKIE));
    }
    expect(await tokenCount()).toBe(afterFirst);
  });

  it('revokes the session on sign-out: access and refresh tokens stop working', async () => {
    const cookie = await signIn(app, 'ada@example.com', 'correct horse battery');
    const refreshToken = cookie.match(new RegExp(`${REFRESH_COOKIE}=([^;]+)`))![1]!;
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.map((c) => [c.name, c.value])).toEqual([
      [ACCESS_COOKIE, ''],
      [REFRESH_COOKIE, ''],
    ]);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('signs out with only the refresh token when the access token has expired', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'ada@example.com', password: 'correct horse battery' } });
    const refreshToken = cookieValue(login, REFRESH_COOKIE)!;
    const logout = await app.inject({ method: 'POST', url: '/api/logout', cookies: { [REFRESH_COOKIE]: refreshToken } });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(refreshToken)).statusCode).toBe(401);
  });

  it('refuses an expired access token', async () => {
    const cookie = await signIn(app, 'ada@example.com', 'correct horse battery');
    const token = cookie.match(new RegExp(`${ACCESS_COOKIE}=([^;]+)`))![1]!;
    await runtime.store.db
      .updateTable('auth_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    expect((await me(cookie)).statusCode).toBe(401);
  });
});
