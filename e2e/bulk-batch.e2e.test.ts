/**
 * A bulk file as one batch, in Chromium against the real server: a file with a refused row is
 * previewed by the server (every row's verdict and what it does to the on hand) and nothing is
 * applied; the fixed file is applied once; the Project Logs reverse the whole upload in one step.
 * The preview is photographed at 1280×800 and 390×844.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createProject, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: ApiSession;
let projectId: string;
const PROJECT = '3001 · Dockside';

const HEADER = 'Part Number,Part Name,Part Nickname,Quantity';
const ROD = 'ROD-12,Threaded rod M12,Rod,1000000000';
const BAD = [HEADER, 'NUT-M8,Hex nut M8,Nut,100', 'BOLT-M8,Hex bolt M8,Bolt,5', ROD, ROD, ROD].join('\n');
const FIXED = [HEADER, 'NUT-M8,Hex nut M8,Nut,100', 'BOLT-M8,Hex bolt M8,Bolt,5', ROD, ROD].join('\n');

const onHand = async () => {
  const { items } = await admin.request<{ items: Array<{ PartNumber: string; QtyOnHand: number }> }>('GET', `/api/inventory/materials?project_id=${projectId}`);
  return Object.fromEntries(items.map((r) => [r.PartNumber, r.QtyOnHand]));
};

async function choose(target: Page, name: string, csv: string) {
  await target.locator('input[type=file]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(csv) });
}

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Dockside', '3001', 'Harbour Board')).id;
  await receive(admin, projectId, 'BOLT-M8', 10, 'Hex bolt M8', 'Bolt');
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a bulk file, all or none, and reversed in one step', () => {
  it('previews a file with a refused row: every row has its verdict and nothing is applied', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await page.goto(`${server.url}/dashboard/receive_return/bulk?action=receive`);
    await expect.poll(seen(page, 'Bulk Receive')).toBe(true);
    await choose(page, 'delivery.csv', BAD);
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect.poll(() => preview.locator('tr[data-status]').count()).toBe(5);
    expect(await preview.locator('tr[data-status^="This would take"]').innerText()).toMatch(
      /5\s+ROD-12\s+1,000,000,000\s+2,000,000,000\s+This would take the part's stock past 2,147,483,647/,
    );
    expect(await preview.locator('tr[data-status^="Not applied"]').count()).toBe(4);
    await expect.poll(seen(page, '1 row is refused, so nothing in this file would be applied.')).toBe(true);
    expect(await page.getByRole('button', { name: /^Receive \d+ rows?$/ }).isDisabled()).toBe(true);
    await settledShot(browser, 'bulk-batch-preview-refused');
    expect(await onHand()).toEqual({ 'BOLT-M8': 10 });
  });

  it('applies the fixed file once, showing each row’s on hand before and after', async () => {
    await choose(page, 'delivery-fixed.csv', FIXED);
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect.poll(() => preview.locator('tr[data-status="OK"]').count()).toBe(4);
    expect(await preview.locator('tr[data-status="OK"]').nth(1).innerText()).toMatch(/2\s+BOLT-M8\s+5\s+10 → 15/);
    expect(await preview.locator('tr[data-status="OK"]').nth(3).innerText()).toMatch(/4\s+ROD-12\s+1,000,000,000\s+1,000,000,000 → 2,000,000,000/);
    await settledShot(browser, 'bulk-batch-preview-ready');
    await page.getByRole('button', { name: 'Receive 4 rows' }).click();
    await expect.poll(seen(page, 'Bulk operation complete')).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Results' }).locator('tr[data-status="OK"]').count()).toBe(4);
    expect(await onHand()).toEqual({ 'BOLT-M8': 15, 'NUT-M8': 100, 'ROD-12': 2_000_000_000 });
  });

  it('reverses the whole upload from the Project Logs after a confirm', async () => {
    await page.getByRole('link', { name: 'Back to Project Logs' }).click();
    await page.waitForURL(/\/dashboard\/receive_return$/);
    const reverseButtons = page.getByRole('button', { name: 'Reverse this upload' });
    await expect.poll(() => reverseButtons.count()).toBe(4);
    await reverseButtons.first().click();
    const dialog = page.getByRole('dialog', { name: 'Reverse this upload?' });
    await expect.poll(visible(dialog)).toBe(true);
    await settledShot(browser, 'bulk-batch-reverse-confirm');
    await dialog.getByRole('button', { name: 'Reverse upload' }).click();
    await expect.poll(seen(page, /reversed: 4 rows undone/)).toBe(true);
    await expect.poll(() => page.getByText(/^reverses upload /).count()).toBe(4);
    await expect.poll(() => page.getByText('Reversed', { exact: true }).count()).toBe(4);
    await settledShot(browser, 'bulk-batch-logs-reversed');
    expect(await onHand()).toEqual({ 'BOLT-M8': 10, 'NUT-M8': 0, 'ROD-12': 0 });
  });

  it('shows the preview on a phone', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone.page, server.url, server.admin.email, server.admin.password);
      await chooseProject(phone.page, PROJECT);
      await phone.page.goto(`${server.url}/dashboard/receive_return/bulk?action=receive`);
      await choose(phone.page, 'delivery.csv', BAD);
      await expect.poll(() => phone.page.getByRole('table', { name: 'Preview' }).locator('tr[data-status]').count()).toBe(5);
      await settledShot(phone, 'bulk-batch-preview-refused-phone');
    } finally {
      await phone.close();
    }
  });
});
