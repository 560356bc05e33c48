import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('signing in', () => {
  it('sends a visitor from / to the welcome page, then to the sign-in form', async () => {
    const { page } = browser;
    await page.goto(server.url);
    await page.waitForURL(/\/home$/);
    await page.getByRole('link', { name: /login/i }).first().click();
    await page.waitForURL(/\/login$/);
    await expect.poll(() => page.getByRole('button', { name: 'Login' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Forgot Password?' }).getAttribute('href')).toBe('/forgot_password');
  });

  it('shows "Login failed" above the form for a wrong password', async () => {
    const { page } = browser;
    await page.getByLabel('Email').and(page.locator('input')).fill(server.admin.email);
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill('wrong password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect.poll(() => page.getByText('Login failed').isVisible()).toBe(true);
    await browser.screenshot('login-failed');
    expect(page.url()).toMatch(/\/login$/);
  });

  it('signs the superadmin in and lands on the dashboard shell with the administration menu', async () => {
    const { page } = browser;
    await page.getByLabel('Password', { exact: false }).and(page.locator('input')).fill(server.admin.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByText('Site Administrator').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Project Inventory' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Site Settings' }).isVisible()).toBe(true);
    await browser.screenshot('dashboard');
  });

  it('keeps the session across a reload, and signs out back to /login', async () => {
    const { page } = browser;
    await page.reload();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByText('Site Administrator').first().isVisible()).toBe(true);
    await page.getByText('Site Administrator').first().click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL(/\/login$/);
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/login$/);
  });

  it('lays the shell out on a phone screen', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await phone.page.goto(`${server.url}/login`);
      await phone.page.locator('input[type=email]').fill(server.admin.email);
      await phone.page.locator('input[type=password]').fill(server.admin.password);
      await phone.page.getByRole('button', { name: 'Login' }).click();
      await phone.page.waitForURL(/\/dashboard$/);
      await expect.poll(() => phone.page.getByText('There are no projects yet.', { exact: false }).first().isVisible()).toBe(true);
      await phone.screenshot('dashboard-phone');
    } finally {
      await phone.close();
    }
  });
});
