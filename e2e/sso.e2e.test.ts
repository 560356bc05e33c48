/**
 * Single sign-on in Chromium through a real OpenID Provider (oidc-provider with its own login and
 * consent pages) on a loopback port: an invited person clicks "Sign in with Corp ID", signs in at
 * the provider, lands on the dashboard, and signing out continues at the provider back to /login.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { startTestOpenIdProvider, type TestOpenIdProvider } from '../test/helpers/openid-provider.ts';

let op: TestOpenIdProvider;
let server: RunningServer;
let browser: Browser;
/** The server as PUBLIC_URL names it (http://localhost:PORT): the provider sends the browser back there. */
let site: string;
let admin: ApiSession;

beforeAll(async () => {
  op = await startTestOpenIdProvider({
    loginPage: true,
    redirectUris: () => [`${site}/api/auth/oidc/oidc/callback`],
    postLogoutRedirectUris: () => [`${site}/login`],
  });
  server = await startServer({ OIDC_ISSUER: op.issuer, OIDC_CLIENT_ID: op.clientId, OIDC_CLIENT_SECRET: op.clientSecret, OIDC_NAME: 'Corp ID' });
  site = server.url.replace('127.0.0.1', 'localhost');
  admin = await ApiSession.signIn(site, server.admin.email, server.admin.password);
  await admin.post('/api/users/invite', { first_name: 'Ivy', last_name: 'Invited', email: 'ivy@example.com', role: 'user' });
  op.accounts.set('ivy', { sub: 'ivy', email: 'ivy@example.com', email_verified: true, given_name: 'Ivy', family_name: 'Invited' });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await op?.close();
});

describe('single sign-on', () => {
  it('offers the provider on /login', async () => {
    const { page } = browser;
    await page.goto(`${site}/login`);
    await expect.poll(() => page.getByRole('link', { name: 'Sign in with Corp ID' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    await browser.screenshot('sso-login');
  });

  it("signs an invited person in through the provider's own pages and lands on the dashboard", async () => {
    const { page } = browser;
    await page.getByRole('link', { name: 'Sign in with Corp ID' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${op.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('ivy');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${site}/dashboard`);
    await expect.poll(() => page.getByText('Ivy Invited').first().isVisible()).toBe(true);
    await browser.screenshot('sso-dashboard');
  });

  it('signs out here and at the provider, back to /login', async () => {
    const { page } = browser;
    await page.getByText('Ivy Invited').first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${op.issuer}/session/end`));
    await page.getByRole('button', { name: 'Yes, sign me out' }).click();
    await page.waitForURL(`${site}/login`);
    await expect.poll(() => page.getByRole('link', { name: 'Sign in with Corp ID' }).isVisible()).toBe(true);
    await page.goto(`${site}/dashboard`);
    await page.waitForURL(/\/login$/);
  });

  it('sends someone without an account back with the reason; with passwords off the providers come first', async () => {
    const { page } = browser;
    op.accounts.set('stranger', { sub: 'stranger', email: 'stranger@example.com', email_verified: true });
    await admin.request('PATCH', '/api/site/settings', { password_sign_in: false });
    await page.goto(`${site}/login`);
    await page.getByRole('link', { name: 'Sign in with Corp ID' }).click();
    await page.waitForURL((url) => url.href.startsWith(`${op.issuer}/interaction/`));
    await page.locator('input[name="login"]').fill('stranger');
    await page.locator('input[name="password"]').fill('anything');
    await page.getByRole('button', { name: 'Sign-in' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${site}/login?sso_error=no_account`);
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('There is no account for this e-mail address');
    // The page knows password sign-in is off once the sign-in options answer: the form then waits
    // behind "Superadmin sign-in".
    await expect.poll(() => page.getByRole('button', { name: 'Superadmin sign-in' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Email').count()).toBe(0);
    await browser.screenshot('sso-refused-password-off');
  });
});
