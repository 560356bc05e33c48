/**
 * What a person meets on today's screens: Stock Warnings keeps what was not touched, a form stops
 * a text past its limit with a plain sentence, a freeze shows as a banner with the movement
 * buttons off (and lifts live), Escape closes one dialog at a time, and Manage Project keeps its
 * Role column on a phone.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive, type Project } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let project: Project;
let browser: Browser;
let page: Page;
const PROJECT = '3001 · North Yard';

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  project = await createProject(admin, 'North Yard', '3001', 'Grid Co');
  await receive(admin, project.id, 'BOLT-M8', 40, 'Hex bolt M8', 'Bolt');
  const ada = await createUser(admin, { first: 'Ada', last: 'Lovelace', email: 'ada.lovelace@example.com', password: 'analytical-engine-1843' });
  await addMember(admin, project.id, ada.id, 'manager');
  await admin.request('PUT', '/api/materials/BOLT-M8/stock-warnings', { project_id: project.id, low_threshold: 5, critical_threshold: 3 });
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (scope: Page, name: string) => scope.getByRole('dialog', { name });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });

async function thresholds(): Promise<[number, number]> {
  const inventory = await admin.get<{ items: { PartNumber: string; LowStockWarning: number; CriticalStockWarning: number }[] }>(
    `/api/inventory/materials?project_id=${project.id}`,
  );
  const bolt = inventory.items.find((row) => row.PartNumber === 'BOLT-M8')!;
  return [bolt.LowStockWarning, bolt.CriticalStockWarning];
}

describe('screens a person meets', () => {
  it('changes only the low stock warning and keeps the critical one', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    const row = await inventoryRow(page, 'BOLT-M8');
    await button(row, 'Details of BOLT-M8').click();
    await button(dialog(page, 'Material Details'), 'Stock Warnings').click();
    const warnings = dialog(page, 'Stock Warnings');
    const low = warnings.getByRole('textbox', { name: 'Low warning threshold' });
    const critical = warnings.getByRole('textbox', { name: 'Critical warning threshold' });
    await expect.poll(() => low.inputValue()).toBe('5');
    expect(await critical.inputValue()).toBe('3');

    await critical.fill('9');
    await expect.poll(seen(page, 'Critical warning threshold cannot be above the low warning threshold.')).toBe(true);
    expect(await button(warnings, 'Save').isDisabled()).toBe(true);
    await critical.fill('3');
    await low.fill('8');
    await settledShot(browser, 'signals-stock-warnings');
    await button(warnings, 'Save').click();
    await expect.poll(seen(page, 'Stock warnings saved')).toBe(true);
    expect(await thresholds()).toEqual([8, 3]);
    // Back on Material Details, which shows the new pair.
    await expect.poll(seen(page, 'Low stock below 8 · critical at or below 3')).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  });

  it('stops a 5,000-character part name in the form with a plain sentence', async () => {
    await page.getByRole('textbox', { name: 'Search inventory' }).fill('');
    await button(page, 'Receive Materials').click();
    const wizard = dialog(page, 'Receive Materials');
    await wizard.getByRole('radio', { name: /New part/ }).click();
    await button(wizard, 'Next').click();
    await wizard.getByLabel('Part Number').fill('LONG-1');
    await wizard.getByLabel('Part Name').fill('x'.repeat(5000));
    await wizard.getByLabel('Nickname').fill('Long');
    await expect.poll(seen(page, 'Part name is too long (at most 200 characters).')).toBe(true);
    expect(await page.getByText(/part_name:/).count()).toBe(0);
    await button(wizard, 'Next').click();
    // Still on the details: the confirm step never came.
    expect(await wizard.getByLabel('Part Name').isVisible()).toBe(true);
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1.5');
    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'Quantity must be a whole number.')).toBe(true);
    await settledShot(browser, 'signals-limits');
    await page.keyboard.press('Escape');
    await expect.poll(() => wizard.count()).toBe(0);
  });

  it('shows a freeze as a banner with the movement buttons off, and lifts it live', async () => {
    await admin.request('PATCH', '/api/site/settings', { freeze_transactions: true });
    const banner = page.locator('[data-banner="frozen"]');
    await expect.poll(visible(banner)).toBe(true);
    expect(await banner.innerText()).toMatch(/Transactions are frozen\./);
    const receiveButton = button(page, 'Receive Materials');
    await expect.poll(() => receiveButton.getAttribute('aria-disabled')).toBe('true');
    for (const name of ['Return Materials', 'Assign Materials', 'Unassign Materials']) {
      expect(await button(page, name).getAttribute('aria-disabled')).toBe('true');
    }
    await receiveButton.hover();
    await expect.poll(visible(page.getByRole('tooltip', { name: 'Transactions are frozen' }))).toBe(true);
    // Announced as disabled, so a click (forced past that) must not open the wizard either.
    await receiveButton.click({ force: true });
    expect(await dialog(page, 'Receive Materials').count()).toBe(0);
    await settledShot(browser, 'signals-frozen');

    await page.getByRole('link', { name: 'Project Logs' }).click();
    await expect.poll(() => button(page, 'Bulk Receive').getAttribute('aria-disabled')).toBe('true');

    await admin.request('PATCH', '/api/site/settings', { freeze_transactions: false });
    await expect.poll(() => banner.count()).toBe(0);
    await page.getByRole('link', { name: 'Project Inventory' }).click();
    await expect.poll(() => button(page, 'Receive Materials').getAttribute('aria-disabled')).toBe(null);
  });

  it('closes only the top dialog on Escape', async () => {
    await button(page, 'Manage Project').click();
    const manage = dialog(page, 'Manage Project');
    await manage.getByRole('tab', { name: 'Users' }).click();
    await button(manage, 'Add Users').click();
    const addUsers = dialog(page, 'Add Users');
    await expect.poll(visible(addUsers)).toBe(true);
    // The first Escape may close the open user list inside Add Users; none may reach Manage Project.
    for (let press = 0; press < 2 && (await addUsers.count()) > 0; press += 1) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(300);
    }
    await expect.poll(() => addUsers.count()).toBe(0);
    expect(await manage.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => manage.count()).toBe(0);
  });

  it('keeps the Role column of Manage Project in view on a phone', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone.page, server.url, server.admin.email, server.admin.password);
      await chooseProject(phone.page, PROJECT);
      await button(phone.page, 'Manage Project').click();
      const manage = dialog(phone.page, 'Manage Project');
      await manage.getByRole('tab', { name: 'Users' }).click();
      const role = manage.getByRole('columnheader', { name: 'Role' });
      await expect.poll(visible(role)).toBe(true);
      const box = await role.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(390);
      await settledShot(phone, 'signals-manage-project-phone');
    } finally {
      await phone.close();
    }
  });
});
