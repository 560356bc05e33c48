/**
 * The Label Manager in Chromium against the real server: the section switch, search (a comma
 * means AND) and paging through 250 labels, a shift-click range moved into the Selected Labels
 * drawer, exports to XLSX and CSV read back from the downloaded files, the selection cleared, and
 * a template made in the editor with its live preview. Photographed at 1280×800 and 390×844.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { ApiSession, createProject } from './helpers/api.ts';
import { openBrowser, SCREENSHOT_DIR, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, csvRows, pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: ApiSession;
let projectId: string;
const PROJECT = '4001 · Cable Yard';

const pad = (n: number) => String(n).padStart(4, '0');
const labelLines = (i: number) => [`CAB-${pad(i)}`, `Rack ${i % 10}`, i % 7 === 0 ? '=HYPERLINK("x")' : `Port ${i % 24}`];

const mainTable = () => page.getByRole('table', { name: 'Labels', exact: true });
const drawerTable = () => page.getByRole('table', { name: 'Selected labels' });
const firstCells = (table: ReturnType<typeof mainTable>) => table.locator('tbody tr td:nth-child(2)').allInnerTexts();

/** What the person sees: the viewport, where the drawer sits at the bottom of the screen. */
async function viewShot(target: Page, name: string) {
  await target.waitForTimeout(350);
  await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

async function download(action: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), action()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Cable Yard', '4001', 'Grid Co')).id;
  const labels = Array.from({ length: 250 }, (_, i) => ({
    label_lines: labelLines(i),
    system: i % 2 === 0 ? 'Power' : 'Network',
    cluster_pod: i < 125 ? 'Pod-A' : 'Pod-B',
  }));
  await admin.post('/api/labels/import', { project_id: projectId, labels });
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the label database', () => {
  it('opens from the section switch and pages through the labels', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await segment(page, 'Section', 'Label Manager');
    await page.waitForURL(/\/labels$/);
    await chooseProject(page, PROJECT);
    await expect.poll(() => firstCells(mainTable())).toHaveLength(100);
    expect((await firstCells(mainTable()))[0]).toBe('CAB-0000');
    await expect.poll(seen(page, 'of 3')).toBe(true);
    expect(await page.getByRole('button', { name: 'Prev' }).isDisabled()).toBe(true);
    await viewShot(page, 'labels-database');

    await pick(page, page.getByRole('combobox', { name: 'Per page' }), '50');
    await expect.poll(seen(page, 'of 5')).toBe(true);
    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(async () => (await firstCells(mainTable()))[0]).toBe('CAB-0050');
    await page.getByRole('textbox', { name: 'Page' }).fill('5');
    await expect.poll(async () => (await firstCells(mainTable()))[0]).toBe('CAB-0200');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
  });

  it('searches with a comma as AND and filters, starting again at page 1', async () => {
    await page.getByRole('textbox', { name: 'Search labels' }).fill('cab-00, rack 3');
    // CAB-0003, 0013, …, 0093: ten labels whose first line has "cab-00" and second "Rack 3".
    await expect.poll(() => firstCells(mainTable())).toEqual(Array.from({ length: 10 }, (_, k) => `CAB-${pad(10 * k + 3)}`));
    await expect.poll(seen(page, 'of 1')).toBe(true);
    await pick(page, page.getByRole('combobox', { name: 'System' }), 'Network');
    await expect
      .poll(() => firstCells(mainTable()))
      .toEqual(['CAB-0003', 'CAB-0013', 'CAB-0023', 'CAB-0033', 'CAB-0043', 'CAB-0053', 'CAB-0063', 'CAB-0073', 'CAB-0083', 'CAB-0093']);
    await pick(page, page.getByRole('combobox', { name: 'System' }), 'All Systems');
    await page.getByRole('textbox', { name: 'Search labels' }).fill('');
    await expect.poll(async () => (await firstCells(mainTable()))[0]).toBe('CAB-0000');
  });

  it('moves a shift-click range into the drawer', async () => {
    await mainTable().getByText('CAB-0002', { exact: true }).click();
    await mainTable()
      .getByText('CAB-0006', { exact: true })
      .click({ modifiers: ['Shift'] });
    await expect.poll(() => mainTable().locator('tr[aria-selected="true"]').count()).toBe(5);
    await expect.poll(() => page.getByRole('checkbox', { name: 'Select all in Labels' }).evaluate((el) => (el as HTMLInputElement).indeterminate)).toBe(true);
    await viewShot(page, 'labels-range-selected');
    await page.getByRole('button', { name: 'Copy Selected' }).click();
    await expect.poll(seen(page, '5 selected')).toBe(true);
    expect(await firstCells(mainTable())).not.toContain('CAB-0004');
    await page.getByRole('button', { name: 'Expand selected labels' }).click();
    await expect.poll(() => firstCells(drawerTable())).toEqual(['CAB-0002', 'CAB-0003', 'CAB-0004', 'CAB-0005', 'CAB-0006']);
    await viewShot(page, 'labels-drawer');
  });

  it('exports the selection to XLSX, keeps it, then to CSV, and clears it', async () => {
    await page.getByRole('button', { name: 'Export Selected' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Labels' });
    await expect.poll(visible(dialog)).toBe(true);
    const filename = dialog.getByRole('textbox', { name: 'Filename' });
    expect(await filename.inputValue()).toMatch(/^labels_\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.csv$/);
    await dialog.getByRole('radio', { name: 'XLSX' }).check();
    expect(await filename.inputValue()).toMatch(/\.xlsx$/);
    await settledShot(browser, 'labels-export-dialog');
    const xlsx = await download(() => dialog.getByRole('button', { name: 'Export' }).click());
    expect(xlsx.name).toMatch(/^labels_.*\.xlsx$/);
    const book = XLSX.read(xlsx.bytes, { type: 'buffer', cellStyles: true });
    expect(book.SheetNames).toEqual(['Labels']);
    const sheet = book.Sheets.Labels!;
    expect(XLSX.utils.sheet_to_json(sheet, { header: 1 })).toEqual([2, 3, 4, 5, 6].map(labelLines));
    expect(sheet['!cols']?.map((c) => c.wch)).toEqual([50, 50, 50]);

    const clear = page.getByRole('dialog', { name: 'Clear Selection?' });
    await expect.poll(visible(clear)).toBe(true);
    await clear.getByRole('button', { name: 'Keep selection' }).click();
    await expect.poll(seen(page, '5 selected')).toBe(true);

    await page.getByRole('button', { name: 'Export Selected' }).click();
    // Cancelled earlier? No: the dialog starts again at CSV after an export.
    expect(await dialog.getByRole('radio', { name: 'CSV' }).isChecked()).toBe(true);
    const csv = await download(() => dialog.getByRole('button', { name: 'Export' }).click());
    expect(csv.name).toMatch(/\.csv$/);
    const text = csv.bytes.toString('utf8');
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1).split('\r\n')[0]).toBe('"CAB-0002","Rack 2","Port 2"');
    expect(csvRows(text)).toEqual([2, 3, 4, 5, 6].map(labelLines));

    await clear.getByRole('button', { name: 'Clear selection' }).click();
    await expect.poll(seen(page, '0 selected')).toBe(true);
    await expect.poll(() => firstCells(mainTable())).toContain('CAB-0004');
  });

  it('shows the database and the drawer on a phone', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone.page, server.url, server.admin.email, server.admin.password);
      await phone.page.goto(`${server.url}/labels`);
      await chooseProject(phone.page, PROJECT);
      const table = phone.page.getByRole('table', { name: 'Labels', exact: true });
      await expect.poll(() => table.locator('tbody tr').count()).toBe(100);
      await table.getByText('CAB-0001', { exact: true }).click();
      await phone.page.getByRole('button', { name: 'Copy Selected' }).click();
      await phone.page.getByRole('button', { name: 'Expand selected labels' }).click();
      await viewShot(phone.page, 'labels-database-phone');
    } finally {
      await phone.close();
    }
  });
});

describe('label templates', () => {
  it('creates a template in the editor and sees its live preview', async () => {
    await page.getByRole('link', { name: 'Templates' }).click();
    await page.waitForURL(/\/labels\/templates$/);
    await expect.poll(seen(page, 'Managing templates for:')).toBe(true);
    await page.getByRole('button', { name: 'Create Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Template' });
    await expect.poll(visible(editor)).toBe(true);
    expect(await editor.getByRole('button', { name: 'Save Template' }).isDisabled()).toBe(true);
    for (const field of ['Rack', 'Port']) {
      await editor.getByRole('textbox', { name: 'New field name' }).fill(field);
      await editor.getByRole('button', { name: 'Add field' }).click();
    }
    await editor.getByText('Rack', { exact: true }).click();
    await editor.getByText('Port', { exact: true }).click();
    await editor.getByRole('textbox', { name: 'Prepend' }).first().fill('R:');
    await editor.getByRole('textbox', { name: 'Separator' }).fill(' / ');
    await pick(page, editor.getByRole('combobox', { name: 'Casing' }), 'UPPERCASE');
    const preview = editor.getByRole('table', { name: 'Template preview' });
    await expect.poll(() => preview.locator('tr').first().innerText()).toMatch(/1\s+R:RACK 1 \/ PORT 1/);
    expect(await preview.locator('tr').count()).toBe(5);
    await editor.getByRole('textbox', { name: 'Template name' }).fill('Rack and port');
    await settledShot(browser, 'labels-template-editor');
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await expect.poll(() => page.getByRole('table', { name: 'Templates' }).innerText()).toMatch(/Rack and port\s+1\s+Rack, Port/);
    await settledShot(browser, 'labels-templates');
    const saved = await admin.get<{ items: Array<{ name: string; template_data: { lines: Array<{ separator: string; casing: string }> } }> }>(
      `/api/labels/templates?project_id=${projectId}`,
    );
    expect(saved.items.map((t) => [t.name, t.template_data.lines[0]!.separator, t.template_data.lines[0]!.casing])).toEqual([
      ['Rack and port', ' / ', 'uppercase'],
    ]);
  });

  it('shows the editor on a phone', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone.page, server.url, server.admin.email, server.admin.password);
      await phone.page.goto(`${server.url}/labels/templates`);
      await chooseProject(phone.page, PROJECT);
      await phone.page.getByRole('button', { name: 'Edit' }).click();
      await expect.poll(visible(phone.page.getByRole('dialog', { name: 'Edit Template' }))).toBe(true);
      await settledShot(phone, 'labels-template-editor-phone');
    } finally {
      await phone.close();
    }
  });
});
