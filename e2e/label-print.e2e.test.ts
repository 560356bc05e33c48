/**
 * Printing labels in Chromium against the real server, as a person does it: 30 assets of a project
 * ticked on the dashboard with select-all and printed on Avery L7160 (21 a sheet: 2 pages), and
 * 250 cable labels of the Label Database, 250 to a page, ticked and printed through a label
 * template that uppercases their first line after "CABLE " (12 pages). Each PDF is downloaded
 * as the browser saves it and read back with poppler's pdfinfo and pdftotext.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createProject } from './helpers/api.ts';
import { openBrowser, SCREENSHOT_DIR, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let downloads: string;
const PROJECT = '5001 · Data Hall North';
const TEMPLATE = 'Cable tag';

const pad = (n: number) => String(n).padStart(4, '0');
/** 30 rack servers, serials SRV-1001 … SRV-1030. */
const SERIALS = Array.from({ length: 30 }, (_, i) => `SRV-${1001 + i}`);
/** 250 cable labels: a lower-case cable id, then its rack and port. */
const cableLines = (i: number) => [`dh-cab-${pad(i)}`, `Rack ${i % 10} port ${i % 24}`];

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Data Hall North', '5001', 'Grid Co');
  const warehouse = await admin.post<{ id: string }>('/api/warehouses', { name: 'North Yard', yard_info: { location: 'Dock Road 4' } });
  const category = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Servers', kind: 'serialized' });
  const server1u = await admin.post<{ id: string; asset_name: string }>('/api/assets/catalog', {
    asset_number: 'SRV-1U',
    asset_name: 'Rack server 1U',
    category: category.id,
    serial_required: true,
  });
  for (const serial of SERIALS) {
    await admin.post(`/api/projects/${project.id}/assets/receive`, {
      catalog_id: server1u.id,
      asset_name: server1u.asset_name,
      serial_number: serial,
      parent_warehouse_id: warehouse.id,
      metadata: { asset_name: server1u.asset_name, asset_category: 'Servers', serial_required: true },
    });
  }
  const labels = Array.from({ length: 250 }, (_, i) => ({ label_lines: cableLines(i), system: 'Network', cluster_pod: 'Pod-A' }));
  await admin.post('/api/labels/import', { project_id: project.id, labels });
  await admin.post(`/api/labels/templates?project_id=${project.id}`, {
    name: TEMPLATE,
    template_data: {
      columns: ['Line 1', 'Line 2'],
      lines: [
        { id: 'cable', fields: [{ name: 'Line 1', prependText: 'CABLE ', appendText: '' }], separator: ' ', casing: 'uppercase' },
        { id: 'where', fields: [{ name: 'Line 2', prependText: '', appendText: '' }], separator: ' ', casing: 'none' },
      ],
    },
  });
  downloads = mkdtempSync(path.join(tmpdir(), 'stockledger-label-print-'));
  browser = await openBrowser();
  page = browser.page;
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (downloads) rmSync(downloads, { recursive: true, force: true });
});

/** Chooses the stock in the print dialog, waits for the first page to show, and saves the PDF the Print button downloads. */
async function printPdf(dialog: Locator, expected: { preview: string; shot: string; file: string; content?: string }): Promise<string> {
  if (expected.content) await pick(page, dialog.getByRole('combobox', { name: 'Content' }), expected.content);
  await pick(page, dialog.getByRole('combobox', { name: 'Medium' }), /^Avery L7160\b/);
  await expect.poll(visible(dialog.getByRole('img', { name: 'First page as printed' })), { timeout: 20_000 }).toBe(true);
  await expect.poll(visible(dialog.getByText(expected.preview)), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => dialog.getByLabel('Updating preview').count(), { timeout: 20_000 }).toBe(0);
  await settledShot(browser, expected.shot);
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Print', exact: true }).click()]);
  expect(download.suggestedFilename()).toMatch(/^labels_.*\.pdf$/);
  const file = path.join(downloads, expected.file);
  await download.saveAs(file);
  expect(statSync(file).size).toBeGreaterThan(1_000);
  await expect.poll(visible(dialog.getByText(`Downloaded ${download.suggestedFilename()}`))).toBe(true);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
  await expect.poll(() => dialog.isVisible()).toBe(false);
  return file;
}

const pdfPages = (file: string) => Number(/^Pages:\s+(\d+)$/m.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
const pdfText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

describe('printing labels', () => {
  it('prints 30 assets ticked on the dashboard on Avery L7160: two sheets holding every serial', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await segment(page, 'Inventory mode', 'Assets');
    await expect.poll(seen(page, '30 assets'), { timeout: 10_000 }).toBe(true);
    const print = page.getByRole('button', { name: /^Print Labels \(/ });
    expect(await print.innerText()).toBe('Print Labels (0)');
    expect(await print.isDisabled()).toBe(true);

    // One ticked by hand, then all of them.
    await page.getByRole('checkbox', { name: `Select Rack server 1U ${SERIALS[0]}` }).check();
    await expect.poll(() => print.innerText()).toBe('Print Labels (1)');
    await page.getByRole('checkbox', { name: 'Select all assets' }).click();
    await expect.poll(() => print.innerText()).toBe('Print Labels (30)');
    await settledShot(browser, 'label-print-dashboard-selected');
    await print.click();

    const dialog = page.getByRole('dialog', { name: 'Print 30 labels' });
    await expect.poll(visible(dialog)).toBe(true);
    const file = await printPdf(dialog, { preview: '30 labels on 2 pages', shot: 'label-print-assets-dialog', file: 'assets.pdf' });
    expect(pdfPages(file)).toBe(2);
    const text = pdfText(file);
    expect(SERIALS.filter((serial) => !text.includes(serial))).toEqual([]);
    // Asset Details prints the one instance, its QR still on screen.
    await page.getByRole('button', { name: `Details of Rack server 1U ${SERIALS[4]}` }).click();
    const details = page.getByRole('dialog', { name: 'Asset Details' });
    await expect.poll(visible(details.getByRole('img', { name: /QR code of the tracker link/ }))).toBe(true);
    await details.getByRole('button', { name: 'Print Label' }).click();
    const one = page.getByRole('dialog', { name: 'Print 1 label' });
    await expect.poll(visible(one.getByText('1 label on 1 page')), { timeout: 20_000 }).toBe(true);
    await settledShot(browser, 'label-print-asset-details');
    await one.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => one.isVisible()).toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => details.isVisible()).toBe(false);

    // The first sheet as printed, for a person to look at beside the screenshots.
    execFileSync('pdftoppm', ['-png', '-r', '60', '-f', '1', '-l', '1', file, path.join(SCREENSHOT_DIR, 'label-print-assets-pdf')]);
  }, 120_000);

  it('prints 250 cable labels of the Label Database through a template: twelve sheets', async () => {
    await segment(page, 'Section', 'Label Manager');
    await page.waitForURL(/\/labels$/);
    await chooseProject(page, PROJECT);
    const table = page.getByRole('table', { name: 'Labels', exact: true });
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(100);
    await pick(page, page.getByRole('combobox', { name: 'Per page' }), '250');
    await expect.poll(() => table.locator('tbody tr').count(), { timeout: 10_000 }).toBe(250);
    const print = page.getByRole('button', { name: /^Print Labels \(/ });
    expect(await print.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: 'Select all in Labels' }).click();
    await expect.poll(() => print.innerText()).toBe('Print Labels (250)');
    // The window as the person sees it: the toolbar above 250 ticked rows.
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'label-print-labels-selected.png') });
    await print.click();

    const dialog = page.getByRole('dialog', { name: 'Print 250 labels' });
    await expect.poll(visible(dialog)).toBe(true);
    const file = await printPdf(dialog, { preview: '250 labels on 12 pages', shot: 'label-print-labels-dialog', file: 'cables.pdf', content: TEMPLATE });
    expect(pdfPages(file)).toBe(Math.ceil(250 / 21));
    const text = pdfText(file);
    for (const i of [0, 1, 124, 249]) expect(text).toContain(`CABLE ${cableLines(i)[0]!.toUpperCase()}`);
    // The template's casing is the value's, never the prepend's; nothing is left in lower case.
    expect(text).not.toContain('dh-cab-');
    expect(text).toContain(cableLines(249)[1]);
  }, 120_000);
});
