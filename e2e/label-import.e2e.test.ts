/**
 * Label import in Chromium against the real server: a raw XLSX is uploaded through the storage's
 * upload URL, a template is created from the dialog with the file's columns, the preview shows
 * the formatted labels under the green banner, the import runs as a job while the progress bar
 * fills to the end, and the labels are then in the database. Photographed at each step.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows, xlsxFile } from '../server/labels/import/import-fixtures.ts';
import { ApiSession, createProject } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, seen, settledShot, signIn, visible } from './helpers/ui.ts';

const ROWS = 3000;
let server: RunningServer;
let browser: Browser;
let page: Page;
let admin: ApiSession;
let projectId: string;
let dir: string;
let file: string;

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Import Yard', '4002', 'Grid Co')).id;
  dir = mkdtempSync(path.join(tmpdir(), 'label-import-e2e-'));
  file = path.join(dir, 'racks.xlsx');
  writeFileSync(file, xlsxFile(rawRows(ROWS)));
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('importing labels', () => {
  it('uploads a raw XLSX, creates a template from the dialog, previews, imports and finds the labels', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/labels`);
    await chooseProject(page, '4002 · Import Yard');
    await expect.poll(seen(page, 'No labels found. Import labels to get started.')).toBe(true);
    await page.getByRole('button', { name: 'Import Labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import Labels' });
    await expect.poll(visible(dialog)).toBe(true);
    await dialog.locator('input[type=file]').setInputFiles(file);
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
    await editor.getByText('Rack', { exact: true }).click();
    await editor.getByText('Port', { exact: true }).click();
    await editor.getByRole('textbox', { name: 'Prepend' }).first().fill('RACK ');
    await editor.getByRole('textbox', { name: 'Separator' }).fill(' P');
    await editor.getByRole('textbox', { name: 'Template name' }).fill('Rack and port');
    await expect.poll(() => editor.getByRole('table', { name: 'Template preview' }).locator('tr').first().innerText()).toMatch(/RACK R000001 P1/);
    await settledShot(browser, 'label-import-template-editor');
    await editor.getByRole('button', { name: 'Save Template' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Next' }).isEnabled()).toBe(true);
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
    await dialog.getByRole('button', { name: `Import ${ROWS} Labels` }).click();
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
    await settledShot(browser, 'label-import-done');

    const stored = await admin.get<{ total: number; items: Array<{ label_lines: string[]; system: string | null }> }>(
      `/api/labels/search?project_id=${projectId}&limit=1&q=R000300`,
    );
    expect(stored.total).toBe(1);
    expect(stored.items[0]).toMatchObject({ label_lines: ['RACK R000300 P12'], system: 'Network' });
    const all = await admin.get<{ total: number }>(`/api/labels/search?project_id=${projectId}&limit=1`);
    expect(all.total).toBe(ROWS);
  });
});
