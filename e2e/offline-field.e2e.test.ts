/**
 * A crew with no signal, in Chromium against the real server: the app is installed (its service
 * worker controls the page), the network goes (Playwright's offline mode), and the manager assigns
 * and marks lost on the dashboard and scan-receives two serials. The actions wait on the phone
 * through a reload and through closing and reopening the browser on the same profile; when the
 * signal returns each is applied exactly once, dated when it was done. Two phones offline on the
 * last 5 units each assign 5: one is applied, the other waits under "Needs attention" with the
 * server's refusal and no retry of 0. An action kept past the site's limit is refused with its
 * reason and waits to be discarded; a tab follows who is signed in on the browser's other tabs.
 */
import { rmSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive, type Member, type Project } from './helpers/api.ts';
import { newProfileDir, openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let project: Project;
let grace: Member;
const PROJECT = '3001 · Substation North';
const PHONE = { width: 390, height: 844 };
const SERIALS = ['GEN-7001', 'GEN-7002'];

interface BundleEvent {
  type: string;
  stream_id: string;
  occurred_at: string;
  recorded_at: string;
}

beforeAll(async () => {
  server = await startServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  project = await createProject(admin, 'Substation North', '3001', 'Grid Co');
  grace = await createUser(admin, { first: 'Grace', last: 'Hopper', email: 'grace@example.com', password: 'cobol-forever-1959' });
  await addMember(admin, project.id, grace.id, 'user');
  await receive(admin, project.id, 'PIPE-50', 20, 'Steel pipe 50mm', 'Pipe');
  await receive(admin, project.id, 'BOLT-M8', 5, 'Hex bolt M8', 'Bolt');
  await admin.post('/api/warehouses', { name: 'North Yard', yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks' } });
  const category = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Generators', kind: 'serialized' });
  await admin.post('/api/assets/catalog', { asset_number: 'GEN-7', asset_name: 'Honda EU70 generator', category: category.id, serial_required: true });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const button = (scope: Page | Locator, name: string | RegExp) => scope.getByRole('button', { name, exact: typeof name === 'string' });
const waiting = (page: Page) => page.getByRole('link', { name: /waiting/ });

/** Picks an option unless the select already shows it (the scan page remembers the last choice). */
async function choose(page: Page, label: string, option: string): Promise<void> {
  const field = page.getByRole('combobox', { name: label });
  await expect.poll(visible(field)).toBe(true);
  if ((await field.inputValue()) !== option) await pick(page, field, option);
  await expect.poll(() => field.inputValue()).toBe(option);
}

/** Assigns to Grace with the dashboard's wizard, as on any day; with no signal it is kept on the phone. */
async function assignToGrace(page: Page, part: string, quantity: number): Promise<void> {
  await button(page, 'Assign Materials').click();
  const wizard = page.getByRole('dialog', { name: 'Assign Materials' });
  await wizard.getByLabel('Part Number').fill(part);
  await page.keyboard.press('Tab');
  await button(wizard, 'Next').click();
  await pick(page, wizard.getByRole('combobox', { name: 'Assign to' }), /Grace Hopper/);
  await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(quantity));
  await button(wizard, 'Next').click();
  await button(wizard, 'Assign').click();
  await expect.poll(seen(page, /Saved on this device/)).toBe(true);
}

/** Marks some lost from on hand in the part's details; with no signal it is kept on the phone. */
async function markLost(page: Page, part: string, quantity: number): Promise<void> {
  const row = await inventoryRow(page, part);
  await row.getByRole('button', { name: `Details of ${part}` }).click();
  const details = page.getByRole('dialog', { name: 'Material Details' });
  await button(details, 'Mark Lost').click();
  const lost = page.getByRole('dialog', { name: `Mark Lost · ${part}` });
  await lost.getByRole('textbox', { name: 'Quantity', exact: true }).fill(String(quantity));
  await button(lost, 'Mark Lost').click();
  await expect.poll(seen(page, /Saved on this device/)).toBe(true);
  await page.keyboard.press('Escape');
}

/** Signs in and waits until the service worker controls the page, as an installed app is. */
async function installed(browser: Browser): Promise<void> {
  const { page } = browser;
  await signIn(page, server.url, server.admin.email, server.admin.password);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

async function projectEvents(): Promise<BundleEvent[]> {
  const today = new Date().toISOString().slice(0, 10);
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  const bundle = await admin.get<{ events: BundleEvent[] }>(`/api/ledger/bundle?project_id=${project.id}&from=${yesterday}&to=${today}`);
  return bundle.events;
}

describe('field actions with no signal', () => {
  it('keeps an assign, a lost and a scan-receive through a reload and a browser restart, then applies each once, dated when done', async () => {
    const profile = newProfileDir();
    let phone: Browser | null = null;
    try {
      phone = await openBrowser(PHONE, [], { profile });
      await installed(phone);
      await chooseProject(phone.page, PROJECT);
      await inventoryRow(phone.page, 'PIPE-50');
      // Earlier in the day the crew used the scan page's batch mode with the signal.
      await phone.page.getByRole('button', { name: 'Scan', exact: true }).click();
      await phone.page.getByRole('link', { name: 'Open the scan page (batch mode)' }).click();
      await segment(phone.page, 'Scan mode', 'Batch');
      await segment(phone.page, 'Action', 'Receive as new assets');
      await expect.poll(visible(phone.page.getByRole('combobox', { name: 'Receive into' }))).toBe(true);
      await phone.page.waitForLoadState('networkidle');
      await phone.page.goBack();
      await inventoryRow(phone.page, 'PIPE-50');
      await phone.page.waitForLoadState('networkidle');
      const before = (await projectEvents()).length;

      await phone.context.setOffline(true);
      const offlineFrom = Date.now();
      let page = phone.page;
      await expect.poll(seen(page, /You are offline/)).toBe(true);

      // Assign 5 to Grace with the wizard, as on any day.
      await assignToGrace(page, 'PIPE-50', 5);

      // Mark 2 lost from on hand.
      await markLost(page, 'PIPE-50', 2);

      // Scan-receive two serials into the project, in batch mode.
      await page.getByRole('button', { name: 'Scan', exact: true }).click();
      await page.getByRole('link', { name: 'Open the scan page (batch mode)' }).click();
      await segment(page, 'Scan mode', 'Batch');
      const box = page.getByRole('textbox', { name: 'Type a code' });
      await expect.poll(visible(box)).toBe(true);
      for (const serial of SERIALS) {
        await box.click();
        await box.pressSequentially(serial, { delay: 60 });
        await box.press('Enter');
      }
      await segment(page, 'Action', 'Receive as new assets');
      await choose(page, 'Receive into', PROJECT);
      await choose(page, 'Parent warehouse', '#1 · North Yard');
      await choose(page, 'Asset type', 'GEN-7 · Honda EU70 generator');
      await button(page, 'Receive as new assets (2)').click();
      await expect.poll(seen(page, /Saved on this device/)).toBe(true);
      const offlineTo = Date.now();

      await expect.poll(() => waiting(page).getAttribute('aria-label')).toMatch(/3 waiting/);
      await settledShot(phone, 'offline-three-waiting');

      // A reload with no network: the installed app opens and the three still wait.
      await page.reload();
      await expect.poll(() => waiting(page).getAttribute('aria-label')).toMatch(/3 waiting/);

      // The browser is closed and opened again, still with no signal.
      await phone.close();
      phone = null;
      phone = await openBrowser(PHONE, [], { profile, offline: true });
      page = phone.page;
      await page.goto(`${server.url}/dashboard`);
      await expect.poll(() => waiting(page).getAttribute('aria-label')).toMatch(/3 waiting/);
      const pipe = await inventoryRow(page, 'PIPE-50');
      await settledShot(phone, 'offline-pending-figures');
      expect(await pipe.innerText()).toMatch(/pending/i);
      expect(await projectEvents()).toHaveLength(before);

      // The signal returns: everything is sent, once, and the figures are the server's.
      await phone.context.setOffline(false);
      await expect.poll(() => waiting(page).count(), { timeout: 20_000 }).toBe(0);
      await expect.poll(visible(pipe.getByRole('button', { name: 'Qty On Hand of PIPE-50: 13' })), { timeout: 10_000 }).toBe(true);
      // The phone's table shows on hand; the rest of the part's figures as the API answers them.
      const figures = await admin.get<{ items: { PartNumber: string; QtyOnHand: number; FieldAssigned: number; QtyLost: number }[] }>(
        `/api/inventory/materials?project_id=${project.id}`,
      );
      expect(figures.items.find((r) => r.PartNumber === 'PIPE-50')).toMatchObject({ QtyOnHand: 13, FieldAssigned: 5, QtyLost: 2 });
      await settledShot(phone, 'offline-reconciled');

      const added = (await projectEvents()).slice(before);
      const kinds = added.map((e) => e.type).sort();
      expect(kinds.filter((k) => /Assigned/.test(k))).toHaveLength(1);
      expect(kinds.filter((k) => /Lost/.test(k))).toHaveLength(1);
      for (const event of added) {
        const occurred = Date.parse(event.occurred_at);
        expect(occurred).toBeGreaterThanOrEqual(offlineFrom - 1000);
        expect(occurred).toBeLessThanOrEqual(offlineTo + 1000);
        expect(Date.parse(event.recorded_at)).toBeGreaterThan(offlineTo);
      }
      const serials = await admin.get<{ items: { serial_number: string }[] }>(`/api/assets/instances?project_id=${project.id}`);
      for (const serial of SERIALS) expect(serials.items.filter((a) => a.serial_number === serial)).toHaveLength(1);
      // The serials' receive events, from the project's asset log: one each, dated when scanned.
      const assetLog = await admin.get<{ items: { action_type: string; serial_number: string | null; created_at: string }[] }>(
        `/api/assets/transactions?project_id=${project.id}`,
      );
      for (const serial of SERIALS) {
        const received = assetLog.items.filter((t) => t.serial_number === serial && t.action_type === 'Receive');
        expect(received).toHaveLength(1);
        expect(Date.parse(received[0]!.created_at)).toBeGreaterThanOrEqual(offlineFrom - 1000);
        expect(Date.parse(received[0]!.created_at)).toBeLessThanOrEqual(offlineTo + 1000);
      }
    } finally {
      await phone?.close();
      rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
    }
  }, 240_000);

  it('two phones offline on the last 5 units: one assign is applied, the other needs attention with no retry of 0', async () => {
    const first = await openBrowser(PHONE);
    const second = await openBrowser(PHONE);
    try {
      for (const phone of [first, second]) {
        await installed(phone);
        await chooseProject(phone.page, PROJECT);
        await inventoryRow(phone.page, 'BOLT-M8');
        await phone.page.waitForLoadState('networkidle');
        await phone.context.setOffline(true);
      }
      for (const phone of [first, second]) {
        await assignToGrace(phone.page, 'BOLT-M8', 5);
      }

      await first.context.setOffline(false);
      await expect.poll(() => waiting(first.page).count(), { timeout: 20_000 }).toBe(0);
      await second.context.setOffline(false);
      const attention = second.page.getByRole('link', { name: /needs attention/ });
      await expect.poll(visible(attention), { timeout: 20_000 }).toBe(true);
      await attention.click();
      const card = second.page.locator('[data-queued]').filter({ hasText: 'Assign 5 × BOLT-M8' });
      await expect.poll(visible(card.getByText(/Insufficient quantity/i))).toBe(true);
      expect(await card.getByRole('button', { name: /Retry with/ }).count()).toBe(0);
      expect(await button(card, 'Change').isVisible()).toBe(true);
      expect(await button(card, 'Discard').isVisible()).toBe(true);
      await settledShot(second, 'offline-needs-attention');

      const figures = await admin.get<{ items: { PartNumber: string; QtyOnHand: number; FieldAssigned: number }[] }>(
        `/api/inventory/materials?project_id=${project.id}`,
      );
      const bolt = figures.items.find((r) => r.PartNumber === 'BOLT-M8');
      expect(bolt).toMatchObject({ QtyOnHand: 0, FieldAssigned: 5 });
    } finally {
      await first.close();
      await second.close();
    }
  }, 240_000);

  it('refuses an action kept longer than the site allows, naming why, and keeps it until the person discards it', async () => {
    await admin.request('PATCH', '/api/site/settings', { offline_max_age_days: 1 });
    const phone = await openBrowser(PHONE);
    try {
      const { page } = phone;
      await signIn(page, server.url, server.admin.email, server.admin.password);
      await chooseProject(page, PROJECT);
      await inventoryRow(page, 'PIPE-50');
      const before = await projectEvents();
      await phone.context.setOffline(true);
      // The phone's clock says two days ago: the action was done then, and comes back only now.
      await page.clock.install({ time: new Date(Date.now() - 2 * 86_400_000) });
      await markLost(page, 'PIPE-50', 1);
      await page.clock.setSystemTime(new Date());

      await phone.context.setOffline(false);
      const attention = page.getByRole('link', { name: /needs attention/ });
      await expect.poll(visible(attention), { timeout: 20_000 }).toBe(true);
      await attention.click();
      const card = page.locator('[data-queued]').filter({ hasText: 'PIPE-50' });
      await expect.poll(visible(card.getByText(/more than 1 day ago/))).toBe(true);
      // No other quantity or edit can make it acceptable: discarding is the one choice.
      expect(await card.getByRole('button', { name: /Retry with/ }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Change' }).count()).toBe(0);
      await settledShot(phone, 'offline-too-old');
      expect(await projectEvents()).toHaveLength(before.length);

      // Kept until the person discards it.
      await page.reload();
      await expect.poll(visible(card)).toBe(true);
      await button(card, 'Discard').click();
      await button(page.getByRole('dialog', { name: 'Discard this action?' }), 'Discard').click();
      await expect.poll(() => card.count()).toBe(0);
      expect(await projectEvents()).toHaveLength(before.length);
    } finally {
      await phone.close();
      await admin.request('PATCH', '/api/site/settings', { offline_max_age_days: 7 });
    }
  }, 120_000);

  it('a tab follows who is signed in on the other tabs, so it never goes on as the person before', async () => {
    const laptop = await openBrowser();
    try {
      await signIn(laptop.page, server.url, server.admin.email, server.admin.password);
      await expect.poll(visible(laptop.page.getByRole('button', { name: /User menu for Site Administrator/ }))).toBe(true);
      const other = await laptop.context.newPage();
      await other.goto(`${server.url}/dashboard`);
      await other.getByRole('button', { name: /User menu/ }).click();
      await other.getByRole('menuitem', { name: 'Logout' }).click();
      await other.waitForURL(/\/login/);
      await laptop.page.waitForURL(/\/login/);
      // Grace signs in on the other tab: this one is hers now too, not the administrator's.
      await signIn(other, server.url, 'grace@example.com', 'cobol-forever-1959');
      await expect.poll(visible(laptop.page.getByRole('button', { name: /User menu for Grace Hopper/ }))).toBe(true);
    } finally {
      await laptop.close();
    }
  }, 60_000);
});
