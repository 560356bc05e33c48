/**
 * The administration screens in a real browser against the real server: projects, the
 * dashboard's picker and Manage Project, user invitations read from the outbox, the invited
 * person's code and password screens, and maintenance mode.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let admin: Browser;
let invitee: Browser | undefined;
let inviteLink = '';
const INVITEE = { first: 'Grace', last: 'Hopper', email: 'grace@example.com', password: 'cobol-forever-1959' };

beforeAll(async () => {
  server = await startServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  admin = await openBrowser();
});
afterAll(async () => {
  await invitee?.close();
  await admin?.close();
  await server?.stop();
});

const visible = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${server.url}/login`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Opens the newest outbox e-mail whose subject matches and returns its body. */
async function readNewestMail(page: Page, subject: RegExp): Promise<string> {
  await page.goto(`${server.url}/outbox`);
  const row = page.getByRole('row').filter({ hasText: subject }).first();
  await expect.poll(() => row.isVisible()).toBe(true);
  await row.click();
  const body = page.getByTestId('outbox-body');
  await expect.poll(() => body.isVisible()).toBe(true);
  const text = await body.innerText();
  await page.keyboard.press('Escape');
  return text;
}

describe('administration', () => {
  it('creates a project and shows it on the dashboard through the picker', async () => {
    const { page } = admin;
    await signIn(page, server.admin.email, server.admin.password);
    await page.getByRole('link', { name: 'Projects' }).click();
    await page.waitForURL(/\/projects$/);
    await expect.poll(visible(page, 'No data to display')).toBe(true);

    await page.getByRole('button', { name: 'Create Project' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Project name').fill('North Yard');
    await dialog.getByLabel('Customer').fill('ACME');
    await dialog.getByLabel('Project number').fill('1001');
    await dialog.getByRole('button', { name: 'Create Project' }).click();
    await expect.poll(visible(page, 'Project created')).toBe(true);
    await expect.poll(() => page.getByRole('cell', { name: 'North Yard' }).isVisible()).toBe(true);

    await page.getByRole('link', { name: 'Project Inventory' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Project' }).inputValue()).toBe('1001 · North Yard');
    await expect.poll(visible(page, 'ACME')).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Manage Project' }).isVisible()).toBe(true);
    await admin.screenshot('dashboard-project');
  });

  it('refuses an address outside the company domain and invites one inside it', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'User Management' }).click();
    await page.waitForURL(/\/users$/);
    await page.getByRole('button', { name: 'Invite User' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First name').fill(INVITEE.first);
    await dialog.getByLabel('Last name').fill(INVITEE.last);
    await dialog.getByLabel('Email').fill('grace@elsewhere.org');
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await expect.poll(visible(page, 'Email must be in the example.com domain')).toBe(true);

    await dialog.getByLabel('Email').fill(INVITEE.email);
    await dialog.getByRole('button', { name: 'Send Invite' }).click();
    await expect.poll(visible(page, 'Invite sent')).toBe(true);
    const row = page.getByRole('row').filter({ hasText: INVITEE.email });
    await expect.poll(() => row.getByText('Invited').isVisible()).toBe(true);
    await admin.screenshot('user-management');

    const body = await readNewestMail(page, /invit/i);
    const link = /https?:\/\/\S+\/login\/\S+/.exec(body)?.[0];
    expect(link).toBeDefined();
    inviteLink = `${server.url}${new URL(link!).pathname}`;
    await admin.screenshot('outbox');
  });

  it('takes the invited person from the link through the code to their own password', async () => {
    invitee = await openBrowser();
    const { page } = invitee;
    await page.goto(inviteLink);
    await page.waitForURL(/\/auth\?type=invite&email=grace%40example\.com$/);
    await expect.poll(visible(page, 'Verify your email')).toBe(true);
    expect(await page.getByLabel('Email').inputValue()).toBe(INVITEE.email);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(page, 'Please enter both email and code')).toBe(true);
    await page.getByLabel('One-time code').fill('000000x');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(page, 'Something went wrong. Please try again.')).toBe(true);

    const code = /code is (\d+)/.exec(await readNewestMail(admin.page, /verification code/i))?.[1];
    expect(code).toMatch(/^\d{6}$/);
    await page.getByLabel('One-time code').fill(code!);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(page, 'Set your password before logging in')).toBe(true);

    await page.getByLabel('New password').fill(INVITEE.password);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(visible(page, 'Passwords do not match')).toBe(true);
    await invitee.screenshot('set-password');

    await page.getByLabel('Confirm password').fill(INVITEE.password);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(visible(page, 'Grace Hopper')).toBe(true);
  });

  it('adds the new user to the project and changes their role in Manage Project', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: 'Manage Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Manage Project' });
    await expect.poll(() => dialog.getByText('1001').first().isVisible()).toBe(true);

    await dialog.getByRole('tab', { name: 'Users' }).click();
    await dialog.getByRole('button', { name: 'Add Users' }).click();
    const add = page.getByRole('dialog', { name: 'Add Users' });
    await add.getByRole('combobox', { name: 'Users' }).fill('grace');
    await page.getByRole('option', { name: /Grace Hopper/ }).click();
    await add.getByRole('button', { name: 'Add Users' }).click();
    await expect.poll(visible(page, 'User assigned')).toBe(true);

    const row = dialog.getByRole('row').filter({ hasText: INVITEE.email });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('combobox', { name: /Role of/ }).click();
    await page.getByRole('option', { name: 'Manager' }).click();
    await expect.poll(visible(page, 'Roles updated')).toBe(true);
    await admin.screenshot('manage-project-users');

    await dialog.getByRole('tab', { name: 'History' }).click();
    await expect
      .poll(() =>
        dialog
          .getByText(/Grace Hopper/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await dialog.getByRole('tab', { name: 'Settings' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Delete Project' }).isVisible()).toBe(true);
    await page.keyboard.press('Escape');
  });

  it('sends everyone but the superadmin to the maintenance page while maintenance is on', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Site Settings' }).click();
    await page.waitForURL(/\/site-settings$/);
    const maintenance = page.getByRole('switch', { name: /Maintenance Mode/ });
    await expect.poll(() => maintenance.isVisible()).toBe(true);
    await maintenance.click();
    await expect.poll(visible(page, 'Settings updated')).toBe(true);
    await admin.screenshot('site-settings');

    const other = invitee!.page;
    await other.goto(`${server.url}/dashboard`);
    await other.waitForURL(/\/maintenance$/);
    await expect.poll(visible(other, 'The site is currently under maintenance')).toBe(true);

    await maintenance.click();
    await expect.poll(() => maintenance.isChecked()).toBe(false);
    await other.goto(`${server.url}/dashboard`);
    await other.waitForURL(/\/dashboard$/);
  });

  it('resets a forgotten password through the e-mailed link', async () => {
    const visitor = await openBrowser();
    try {
      const { page } = visitor;
      await page.goto(`${server.url}/login/not-a-real-invitation-token`);
      await page.waitForURL(/\/login$/);
      await expect.poll(visible(page, 'Invalid or expired invite/reset link')).toBe(true);

      await page.getByRole('link', { name: 'Forgot Password?' }).click();
      await page.waitForURL(/\/forgot_password$/);
      await page.getByLabel('Email').fill(INVITEE.email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      await page.waitForURL(/\/auth\?type=reset&email=grace%40example\.com$/);
      await expect.poll(visible(page, /If an account exists, we just emailed you a one-time code/)).toBe(true);

      const body = await readNewestMail(admin.page, /password reset/i);
      const link = /https?:\/\/\S+\/auth\?\S+/.exec(body)?.[0];
      expect(link).toContain('token=');
      const url = new URL(link!);
      await page.goto(`${server.url}${url.pathname}${url.search}`);
      await expect.poll(visible(page, 'Reset your password')).toBe(true);
      await page.getByLabel('New password').fill('a-brand-new-secret');
      await page.getByLabel('Confirm password').fill('a-brand-new-secret');
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(visible(page, 'Grace Hopper')).toBe(true);
    } finally {
      await visitor.close();
    }
  });

  it('keeps the e-mail notification switches of the user menu', async () => {
    const { page } = admin;
    await page.goto(`${server.url}/dashboard`);
    await page.getByRole('button', { name: /User menu for/ }).click();
    const stockAlerts = page.getByRole('switch', { name: /Stock Alerts/ });
    await expect.poll(() => stockAlerts.isVisible()).toBe(true);
    const before = await stockAlerts.isChecked();
    await stockAlerts.click();
    await expect.poll(() => stockAlerts.isChecked()).toBe(!before);
    await admin.screenshot('user-menu');

    await page.reload();
    await page.getByRole('button', { name: /User menu for/ }).click();
    await expect.poll(() => page.getByRole('switch', { name: /Stock Alerts/ }).isChecked()).toBe(!before);
    await expect.poll(() => page.getByRole('switch', { name: /Assignments/ }).isVisible()).toBe(true);
  });
});
