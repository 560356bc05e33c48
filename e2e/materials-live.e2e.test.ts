/**
 * Two people on the same project at once. A plain member sees the inventory but no Project
 * Actions and cannot open the admin pages; a receive made by the manager in one window shows in
 * the member's table within a second, without a reload; and when the server goes away and comes
 * back, the member's page reconnects by itself and catches up with what changed meanwhile.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive, type Member, type Project } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startRestartableServer, type RestartableServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RestartableServer;
let manager: Browser;
let member: Browser;
let grace: Member;
let project: Project;
const PROJECT = '3001 · Riverside Depot';

beforeAll(async () => {
  server = await startRestartableServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  project = await createProject(admin, 'Riverside Depot', '3001', 'City Water');
  grace = await createUser(admin, { first: 'Grace', last: 'Hopper', email: 'grace@example.com', password: 'cobol-forever-1959' });
  await addMember(admin, project.id, grace.id, 'user');
  await receive(admin, project.id, 'BOLT-M8', 40, 'Hex bolt M8', 'Bolt');
  manager = await openBrowser();
  member = await openBrowser();
});
afterAll(async () => {
  await member?.close();
  await manager?.close();
  await server?.dispose();
});

const onHand = (page: Page, part: string, quantity: number) =>
  page.locator(`tr[data-part="${part}"] [data-figure="on_hand"]`).getByText(String(quantity), { exact: true });

describe('live dashboards', () => {
  it('shows a plain member the inventory without Project Actions, and keeps them out of admin pages', async () => {
    const { page } = member;
    await signIn(page, server.url, grace.email, grace.password);
    await chooseProject(page, PROJECT);
    const row = await inventoryRow(page, 'BOLT-M8');
    await expect.poll(visible(onHand(page, 'BOLT-M8', 40))).toBe(true);
    expect(await page.getByRole('region', { name: 'Project Actions' }).count()).toBe(0);
    for (const name of ['Receive Materials', 'Stock Warnings', 'Material Logs', 'Export CSV']) {
      expect(await page.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await page.getByRole('link', { name: 'Project Logs' }).count()).toBe(0);
    await settledShot(member, 'live-member-dashboard');

    await row.getByRole('button', { name: 'Details of BOLT-M8' }).click();
    const details = page.getByRole('dialog', { name: 'Material Details' });
    await expect.poll(visible(details.getByText('Hex bolt M8'))).toBe(true);
    for (const name of ['Edit', 'Mark Lost', 'Mark Found', 'Stock Warnings']) {
      expect(await details.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    // The figures, but not the movements behind them: those are log rows, for the logs' readers.
    await expect.poll(visible(details.locator('[data-figure="on_hand"]').getByText('40', { exact: true }))).toBe(true);
    expect(await details.getByRole('button', { name: 'Qty On Hand of BOLT-M8: 40' }).count()).toBe(0);
    await page.keyboard.press('Escape');

    for (const path of ['/dashboard/receive_return', '/dashboard/assign_unassign', '/dashboard/receive_return/bulk?action=return', '/catalogs/materials']) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/dashboard$/);
    }
  });

  it('shows a receive made in one window in the other window’s table within a second', async () => {
    const { page } = manager;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await member.page.goto(`${server.url}/dashboard`);
    await inventoryRow(member.page, 'BOLT-M8');
    await expect.poll(visible(onHand(member.page, 'BOLT-M8', 40))).toBe(true);

    await page.getByRole('button', { name: 'Receive Materials' }).click();
    const wizard = page.getByRole('dialog', { name: 'Receive Materials' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByLabel('Part Number').fill('BOLT-M9');
    await page.keyboard.press('Tab');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect.poll(seen(page, 'Part number not found')).toBe(true);
    await wizard.getByLabel('Part Number').fill('BOLT');
    await page.getByRole('option', { name: /BOLT-M8/ }).click();
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('5');
    await expect.poll(seen(page, 'Hex bolt M8 · Bolt')).toBe(true);
    await settledShot(manager, 'materials-receive-2-existing');
    await wizard.getByRole('button', { name: 'Next' }).click();

    const answered = page.waitForResponse((r) => r.url().includes('/api/materials/receive') && r.request().method() === 'POST');
    await wizard.getByRole('button', { name: 'Receive' }).click();
    expect((await answered).ok()).toBe(true);
    const committed = Date.now();
    await expect.poll(visible(onHand(member.page, 'BOLT-M8', 45)), { interval: 20, timeout: 5000 }).toBe(true);
    const elapsed = Date.now() - committed;
    expect(elapsed).toBeLessThan(1000);
    await expect.poll(seen(page, 'Received 5 × BOLT-M8 into inventory')).toBe(true);
  });

  it('reconnects by itself after the server was away, and refetches what changed meanwhile', async () => {
    await server.stop();
    await server.start();
    // Changed before the member's page is back: no change message can reach it, only the refetch.
    const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
    await receive(admin, project.id, 'BOLT-M8', 7, 'Hex bolt M8', 'Bolt');
    await expect.poll(visible(onHand(member.page, 'BOLT-M8', 52)), { timeout: 30_000 }).toBe(true);

    // And the new connection carries the next change as it happens.
    await receive(admin, project.id, 'BOLT-M8', 1, 'Hex bolt M8', 'Bolt');
    await expect.poll(visible(onHand(member.page, 'BOLT-M8', 53)), { timeout: 3000 }).toBe(true);
  }, 90_000);
});
