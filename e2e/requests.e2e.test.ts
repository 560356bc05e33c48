/**
 * A request, end to end, in two windows: Ann (a project user) asks for 5 cable and 3 bolts; Mia (the
 * project's manager), on her dashboard in the other window, sees `New request received` and the
 * sidebar's badge go up without a reload. Fulfill All stays disabled (2 bolts on hand), so she
 * fulfils part (3 cable, 2 bolts) and holds the rest waiting on delivery; Ann's history follows
 * live. A receive of bolts re-opens the request, and Ann's screen says so. The request page is also
 * photographed on a 390×844 phone, where nothing may scroll sideways.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, downloadText, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let projectId: string;
let requester: Browser;
let manager: Browser;
let phone: Browser;
const PROJECT = '5001 · Harbour Works';
const ann = { first: 'Ann', last: 'Field', email: 'ann@example.com', password: 'harbour-user-2026' };
const mia = { first: 'Mia', last: 'Boss', email: 'mia@example.com', password: 'harbour-manager-2026' };

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Harbour Works', '5001', 'Port Authority')).id;
  const a = await createUser(admin, ann);
  const m = await createUser(admin, mia);
  await addMember(admin, projectId, a.id, 'user');
  await addMember(admin, projectId, m.id, 'manager');
  await receive(admin, projectId, 'CAB-1', 10, 'Armoured cable 25 m', 'Cable');
  await receive(admin, projectId, 'BOLT-M8', 2, 'Hex bolt M8', 'Bolt');
  requester = await openBrowser();
  manager = await openBrowser();
});
afterAll(async () => {
  await phone?.close();
  await manager?.close();
  await requester?.close();
  await server?.stop();
});

async function addItem(page: Page, search: string, option: RegExp, qty: number, notes = '') {
  await page.getByRole('combobox', { name: 'Search parts' }).fill(search);
  await page.getByRole('option', { name: option }).first().click();
  await page.getByRole('textbox', { name: 'Quantity' }).fill(String(qty));
  if (notes) await page.getByRole('textbox', { name: 'Notes (optional)' }).fill(notes);
  await page.getByRole('button', { name: 'Add to request' }).click();
}

const historyStatus = (page: Page, status: string) => visible(page.locator('tr[data-request="R-1"]').getByText(status, { exact: true }));
const badge = (page: Page) => page.getByTestId('requests-unread');

describe('a request, from the asking to the fulfilling, in two windows', () => {
  it('both sign in to the project; the manager waits on her dashboard', async () => {
    await signIn(manager.page, server.url, mia.email, mia.password);
    await chooseProject(manager.page, PROJECT);
    await signIn(requester.page, server.url, ann.email, ann.password);
    await chooseProject(requester.page, PROJECT);
    expect(await badge(manager.page).count()).toBe(0);
  });

  it('Ann builds a request list of two parts with a note and submits it', async () => {
    const { page } = requester;
    await page.getByRole('link', { name: 'Requests' }).click();
    await page.waitForURL(/\/dashboard\/requests$/);
    await expect.poll(seen(page, 'You have not made any requests in this project yet')).toBe(true);
    await addItem(page, 'cab', /CAB-1/, 5, 'for the north pier');
    await addItem(page, 'bolt', /BOLT-M8/, 3);
    await expect.poll(visible(page.getByRole('table', { name: 'Request list' }).locator('tr[data-part="BOLT-M8"]'))).toBe(true);
    await settledShot(requester, 'requests-user-list');
    const started = Date.now();
    await page.getByRole('button', { name: 'Submit Request' }).click();

    // The manager's window hears of it without a reload: the toast, and the badge.
    await expect.poll(seen(manager.page, 'New request received')).toBe(true);
    await expect.poll(() => badge(manager.page).textContent()).toBe('1');
    console.info(`the manager's window showed the new request ${Date.now() - started} ms after the submit`);
    await settledShot(manager, 'requests-manager-toast-badge');
    await expect.poll(seen(page, 'Request R-1 submitted')).toBe(true);
    await expect.poll(historyStatus(page, 'Requested')).toBe(true);
  });

  it('Mia cannot Fulfill All (2 bolts on hand), so she fulfils part and holds the rest waiting on delivery', async () => {
    const { page } = manager;
    await page.getByRole('link', { name: 'Requests' }).click();
    await page.waitForURL(/\/dashboard\/manage_requests$/);
    // Opening Manage Requests marks the project's requests read.
    await expect.poll(() => badge(page).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Select request R-1' }).check();
    const fulfilAll = page.getByRole('button', { name: 'Fulfill All' }).first();
    await expect.poll(() => fulfilAll.getAttribute('aria-disabled')).toBe('true');
    await fulfilAll.hover();
    await expect.poll(seen(page, 'Insufficient Quantity: BOLT-M8 needs 3, 2 on hand')).toBe(true);
    await settledShot(manager, 'requests-manage-fulfil-all-disabled');

    await page.getByRole('button', { name: 'Fulfill Partial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Fulfill part of request R-1' });
    await dialog.getByRole('textbox', { name: 'Fulfil quantity of CAB-1' }).fill('3');
    await dialog.getByRole('textbox', { name: 'Fulfil quantity of BOLT-M8' }).fill('2');
    await dialog.getByRole('radio', { name: 'Hold it, waiting on delivery' }).check();
    await settledShot(manager, 'requests-manage-partial');
    await dialog.getByRole('button', { name: 'Fulfill 5' }).click();
    await expect.poll(seen(page, 'Fulfilled part of request R-1')).toBe(true);

    // The drawer shows the split lines and the request's history.
    await page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'All', exact: true }).check();
    await page.getByRole('button', { name: 'View request R-1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Request R-1' });
    await expect.poll(visible(drawer.getByTestId('request-status').getByText('On Hold'))).toBe(true);
    await expect.poll(() => drawer.locator('tr[data-part="CAB-1"]').count()).toBe(2);
    await expect.poll(visible(drawer.getByText('Submitted', { exact: true }))).toBe(true);
    await settledShot(manager, 'requests-manage-drawer');
    await page.keyboard.press('Escape');

    // Export: every request the filters show, as a timestamped CSV file.
    const file = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toMatch(/\.csv$/);
    expect(file.text).toContain('Ann Field');
  });

  it("Ann's history shows the new state without a reload, and the side panel the split lines", async () => {
    const { page } = requester;
    await expect.poll(historyStatus(page, 'On Hold')).toBe(true);
    await page.getByRole('button', { name: 'View request R-1' }).click();
    const panel = page.getByRole('dialog', { name: 'Request R-1' });
    await expect.poll(() => panel.locator('tr[data-part="CAB-1"][data-line-status="fulfilled"]').count()).toBe(1);
    await expect.poll(visible(panel.getByText('3', { exact: true }))).toBe(true);
    await settledShot(requester, 'requests-user-history-panel');
    await page.keyboard.press('Escape');
  });

  it('a receive of bolts re-opens the request; Ann is told and sees it open again', async () => {
    const answer = await receive(admin, projectId, 'BOLT-M8', 5, 'Hex bolt M8', 'Bolt');
    expect((answer as unknown as { reopenedCount: number }).reopenedCount).toBe(1);
    await expect.poll(seen(requester.page, /A request waiting on delivery has been re-opened!/)).toBe(true);
    await expect.poll(historyStatus(requester.page, 'On Hold')).toBe(false);
    await settledShot(requester, 'requests-user-reopened');
  });

  it('on a 390×844 phone the request page and Manage Requests fit the width', async () => {
    phone = await openBrowser({ width: 390, height: 844 });
    await signIn(phone.page, server.url, ann.email, ann.password);
    await chooseProject(phone.page, PROJECT);
    await phone.page.goto(`${server.url}/dashboard/requests`);
    await addItem(phone.page, 'cab', /CAB-1/, 2, 'spare');
    await expect.poll(visible(phone.page.locator('tr[data-request="R-1"]'))).toBe(true);
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await settledShot(phone, 'requests-user-phone');

    await phone.context.clearCookies();
    await signIn(phone.page, server.url, mia.email, mia.password);
    await chooseProject(phone.page, PROJECT);
    await phone.page.goto(`${server.url}/dashboard/manage_requests`);
    await phone.page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'All', exact: true }).check();
    await expect.poll(visible(phone.page.locator('tr[data-request="R-1"]'))).toBe(true);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await settledShot(phone, 'requests-manage-phone');
  });
});
