/**
 * Field actions with no signal, in Chromium's offline mode against the real server: a receive done
 * offline is kept on the device (the header counts it, "On this device" lists it as not yet sent),
 * and is applied exactly once when the signal returns; one the server refuses on arrival (someone
 * else took the units meanwhile) waits in "Needs attention" with the server's message and a retry
 * with what is on hand now; a logout with an unsent action warns, and the action is gone with the
 * user's offline store.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createProject, materialFigures, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, seen, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: ApiSession;
let projectId: string;
const PROJECT = '2001 · Harbour Works';
const OFFLINE_BANNER = 'You are offline. What you do is kept on this device and sent when the signal returns.';
const EMPTY = 'Nothing is waiting on this device: everything done here has reached the server.';

beforeAll(async () => {
  server = await startServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Harbour Works', '2001', 'Port Authority');
  projectId = project.id;
  await receive(admin, project.id, 'BOLT-M8', 40, 'Hex bolt M8', 'Bolt');
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function receiveNewPart(part: string, name: string, quantity: string) {
  await page.getByRole('button', { name: 'Receive Materials', exact: true }).click();
  const wizard = page.getByRole('dialog', { name: 'Receive Materials' });
  await wizard.getByRole('radio', { name: /New part/ }).click();
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await wizard.getByLabel('Part Number').fill(part);
  await wizard.getByLabel('Part Name').fill(name);
  await wizard.getByLabel('Nickname').fill(name);
  await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill(quantity);
  await wizard.getByRole('button', { name: 'Next', exact: true }).click();
  await wizard.getByRole('button', { name: 'Receive', exact: true }).click();
  await expect.poll(visible(wizard)).toBe(false);
}

describe('working with no signal', () => {
  it('keeps a receive done offline on the device and lists it as not yet sent', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await expect.poll(seen(page, 'Hex bolt M8')).toBe(true);

    await browser.context.setOffline(true);
    await expect.poll(seen(page, OFFLINE_BANNER)).toBe(true);
    await receiveNewPart('PIPE-50', 'Steel pipe 50mm', '12');

    const waiting = page.getByRole('link', { name: 'On this device: 1 waiting' });
    await expect.poll(visible(waiting)).toBe(true);
    await waiting.click();
    await expect.poll(seen(page, 'Receive 12 × PIPE-50')).toBe(true);
    expect(await page.getByText('not yet sent').isVisible()).toBe(true);
    await browser.screenshot('offline-on-this-device');
    expect((await materialFigures(admin, projectId, 'PIPE-50')).onHand).toBe(0);
  });

  it('sends it when the signal returns, applied exactly once', async () => {
    await browser.context.setOffline(false);
    await expect.poll(seen(page, EMPTY), { timeout: 15_000 }).toBe(true);
    expect(await page.getByText(OFFLINE_BANNER).isVisible()).toBe(false);
    expect((await materialFigures(admin, projectId, 'PIPE-50')).onHand).toBe(12);
    const logs = await admin.get<{ items: { PartNumber: string; LogType: string }[] }>(`/api/materials/logs?project_id=${projectId}&type=all&days=all`);
    expect(logs.items.filter((row) => row.PartNumber === 'PIPE-50')).toHaveLength(1);
  });

  it('puts an action refused on arrival in Needs attention, with a retry of what is on hand now', async () => {
    await page.goto(`${server.url}/dashboard`);
    await chooseProject(page, PROJECT);
    const row = await inventoryRow(page, 'BOLT-M8');
    await row.getByRole('button', { name: 'Details of BOLT-M8' }).click();
    const details = page.getByRole('dialog', { name: 'Material Details' });
    await expect.poll(visible(details.getByRole('button', { name: 'Qty On Hand of BOLT-M8: 40' }))).toBe(true);

    await browser.context.setOffline(true);
    await details.getByRole('button', { name: 'Mark Lost', exact: true }).click();
    const lost = page.getByRole('dialog', { name: 'Mark Lost · BOLT-M8' });
    await lost.getByRole('textbox', { name: 'Quantity', exact: true }).fill('5');
    await lost.getByRole('button', { name: 'Mark Lost', exact: true }).click();
    await expect.poll(visible(lost)).toBe(false);
    await page.keyboard.press('Escape');
    // Meanwhile, with a signal, someone else takes all but 2 of them.
    await admin.post('/api/materials/lost', { project_id: projectId, part_number: 'BOLT-M8', quantity: 38, source: 'on_hand' });

    await browser.context.setOffline(false);
    const attention = page.getByRole('link', { name: 'On this device: 1 needs attention' });
    await expect.poll(visible(attention), { timeout: 15_000 }).toBe(true);
    await attention.click();
    await expect.poll(visible(page.getByRole('heading', { name: 'Needs attention' }))).toBe(true);
    expect(await page.getByText('Mark lost 5 × BOLT-M8').isVisible()).toBe(true);
    expect(await page.getByText('Cannot exceed available on-hand or field-assigned quantity (2)').isVisible()).toBe(true);
    await browser.screenshot('offline-needs-attention');

    await page.getByRole('button', { name: 'Retry with 2', exact: true }).click();
    await expect.poll(seen(page, EMPTY), { timeout: 15_000 }).toBe(true);
    expect((await materialFigures(admin, projectId, 'BOLT-M8')).onHand).toBe(0);
  });

  it('warns before a logout discards an unsent action, and the action is gone', async () => {
    await page.goto(`${server.url}/dashboard`);
    await chooseProject(page, PROJECT);
    await browser.context.setOffline(true);
    await expect.poll(seen(page, OFFLINE_BANNER)).toBe(true);
    await receiveNewPart('PIPE-75', 'Steel pipe 75mm', '4');
    await expect.poll(visible(page.getByRole('link', { name: 'On this device: 1 waiting' }))).toBe(true);

    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out?' });
    await expect.poll(seen(page, '1 action on this device has not been sent. Logging out discards it.')).toBe(true);
    await confirm.getByRole('button', { name: 'Log out and discard' }).click();
    await page.waitForURL(/\/login/);

    // The server's logout could not be reached offline, so its cookie still signs this browser in.
    await browser.context.setOffline(false);
    await page.goto(`${server.url}/offline`);
    await expect.poll(seen(page, EMPTY)).toBe(true);
    expect((await materialFigures(admin, projectId, 'PIPE-75')).onHand).toBe(0);
  });
});
