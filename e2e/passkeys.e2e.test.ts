/**
 * Passkeys in a real browser with Chromium's virtual authenticator (a platform authenticator that
 * verifies its holder): a person adds a passkey on Sign-in security, signs out, signs in with the
 * passkey alone, then signs in with the password and passes the second step with the passkey,
 * and finds the passkey's last use on the page.
 * The app is opened at localhost: a passkey belongs to a site name, never to an IP address.
 */
import type { CDPSession } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createUser, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { seen, settledShot } from './helpers/ui.ts';

let server: RunningServer;
let person: Member;
let browser: Browser;
let cdp: CDPSession;
let origin = '';

async function atDashboard() {
  // A sign-in on a busy machine may take longer than the default wait.
  await expect.poll(() => browser.page.url(), { timeout: 15_000 }).toMatch(/\/dashboard$/);
}

async function signOut() {
  const { page } = browser;
  await page.getByText(person.name).first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
}

beforeAll(async () => {
  server = await startServer();
  origin = server.url.replace('127.0.0.1', 'localhost');
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  person = await createUser(admin, { first: 'Pia', last: 'Sskey', email: 'pia@example.com', password: 'no-more-passwords-1' });
  browser = await openBrowser();
  cdp = await browser.context.newCDPSession(browser.page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('passkeys', () => {
  it('are added on Sign-in security under a name', async () => {
    const { page } = browser;
    await page.goto(`${origin}/login`);
    await page.locator('input[type=email]').fill(person.email);
    await page.locator('input[type=password]').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await atDashboard();
    await page.getByText(person.name).first().click();
    await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
    await page.waitForURL(/\/account\/security$/);
    await expect.poll(seen(page, /No passkeys yet/)).toBe(true);
    await page.getByRole('button', { name: 'Add a passkey' }).click();
    await page.getByLabel('Passkey name').fill('Work laptop');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(seen(page, 'Passkey “Work laptop” added')).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'Work laptop' }).first().isVisible()).toBe(true);
    await settledShot(browser, 'passkeys-security-page');
    await signOut();
  });

  it('sign the person in on their own', async () => {
    const { page } = browser;
    await page.goto(`${origin}/login`);
    await settledShot(browser, 'passkeys-login');
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await atDashboard();
    await expect.poll(() => page.getByText(person.name).first().isVisible()).toBe(true);
    await signOut();
  });

  it('pass the second step after the password', async () => {
    const { page } = browser;
    await page.locator('input[type=email]').fill(person.email);
    await page.locator('input[type=password]').fill(person.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(seen(page, 'Two-step verification')).toBe(true);
    await settledShot(browser, 'passkeys-second-step');
    await page.getByRole('button', { name: 'Use your passkey' }).click();
    await atDashboard();
  });

  it('show when they were last used', async () => {
    const { page } = browser;
    await page.getByText(person.name).first().click();
    await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
    await page.waitForURL(/\/account\/security$/);
    // The passkey's own row; the history below also names it ("Added passkey “Work laptop”").
    const row = page.getByRole('row', { name: /^Work laptop/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    await expect.poll(() => row.getByRole('cell').nth(2).textContent()).not.toBe('Never');
  });
});
