/**
 * The superadmin's side of sign-in security, by clicking: the Sign-in section of Site settings (the
 * second-factor policy, password sign-in off and on again), and a person's Security dialog on User
 * Management: their factors, their history (a sign-in made beforehand) and the reset of their
 * authenticator app, after which a second reset is refused.
 */
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createUser, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let admin: ApiSession;
let pat: Member;
let adminName: string;

/** Sets up the authenticator app of a signed-in API session, as its person would on Sign-in security. */
async function enrolAuthenticator(session: ApiSession): Promise<void> {
  const { secret } = await session.post<{ secret: string }>('/api/account/totp');
  // The current step's code: one of the step before can expire on its way if a step ends meanwhile.
  const code = await generate({ secret });
  await session.post('/api/account/totp/confirm', { code });
}

interface Settings {
  second_factor_policy: string;
  password_sign_in: boolean;
}

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const me = await admin.get<{ user_firstname: string; user_lastname: string; email: string }>('/api/users/me');
  adminName = `${me.user_firstname} ${me.user_lastname}`.trim() || me.email;
  pat = await createUser(admin, { first: 'Pat', last: 'Person', email: 'pat@example.com', password: 'pat-password-1' });
  // Pat signs in (a line of their history) and sets up an authenticator app.
  const patSession = await ApiSession.signIn(server.url, pat.email, pat.password);
  await enrolAuthenticator(patSession);

  browser = await openBrowser();
  await signIn(browser.page, server.url, server.admin.email, server.admin.password);
  // The superadmin gets a factor of their own once signed in, so the policy chosen below does not
  // send them to enrolment.
  await enrolAuthenticator(admin);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-in security for the superadmin', () => {
  it('sets the second-factor policy and turns password sign-in off and on again on Site settings', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/site-settings`);
    const policy = page.getByRole('textbox', { name: 'Require a second factor of' }).or(page.getByRole('combobox', { name: 'Require a second factor of' }));
    await expect.poll(visible(policy)).toBe(true);
    expect(await policy.first().inputValue()).toBe('Nobody');

    await policy.first().click();
    await page.getByRole('option', { name: 'Site admins and superadmins' }).click();
    await expect.poll(seen(page, 'Settings updated')).toBe(true);
    await expect.poll(async () => (await admin.get<Settings>('/api/site/settings')).second_factor_policy).toBe('admins');

    const password = page.getByRole('switch', { name: /^Password sign-in/ });
    expect(await password.isChecked()).toBe(true);
    await password.click({ force: true });
    await expect.poll(async () => (await admin.get<Settings>('/api/site/settings')).password_sign_in).toBe(false);
    expect(await password.isChecked()).toBe(false);
    await settledShot(browser, 'security-admin-site-settings');

    await password.click({ force: true });
    await expect.poll(async () => (await admin.get<Settings>('/api/site/settings')).password_sign_in).toBe(true);
    expect(await password.isChecked()).toBe(true);

    // What was chosen is what the page shows when opened again.
    await page.reload();
    await expect.poll(async () => policy.first().inputValue()).toBe('Site admins and superadmins');
  });

  it("shows a person's factors and history in their Security dialog, resets them, and refuses a second reset", async () => {
    const { page } = browser;
    await page.goto(`${server.url}/users`);
    await page.getByRole('button', { name: 'Security of Pat Person' }).click();
    const dialog = page.getByRole('dialog', { name: 'Security · Pat Person' });
    await expect.poll(visible(dialog.getByText('Signed in with a password'))).toBe(true);
    await expect.poll(visible(dialog.getByText('Set up an authenticator app'))).toBe(true);
    await expect.poll(visible(dialog.getByText('Authenticator app'))).toBe(true);
    expect(await dialog.getByText('Yes', { exact: true }).count()).toBe(1);
    await settledShot(browser, 'security-admin-dialog');

    await dialog.getByRole('button', { name: 'Reset second factors' }).click();
    const confirm = page.getByRole('dialog', { name: 'Reset second factors' });
    await expect.poll(visible(confirm.getByText(/stop working at once/))).toBe(true);
    await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(seen(page, 'Second factors reset')).toBe(true);

    // The line names the admin and what was taken away (recovery codes too, when there were any left).
    const resetLine = new RegExp(`^Second factors reset by ${adminName}: the authenticator app( and \\d+ recovery codes?)? removed$`);
    await expect.poll(visible(dialog.getByText(resetLine))).toBe(true);
    // The dialog reads the person again: no authenticator app any more.
    await expect.poll(() => dialog.getByText('Yes', { exact: true }).count()).toBe(0);
    const status = await page.request.get(`${server.url}/api/users/${pat.id}/security`);
    expect(await status.json()).toMatchObject({ totp: { enrolled: false }, recovery_codes: { remaining: 0 }, status: { enrolled: 0 } });
    await settledShot(browser, 'security-admin-dialog-after-reset');

    await dialog.getByRole('button', { name: 'Reset second factors' }).click();
    await page.getByRole('dialog', { name: 'Reset second factors' }).getByRole('button', { name: 'Reset', exact: true }).click();
    await expect.poll(seen(page, 'This person has no second factors to reset.')).toBe(true);
  });
});
