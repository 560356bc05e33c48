/**
 * Bulk receive by file in Chromium against the real server, at 1280×800, as a person does it: from
 * the Project Logs to Bulk Receive, the template downloaded, a CSV of parts and quantities chosen
 * through the file chooser, the server's verdict on every row reviewed, the file applied, and the
 * on hand checked through the API. Photographed at each step.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createProject, materialFigures, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseFile, chooseProject, downloadText, inSight, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: ApiSession;
let projectId: string;

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Quayside', '3002', 'Harbour Board')).id;
  await receive(admin, projectId, 'WASH-M10', 40, 'Washer M10', 'Washer');
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('bulk receive by file', () => {
  it('receives a CSV of parts and quantities after the person reviews every row', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, '3002 · Quayside');
    await page.getByRole('link', { name: 'Project Logs' }).click();
    await page.getByRole('link', { name: 'Bulk Receive' }).click();
    await page.waitForURL(/\/dashboard\/receive_return\/bulk\?action=receive$/);
    await expect.poll(seen(page, 'Bulk Receive')).toBe(true);

    const template = await downloadText(page, () => page.getByRole('button', { name: 'Download Template' }).click());
    expect(template).toEqual({ name: 'bulk_template.csv', text: 'Part Number,Part Name,Part Nickname,Quantity\n' });

    const delivery = [template.text.trim(), 'WASH-M10,Washer M10,Washer,60', 'PIN-6,Split pin 6 mm,Pin,250', 'CLIP-20,Hose clip 20 mm,Clip,12'].join('\n');
    await chooseFile(page, page.getByRole('button', { name: 'CSV file' }), { name: 'delivery.csv', mimeType: 'text/csv', buffer: Buffer.from(delivery) });

    // Review: every row is OK and says what it does to the part's on hand; nothing is applied yet.
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect.poll(() => preview.locator('tr[data-status="OK"]').count(), { timeout: 15_000 }).toBe(3);
    const rows = await preview.locator('tr[data-status]').allInnerTexts();
    expect(rows[0]).toMatch(/^1\s+WASH-M10\s+60\s+40 → 100\s+OK$/);
    expect(rows[1]).toMatch(/^2\s+PIN-6\s+250\s+0 → 250\s+OK$/);
    expect(rows[2]).toMatch(/^3\s+CLIP-20\s+12\s+0 → 12\s+OK$/);
    const confirm = page.getByRole('button', { name: 'Receive 3 rows' });
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    expect(await inSight(confirm)()).toBe(true);
    await settledShot(browser, 'bulk-receive-file-review');
    expect((await materialFigures(admin, projectId, 'WASH-M10')).onHand).toBe(40);

    await confirm.click();
    await expect.poll(seen(page, 'Bulk operation complete')).toBe(true);
    await expect.poll(() => page.getByRole('table', { name: 'Results' }).locator('tr[data-status="OK"]').count()).toBe(3);
    await expect.poll(visible(page.getByRole('link', { name: 'Back to Project Logs' }))).toBe(true);
    await settledShot(browser, 'bulk-receive-file-done');

    expect(await materialFigures(admin, projectId, 'WASH-M10')).toMatchObject({ onHand: 100 });
    expect(await materialFigures(admin, projectId, 'PIN-6')).toMatchObject({ onHand: 250 });
    expect(await materialFigures(admin, projectId, 'CLIP-20')).toMatchObject({ onHand: 12 });
  });
});
