/**
 * Label import in Chromium against the real server, at 1280×800, as a person does it: the file is
 * chosen through the file chooser and uploaded through the storage's upload URL.
 *
 * A raw XLSX gets a template made inside the dialog; once saved it is the one applied, the preview
 * shows the formatted labels under the green banner, the import runs as a job while the progress
 * bar fills, and the labels are then in the database. A preformatted CSV whose first row names its
 * columns is previewed without that row, says so, lets the person change their mind, and imports
 * only the labels. Photographed at each step.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import XLSX from 'xlsx';
import { ApiSession, createProject } from './helpers/api.ts';
import { openBrowser, SCREENSHOT_DIR, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseFile, chooseProject, inSight, seen, settledShot, signIn, visible } from './helpers/ui.ts';

const ROWS = 3000;
let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: ApiSession;
let projectId: string;

/** A workbook of Rack, Port and Device columns and `rows` records, as a spreadsheet would save it. */
function racksWorkbook(rows: number): Buffer {
  const sheet = [['Rack', 'Port', 'Device']];
  for (let i = 1; i <= rows; i += 1) sheet.push([`R${String(i).padStart(6, '0')}`, String(i % 48), `sw-${i % 97}`]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), 'Racks');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

/** What the person sees: the window, where the Selected Labels drawer sits at its bottom edge. */
async function viewShot(name: string) {
  await page.waitForTimeout(350);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

type Labels = { total: number; items: Array<{ label_lines: string[]; system: string | null }> };

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Import Yard', '4002', 'Grid Co')).id;
  browser = await openBrowser();
  page = browser.page;
  await signIn(page, server.url, server.admin.email, server.admin.password);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function openImportDialog() {
  await page.goto(`${server.url}/labels`);
  await chooseProject(page, '4002 · Import Yard');
  await expect.poll(visible(page.getByRole('table', { name: 'Labels', exact: true }))).toBe(true);
  await page.getByRole('button', { name: 'Import Labels' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import Labels' });
  await expect.poll(visible(dialog)).toBe(true);
  return dialog;
}

describe('importing labels', () => {
  it('formats a raw XLSX with a template made in the dialog, which is then the one applied, and imports it', async () => {
    const dialog = await openImportDialog();
    await chooseFile(page, dialog.getByRole('button', { name: 'File' }), {
      name: 'racks.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: racksWorkbook(ROWS),
    });
    await dialog.getByRole('radio', { name: /^Raw/ }).check();
    await dialog.getByRole('textbox', { name: 'System' }).fill('Network');
    await settledShot(browser, 'label-import-upload');
    await dialog.getByRole('button', { name: 'Preview' }).click();

    // Template selection: Next waits for a template; one is made in the editor from the file's columns.
    await expect.poll(visible(dialog.getByRole('button', { name: 'Create New Template' })), { timeout: 30_000 }).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Create New Template' }).click();
    const editor = page.getByRole('dialog', { name: 'Create Template' });
    await expect.poll(visible(editor)).toBe(true);
    const save = editor.getByRole('button', { name: 'Save Template' });
    await editor.getByRole('textbox', { name: 'Template name' }).fill('Rack and port');
    // A named template with an empty line says what it lacks, and Save stays in sight but refused.
    await expect.poll(visible(editor.getByText('Template lines need at least one field'))).toBe(true);
    expect(await save.isDisabled()).toBe(true);
    expect(await inSight(save)()).toBe(true);
    await settledShot(browser, 'label-import-template-needs-a-field');
    await editor.getByText('Rack', { exact: true }).click();
    await editor.getByText('Port', { exact: true }).click();
    await editor.getByRole('textbox', { name: 'Prepend' }).first().fill('RACK ');
    await editor.getByRole('textbox', { name: 'Separator' }).fill(' P');
    await expect.poll(() => editor.getByRole('table', { name: 'Template preview' }).locator('tr').first().innerText()).toMatch(/RACK R000001 P1/);
    await expect.poll(() => save.isEnabled()).toBe(true);
    expect(await inSight(save)()).toBe(true);
    expect(await inSight(editor.getByRole('button', { name: 'Cancel' }))()).toBe(true);
    await settledShot(browser, 'label-import-template-editor');
    await save.click();

    // Saved: the new template is applied at once, and it is the one chosen when the person looks again.
    await expect.poll(visible(dialog.getByText('Template applied:'))).toBe(true);
    expect(await dialog.getByRole('alert').filter({ hasText: 'Template applied:' }).innerText()).toMatch(/Template applied: Rack and port/);
    await dialog.getByRole('button', { name: 'Change' }).click();
    await expect.poll(() => dialog.getByRole('combobox', { name: 'Select Template' }).inputValue()).toBe('Rack and port');
    await settledShot(browser, 'label-import-template-chosen');
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Preview: the green banner names the template, one Label column, the tag columns, 200 rows.
    await expect.poll(visible(dialog.getByText('Template applied:'))).toBe(true);
    const preview = dialog.getByRole('table', { name: 'Import preview' });
    expect(await preview.locator('thead th').allInnerTexts()).toEqual(['#', 'Label', 'System', 'Cluster/Pod']);
    expect(await preview.locator('tbody tr').first().innerText()).toMatch(/^1\s+RACK R000001 P1\s+Network\s+N\/A$/);
    expect(await preview.locator('tbody tr').count()).toBe(200);
    expect(await dialog.getByTestId('dry-run').innerText()).toMatch(/3,000 labels: 3,000 new, 0 already in this project/);
    await settledShot(browser, 'label-import-preview');

    // Importing: the bar fills to the end, then the dialog closes and the list reloads.
    const seenPercents: number[] = [];
    await dialog.getByRole('button', { name: 'Import 3,000 Labels' }).click();
    const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
    await expect.poll(visible(bar)).toBe(true);
    await settledShot(browser, 'label-import-progress');
    await expect
      .poll(
        async () => {
          const value = await bar.getAttribute('aria-valuenow').catch(() => null);
          if (value !== null) seenPercents.push(Number(value));
          return seenPercents.includes(100);
        },
        { timeout: 60_000, interval: 50 },
      )
      .toBe(true);
    await expect.poll(seen(page, `Successfully imported ${ROWS} labels`)).toBe(true);
    await expect.poll(visible(dialog)).toBe(false);
    await expect
      .poll(() => page.getByRole('table', { name: 'Labels', exact: true }).locator('tbody tr td:nth-child(2)').first().innerText())
      .toBe('RACK R000001 P1');
    await viewShot('label-import-done');

    const one = await admin.get<Labels>(`/api/labels/search?project_id=${projectId}&limit=1&q=R000300`);
    expect(one.total).toBe(1);
    expect(one.items[0]).toMatchObject({ label_lines: ['RACK R000300 P12'], system: 'Network' });
    expect((await admin.get<Labels>(`/api/labels/search?project_id=${projectId}&limit=1`)).total).toBe(ROWS);
  });

  it('leaves out the column names of a preformatted CSV, says so, and imports only the labels', async () => {
    const csv = ['Line1,Line2,Line3', 'HDR-0001,Rack 1,Port 1', 'HDR-0002,Rack 1,Port 2', 'HDR-0003,Rack 2,Port 1', 'HDR-0004,Rack 2,Port 2'].join('\r\n');
    const dialog = await openImportDialog();
    await chooseFile(page, dialog.getByRole('button', { name: 'File' }), { name: 'cables.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByRole('button', { name: 'Preview' }).click();

    const preview = dialog.getByRole('table', { name: 'Import preview' });
    await expect.poll(visible(preview), { timeout: 30_000 }).toBe(true);
    const notice = dialog.getByText('The first row (Line1, Line2, Line3) looks like column names and will not be imported.');
    await expect.poll(visible(notice)).toBe(true);
    const header = dialog.getByRole('checkbox', { name: 'First row is a header' });
    expect(await header.isChecked()).toBe(true);
    expect(await preview.locator('tbody tr').count()).toBe(4);
    expect(await preview.locator('tbody tr').first().innerText()).toMatch(/^1\s+HDR-0001\s+Rack 1\s+Port 1\s+N\/A\s+N\/A$/);
    await settledShot(browser, 'label-import-header-skipped');

    // The person can say the row is a label after all, and change their mind again.
    await header.uncheck();
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(5);
    expect(await preview.locator('tbody tr').first().innerText()).toMatch(/^1\s+Line1\s+Line2\s+Line3/);
    await expect.poll(visible(dialog.getByRole('button', { name: 'Import 5 Labels' }))).toBe(true);
    await header.check();
    await expect.poll(() => preview.locator('tbody tr').count()).toBe(4);
    await expect.poll(visible(notice)).toBe(true);

    await dialog.getByRole('button', { name: 'Import 4 Labels' }).click();
    await expect.poll(seen(page, 'Successfully imported 4 labels'), { timeout: 30_000 }).toBe(true);
    await expect.poll(visible(dialog)).toBe(false);
    await viewShot('label-import-header-done');
    const imported = await admin.get<Labels>(`/api/labels/search?project_id=${projectId}&limit=10&q=HDR-`);
    expect(imported.items.map((label) => label.label_lines)).toEqual([
      ['HDR-0001', 'Rack 1', 'Port 1'],
      ['HDR-0002', 'Rack 1', 'Port 2'],
      ['HDR-0003', 'Rack 2', 'Port 1'],
      ['HDR-0004', 'Rack 2', 'Port 2'],
    ]);
    expect((await admin.get<Labels>(`/api/labels/search?project_id=${projectId}&limit=10&q=Line1`)).total).toBe(0);
  });
});
