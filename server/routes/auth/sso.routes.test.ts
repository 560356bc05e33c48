/**
 * Single sign-on against a real OpenID Provider (oidc-provider) on a loopback port, driven over
 * plain HTTP as a browser would: our start, the provider's authorization and interaction, our
 * callback. ID tokens with a wrong audience, expiry, nonce or signature are made by changing the
 * provider's answer in front of its token endpoint and re-signing it (test/helpers/openid-provider.ts).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openTestRuntime } from '../../../test/helpers/test-database.ts';
import { buildTestApp, cookieHeader, cookieValue, createUser, signIn } from '../../../test/helpers/test-app.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../../../test/helpers/openid-provider.ts';
import { inviteUser, SYSTEM_ACTOR, userCommand } from '../../users/user-commands.ts';
import { changeSiteSettings } from '../../site/site-settings.ts';
import { ACCESS_COOKIE } from '../../plugins/auth.ts';
import { ATTEMPT_COOKIE } from '../../auth/sign-in-attempts.ts';
import type { OidcProviderConfig } from '../../auth/sso/sso-config.ts';
import { SSO_COOKIE } from './sso.routes.ts';

const PUBLIC_URL = 'http://localhost:3000';
let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let op: TestOpenIdProvider;
const options = { metadata: SYSTEM_ACTOR };

beforeAll(async () => {
  runtime = await openTestRuntime();
  op = await startTestOpenIdProvider({
    redirectUris: ['corp', 'entra'].map((id) => `${PUBLIC_URL}/api/auth/oidc/${id}/callback`),
    postLogoutRedirectUris: [`${PUBLIC_URL}/login`],
  });
  const provider = (id: string, name: string, trustEmail: boolean): OidcProviderConfig => ({
    id,
    name,
    issuer: op.issuer,
    clientId: op.clientId,
    clientSecret: op.clientSecret,
    scopes: ['openid', 'email', 'profile'],
    trustEmail,
  });
  const unreachable = { ...provider('down', 'Down', false), issuer: 'http://127.0.0.1:9' };
  app = await buildTestApp(runtime, {
    publicUrl: PUBLIC_URL,
    allowedEmailDomain: 'example.com',
    oidcProviders: [provider('corp', 'Corp ID', false), provider('entra', 'Entra ID', true), unreachable],
  });
});
afterAll(async () => {
  await app?.close();
  await op?.close();
  await runtime?.close();
});
beforeEach(async () => {
  op.tamper = null;
  op.foreignKey = false;
  await changeSiteSettings(runtime.store, { sso_sign_up: false, password_sign_in: true }, options);
});

let counter = 0;
/** A provider account with a fresh subject; its e-mail verified unless told otherwise. */
function account(email: string, extra: Record<string, unknown> = {}): string {
  counter += 1;
  const sub = `sub-${counter}-${Date.now()}`;
  op.accounts.set(sub, { sub, email, email_verified: true, given_name: 'Sam', family_name: 'Single', ...extra });
  return sub;
}

async function start(provider = 'corp', query = ''): Promise<{ location: string; ssoCookie: string; response: LightMyRequestResponse }> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/oidc/${provider}/start${query}` });
  return { response, location: String(response.headers.location), ssoCookie: cookieValue(response, SSO_COOKIE) ?? '' };
}

function callback(url: URL, ssoCookie: string): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'GET', url: `${url.pathname}${url.search}`, cookies: { [SSO_COOKIE]: ssoCookie } });
}

/** The whole round trip: start, the provider's sign-in of `sub`, our callback. */
async function ssoSignIn(sub: string, how: { provider?: string; amr?: string[]; query?: string } = {}) {
  const started = await start(how.provider, how.query);
  const back = await op.signIn(started.location, sub, how.amr);
  const response = await callback(back, started.ssoCookie);
  return { response, back, ssoCookie: started.ssoCookie, location: String(response.headers.location) };
}

const refusedWith = (code: string) => `/login?sso_error=${code}`;
const userByEmail = (email: string) => runtime.store.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
const eventsOf = async (userId: string) =>
  (await runtime.store.db.selectFrom('events').select(['type', 'data']).where('stream_id', '=', `user:${userId}`).orderBy('global_position').execute()).map(
    (e) => ({ type: e.type, data: typeof e.data === 'string' ? JSON.parse(e.data) : e.data }),
  );

describe('the providers and the start', () => {
  it('lists the configured providers and whether passwords are on', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      password: true,
      providers: [
        { id: 'corp', name: 'Corp ID' },
        { id: 'entra', name: 'Entra ID' },
        { id: 'down', name: 'Down' },
      ],
    });
    await changeSiteSettings(runtime.store, { password_sign_in: false }, options);
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toMatchObject({ password: false });
  });

  it('redirects to the provider with PKCE, state and nonce kept behind an HttpOnly cookie of its own', async () => {
    const { response, location } = await start();
    expect(response.statusCode).toBe(302);
    const url = new URL(location);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/auth`);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: op.clientId,
      response_type: 'code',
      scope: 'openid email profile',
      redirect_uri: `${PUBLIC_URL}/api/auth/oidc/corp/callback`,
      code_challenge_method: 'S256',
      state: expect.any(String),
      nonce: expect.any(String),
      code_challenge: expect.any(String),
    });
    expect(response.cookies.find((c) => c.name === SSO_COOKIE)).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/oidc' });
    const attempt = await runtime.store.db
      .selectFrom('sign_in_attempts')
      .select('data')
      .where('kind', '=', 'oidc')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    expect(JSON.stringify(attempt?.data)).toContain(url.searchParams.get('state')!);
  });

  it('answers 404 for a provider that is not configured, 400 for a return path off the site', async () => {
    const unknown = await app.inject({ method: 'GET', url: '/api/auth/oidc/nobody/start' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: 'NOT_FOUND', message: 'Unknown sign-in provider' });
    for (const bad of ['//evil.example.com/x', 'https://evil.example.com', '/api/users', '/\\evil']) {
      const response = await app.inject({ method: 'GET', url: `/api/auth/oidc/corp/start?return_to=${encodeURIComponent(bad)}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json()).toMatchObject({ error: 'VALIDATION', field: 'return_to' });
    }
  });

  it('sends the browser back to /login with a clear error when the provider cannot be reached, and keeps serving', async () => {
    const { response } = await start('down');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(refusedWith('unavailable'));
    expect((await app.inject({ method: 'GET', url: '/api/auth/providers' })).statusCode).toBe(200);
  });
});

describe('signing in', () => {
  it('signs in an invited person by their verified e-mail, links the account and activates them', async () => {
    const { userId } = await inviteUser(runtime.store, { email: 'ivy@example.com', firstName: 'Ivy', lastName: 'Invited', role: 'user' }, options);
    const sub = account('Ivy@Example.com');
    const { response, location } = await ssoSignIn(sub);
    expect(response.statusCode).toBe(302);
    expect(location).toBe('/dashboard');
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: cookieHeader(response) } });
    expect(me.json()).toMatchObject({ id: userId, email: 'ivy@example.com' });
    expect((await userByEmail('ivy@example.com'))?.status).toBe('active');
    const identity = await runtime.store.db.selectFrom('user_identities').selectAll().where('subject', '=', sub).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ provider: 'corp', user_id: userId, email: 'ivy@example.com' });
    const events = await eventsOf(userId);
    expect(events.map((e) => e.type)).toEqual(['UserInvited', 'SingleSignOnLinked', 'UserActivated', 'UserSignedIn']);
    expect(events[3]?.data).toMatchObject({ method: 'sso', provider: 'corp', secondFactor: null });
    const session = await runtime.store.db
      .selectFrom('auth_sessions')
      .select(['sso_provider', 'sso_id_token'])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(session.sso_provider).toBe('corp');
    expect(session.sso_id_token?.split('.')).toHaveLength(3);

    // The next time the link decides, whatever address the provider shows now.
    op.accounts.set(sub, { ...op.accounts.get(sub)!, email: 'ivy.renamed@example.com' });
    const again = await ssoSignIn(sub);
    expect(again.location).toBe('/dashboard');
    const meAgain = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: cookieHeader(again.response) } });
    expect(meAgain.json()).toMatchObject({ id: userId });
    expect((await eventsOf(userId)).filter((e) => e.type === 'SingleSignOnLinked')).toHaveLength(1);
  });

  it('goes back to the page asked for', async () => {
    await createUser(runtime, 'rita@example.com', 'rita password 1');
    const { location } = await ssoSignIn(account('rita@example.com'), { query: '?return_to=%2Fmaterials%3Fq%3Dbolt' });
    expect(location).toBe('/materials?q=bolt');
  });

  it('creates a person on a first sign-in when the site allows it and the domain is the allowed one', async () => {
    await changeSiteSettings(runtime.store, { sso_sign_up: true }, options);
    const { response, location } = await ssoSignIn(account('newton@example.com', { given_name: 'Isaac', family_name: 'Newton' }));
    expect(location).toBe('/dashboard');
    const user = await userByEmail('newton@example.com');
    expect(user).toMatchObject({ role: 'user', status: 'active', user_firstname: 'Isaac', user_lastname: 'Newton' });
    const password = await runtime.store.db.selectFrom('user_credentials').select('user_id').where('user_id', '=', user!.id).executeTakeFirst();
    expect(password).toBeUndefined();
    const memberships = await runtime.store.db.selectFrom('project_members').select('project_id').where('user_id', '=', user!.id).execute();
    expect(memberships).toEqual([]);
    expect((await eventsOf(user!.id)).map((e) => e.type)).toEqual(['UserRegistered', 'SingleSignOnLinked', 'UserSignedIn']);
    expect(cookieValue(response, ACCESS_COOKIE)).toBeTruthy();
  });

  it('creates nobody when the site does not allow it', async () => {
    const { response, location } = await ssoSignIn(account('stranger@example.com'));
    expect(location).toBe(refusedWith('no_account'));
    expect(cookieValue(response, ACCESS_COOKIE)).toBeUndefined();
    expect(await userByEmail('stranger@example.com')).toBeUndefined();
  });

  it('creates nobody outside the allowed domain, even when the site allows sign-up', async () => {
    await changeSiteSettings(runtime.store, { sso_sign_up: true }, options);
    const { location } = await ssoSignIn(account('outsider@elsewhere.org'));
    expect(location).toBe(refusedWith('no_account'));
    expect(await userByEmail('outsider@elsewhere.org')).toBeUndefined();
  });

  it('refuses a deactivated person, linked or not', async () => {
    const { userId } = await createUser(runtime, 'dee@example.com', 'dee password 1');
    const sub = account('dee@example.com');
    expect((await ssoSignIn(sub)).location).toBe('/dashboard');
    await userCommand(runtime.store, userId, { type: 'DeactivateUser', data: {} }, options);
    const { response, location } = await ssoSignIn(sub);
    expect(location).toBe(refusedWith('deactivated'));
    expect(cookieValue(response, ACCESS_COOKIE)).toBeUndefined();
    const { userId: otherId } = await createUser(runtime, 'dan@example.com', 'dan password 1');
    await userCommand(runtime.store, otherId, { type: 'DeactivateUser', data: {} }, options);
    expect((await ssoSignIn(account('dan@example.com'))).location).toBe(refusedWith('deactivated'));
  });

  it('refuses an e-mail the provider has not verified; a provider trusted for e-mail may leave email_verified out', async () => {
    await createUser(runtime, 'una@example.com', 'una password 1');
    expect((await ssoSignIn(account('una@example.com', { email_verified: false }))).location).toBe(refusedWith('email_unverified'));
    expect((await ssoSignIn(account('una@example.com', { email_verified: undefined }))).location).toBe(refusedWith('email_unverified'));
    expect((await ssoSignIn(account('una@example.com', { email_verified: false }), { provider: 'entra' })).location).toBe(refusedWith('email_unverified'));
    expect((await ssoSignIn(account('una@example.com', { email_verified: undefined }), { provider: 'entra' })).location).toBe('/dashboard');
  });

  it('asks a person with a second factor for it, unless the provider already asked for one', async () => {
    const { userId } = await createUser(runtime, 'toby@example.com', 'toby password 1');
    await runtime.store.db.insertInto('user_totp').values({ user_id: userId, secret: 'JBSWY3DPEHPK3PXP', confirmed_at: new Date() }).execute();
    await userCommand(runtime.store, userId, { type: 'EnrolAuthenticatorApp', data: {} }, options);
    const sub = account('toby@example.com');
    const { response, location } = await ssoSignIn(sub, { amr: ['pwd'] });
    expect(location).toBe('/login?second_factor=totp');
    expect(cookieValue(response, ACCESS_COOKIE)).toBeUndefined();
    expect(cookieValue(response, ATTEMPT_COOKIE)).toBeTruthy();

    const trusted = await ssoSignIn(sub, { amr: ['pwd', 'otp'] });
    expect(trusted.location).toBe('/dashboard');
    expect(cookieValue(trusted.response, ACCESS_COOKIE)).toBeTruthy();
  });
});

describe("refusing the provider's answer", () => {
  let sub: string;
  beforeAll(async () => {
    await createUser(runtime, 'tess@example.com', 'tess password 1');
    sub = account('tess@example.com');
  });

  const refusedAfter = async (change: (claims: Record<string, unknown>) => Record<string, unknown>, foreignKey = false) => {
    op.tamper = change;
    op.foreignKey = foreignKey;
    const { response, location } = await ssoSignIn(sub);
    if (location !== '/dashboard') expect(cookieValue(response, ACCESS_COOKIE)).toBeUndefined();
    return location;
  };

  it('accepts the untouched answer passed through the same re-signing', async () => {
    expect(await refusedAfter((claims) => claims)).toBe('/dashboard');
  });

  it('refuses an ID token for another audience', async () => {
    expect(await refusedAfter((claims) => ({ ...claims, aud: 'another-client' }))).toBe(refusedWith('failed'));
  });

  it('refuses an expired ID token', async () => {
    const now = Math.floor(Date.now() / 1000);
    expect(await refusedAfter((claims) => ({ ...claims, iat: now - 7200, exp: now - 3600 }))).toBe(refusedWith('failed'));
  });

  it('refuses an ID token with another nonce', async () => {
    expect(await refusedAfter((claims) => ({ ...claims, nonce: 'not-the-one-we-sent' }))).toBe(refusedWith('failed'));
  });

  it('refuses an ID token from another issuer, and one signed with a key the provider never published', async () => {
    expect(await refusedAfter((claims) => ({ ...claims, iss: 'https://evil.example.com' })), 'issuer').toBe(refusedWith('failed'));
    expect(await refusedAfter((claims) => claims, true), 'signature').toBe(refusedWith('failed'));
  });

  it('refuses a replayed callback and a state that is not this browser’s', async () => {
    const first = await ssoSignIn(sub);
    expect(first.location).toBe('/dashboard');
    const replayed = await callback(first.back, first.ssoCookie);
    expect(replayed.headers.location).toBe(refusedWith('expired'));
    expect(cookieValue(replayed, ACCESS_COOKIE)).toBeUndefined();

    // A callback carrying another attempt's state, sent with this browser's own attempt.
    const mine = await start();
    const theirs = await start();
    const theirBack = await op.signIn(theirs.location, sub);
    const foreign = await callback(theirBack, mine.ssoCookie);
    expect(foreign.headers.location).toBe(refusedWith('failed'));
    expect(cookieValue(foreign, ACCESS_COOKIE)).toBeUndefined();
    // No cookie at all: nothing to check the state against.
    const bare = await app.inject({ method: 'GET', url: `${theirBack.pathname}${theirBack.search}` });
    expect(bare.headers.location).toBe(refusedWith('expired'));
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const started = await start();
    const state = new URL(started.location).searchParams.get('state')!;
    const response = await app.inject({
      method: 'GET',
      url: `/api/auth/oidc/corp/callback?error=access_denied&state=${state}`,
      cookies: { [SSO_COOKIE]: started.ssoCookie },
    });
    expect(response.headers.location).toBe(refusedWith('denied'));
  });
});

describe('signing out', () => {
  it("answers the provider's sign-out address for a session that came through it", async () => {
    await createUser(runtime, 'otto@example.com', 'otto password 1');
    const { response } = await ssoSignIn(account('otto@example.com'));
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: cookieHeader(response) } });
    expect(logout.statusCode).toBe(200);
    const url = new URL(logout.json().end_session_url);
    expect(`${url.origin}${url.pathname}`).toBe(`${op.issuer}/session/end`);
    expect(url.searchParams.get('post_logout_redirect_uri')).toBe(`${PUBLIC_URL}/login`);
    expect(url.searchParams.get('client_id')).toBe(op.clientId);
    expect(url.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    // The provider accepts it: its confirmation page, not an error.
    const confirm = await fetch(url, { redirect: 'manual' });
    expect(confirm.status).toBe(200);
    const me = await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: cookieHeader(response) } });
    expect(me.statusCode).toBe(401);
  });

  it('answers 204 as before for a password session', async () => {
    await createUser(runtime, 'paula@example.com', 'paula password 1');
    const cookie = await signIn(app, 'paula@example.com', 'paula password 1');
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(logout.statusCode).toBe(204);
  });
});
