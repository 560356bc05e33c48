/**
 * Authenticator codes in a real browser: a person sets up the app on Sign-in security (the test
 * reads the key the page shows and computes codes with otplib, as the phone would), keeps the
 * recovery codes shown once, then signs in with the password and a code; signs in with a recovery
 * code, and the same recovery code is refused the next time. Under a policy that requires a second
 * factor of admins, an admin who has none sees only enrolment until they set one up.
 */
import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '../contract/sign-in.ts';
import { ApiSession, createUser, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let person: Member;
let boss: Member;
let browser: Browser;
let secret = '';
let recoveryCodes: string[] = [];

/** The code the app shows `steps` periods from now: each code is accepted once, so each sign-in takes a fresh one. */
const codeAt = (steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function passwordStep(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(seen(page, 'Two-step verification')).toBe(true);
}

/** The second step signs in without a page load: the app moves on by itself. */
async function atDashboard(page: Page) {
  // A sign-in on a busy machine may take longer than the default wait.
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/dashboard$/);
}

async function signOut(page: Page, name: string) {
  await page.getByText(name).first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL(/\/login$/);
}

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  person = await createUser(admin, { first: 'Tess', last: 'Otter', email: 'tess@example.com', password: 'time-based-codes-1' });
  boss = await createUser(admin, { first: 'Abe', last: 'Admin', email: 'abe@example.com', password: 'admins-need-two-2', role: 'admin' });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('an authenticator app as the second factor', () => {
  it('is set up on Sign-in security: QR code, key, one code, and recovery codes shown once', async () => {
    const { page } = browser;
    await signIn(page, server.url, person.email, person.password);
    await page.getByText(person.name).first().click();
    await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
    await page.waitForURL(/\/account\/security$/);
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = page.getByLabel('Authenticator key');
    await expect.poll(visible(key)).toBe(true);
    await expect.poll(visible(page.getByRole('img', { name: 'QR code for your authenticator app' }))).toBe(true);
    secret = (await key.innerText()).trim();
    await settledShot(browser, 'totp-setup');

    // A wrong code first: refused in words, the dialog stays.
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, SIGN_IN_MESSAGES.totpCodeRefused)).toBe(true);
    // The refused code stays in the field to be corrected.
    expect(await page.getByLabel('Authentication code').inputValue()).toBe('000000');
    await settledShot(browser, 'totp-setup-refused');
    // The current step's: one of the step before can expire on its way if a step ends meanwhile.
    await page.getByLabel('Authentication code').fill(await codeAt(0));
    await page.getByRole('button', { name: 'Confirm' }).click();

    const shown = page.getByTestId('recovery-code');
    await expect.poll(() => shown.count()).toBe(10);
    recoveryCodes = (await shown.allInnerTexts()).map((code) => code.trim());
    await settledShot(browser, 'totp-recovery-codes');
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect.poll(seen(page, 'Recovery codes: 10 left')).toBe(true);
    await expect.poll(seen(page, /Set up on/)).toBe(true);
    await settledShot(browser, 'totp-security-page');
    await signOut(page, person.name);
  });

  it('is asked for after the password, and a right code signs in', async () => {
    const { page } = browser;
    await passwordStep(page, person.email, person.password);
    await settledShot(browser, 'totp-second-step');
    await page.getByLabel('Authentication code').fill(await codeAt(1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await atDashboard(page);
    await signOut(page, person.name);
  });

  it('takes a recovery code once; the same code is refused the next time', async () => {
    const { page } = browser;
    const code = recoveryCodes[0]!;
    await passwordStep(page, person.email, person.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await atDashboard(page);
    await signOut(page, person.name);

    await passwordStep(page, person.email, person.password);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(seen(page, SIGN_IN_MESSAGES.refused)).toBe(true);
    expect(page.url()).toMatch(/\/login$/);
    await settledShot(browser, 'totp-recovery-refused');
  });
});

describe('a password reset by someone with an authenticator app', () => {
  it('asks for the second factor after the e-mailed code, then for the new password', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/forgot_password`);
    await page.getByLabel('Email').fill(person.email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.waitForURL(/\/auth\?type=reset/);
    const outbox = await admin.get<{ items: { subject: string; body: string }[] }>(`/api/outbox?to=${encodeURIComponent(person.email)}`);
    const mail = outbox.items.find((item) => /password reset code/i.test(item.subject));
    const emailed = /one-time code is (\d{6})/.exec(mail?.body ?? '')?.[1];
    expect(emailed).toMatch(/^\d{6}$/);
    await page.getByLabel('One-time code').fill(emailed!);
    await page.getByRole('button', { name: 'Next' }).click();

    // The e-mailed code alone signs nobody in who has a second factor.
    await expect.poll(seen(page, 'Two-step verification')).toBe(true);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCodes[1]!);
    await settledShot(browser, 'totp-reset-second-step');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect.poll(visible(page.getByLabel('New password'))).toBe(true);
    person.password = 'a-new-time-based-3';
    await page.getByLabel('New password').fill(person.password);
    await page.getByLabel('Confirm password').fill(person.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await atDashboard(page);
    await signOut(page, person.name);
  });
});

describe('a policy that requires a second factor of admins', () => {
  it('holds an admin without one at enrolment, then lets them through once they have set one up', async () => {
    // The site's own superadmin would be held too: the policy covers whoever sets it. They enrol first.
    const { secret: bossSecret } = await admin.post<{ secret: string }>('/api/account/totp');
    await admin.post('/api/account/totp/confirm', { code: await generate({ secret: bossSecret }) });
    await admin.request('PATCH', '/api/site/settings', { second_factor_policy: 'admins' });

    const { page } = browser;
    await page.goto(`${server.url}/login`);
    await page.locator('input[type=email]').fill(boss.email);
    await page.locator('input[type=password]').fill(boss.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(seen(page, 'Set up a second factor')).toBe(true);
    await expect.poll(seen(page, SIGN_IN_MESSAGES.mustEnrol)).toBe(true);
    // Nothing but enrolment: no navigation, and the dashboard's address shows the same.
    expect(await page.locator('nav').count()).toBe(0);
    await page.goto(`${server.url}/dashboard`);
    await expect.poll(seen(page, SIGN_IN_MESSAGES.mustEnrol)).toBe(true);
    expect(await page.locator('nav').count()).toBe(0);
    await settledShot(browser, 'totp-enrolment-required');

    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = page.getByLabel('Authenticator key');
    await expect.poll(visible(key)).toBe(true);
    secret = (await key.innerText()).trim();
    await page.getByLabel('Authentication code').fill(await codeAt(0));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(() => page.getByTestId('recovery-code').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved my codes' }).click();
    // Enrolled: the app opens where they were going.
    await expect.poll(seen(page, SIGN_IN_MESSAGES.mustEnrol)).toBe(false);
    expect(page.url()).toMatch(/\/dashboard$/);
    await expect.poll(visible(page.locator('nav'))).toBe(true);
    await expect.poll(() => page.getByText(boss.name).first().isVisible()).toBe(true);

    // The app is now their only factor, which the site requires: removing it is refused in the dialog.
    await page.getByText(boss.name).first().click();
    await page.getByRole('menuitem', { name: 'Sign-in security' }).click();
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect.poll(seen(page, SIGN_IN_MESSAGES.lastFactorRequired)).toBe(true);
    await settledShot(browser, 'totp-remove-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(seen(page, /Set up on/)).toBe(true);
  });
});
