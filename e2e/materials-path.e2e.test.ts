/**
 * A project manager's day with materials, in Chromium against the real server seeded through the
 * API: receive a new part with the wizard, assign some, mark lost and found (and be refused more
 * than the field holds), set stock warnings, rename, return with a rack and shelf, unassign, read
 * and filter the logs, export them, and bulk-receive a file with an invalid row. Every dialog and
 * wizard step is photographed at 1280×800.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, csvRows, downloadText, inventoryRow, pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let page: Page;
let grace: Member;
const PROJECT = '2001 · Harbour Works';

beforeAll(async () => {
  server = await startServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Harbour Works', '2001', 'Port Authority');
  await admin.request('PATCH', `/api/projects/${project.id}/settings`, { managing_logistics: true });
  grace = await createUser(admin, { first: 'Grace', last: 'Hopper', email: 'grace@example.com', password: 'cobol-forever-1959' });
  await addMember(admin, project.id, grace.id, 'user');
  await receive(admin, project.id, 'BOLT-M8', 40, 'Hex bolt M8', 'Bolt');
  await receive(admin, project.id, 'CABLE-25', 8, 'Copper cable 2.5mm', 'Cable');
  browser = await openBrowser();
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const dialog = (name: string | RegExp) => page.getByRole('dialog', { name });
const button = (scope: Page | Locator, name: string) => scope.getByRole('button', { name, exact: true });
const toastSeen = (text: string) => expect.poll(seen(page, text)).toBe(true);

describe('materials, from receiving to the logs', () => {
  it('shows the project with its Project Actions bar and coloured stock', async () => {
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await expect.poll(seen(page, 'Port Authority')).toBe(true);
    await expect.poll(visible(page.getByRole('region', { name: 'Project Actions' }))).toBe(true);
    const cable = await inventoryRow(page, 'CABLE-25');
    expect(await cable.getAttribute('data-stock')).toBe('low');
    await page.getByRole('textbox', { name: 'Search inventory' }).fill('');
    await settledShot(browser, 'materials-dashboard');
  });

  it('receives a new part through the wizard and shows it with the right numbers and colour', async () => {
    await button(page, 'Receive Materials').click();
    const wizard = dialog('Receive Materials');
    await expect.poll(visible(wizard.getByRole('radio', { name: /New part/ }))).toBe(true);
    await settledShot(browser, 'materials-receive-1-part-type');
    await wizard.getByRole('radio', { name: /New part/ }).click();
    await button(wizard, 'Next').click();

    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'A new part needs a part number, a part name and a nickname')).toBe(true);
    await wizard.getByLabel('Part Number').fill('PIPE-50');
    await wizard.getByLabel('Part Name').fill('Steel pipe 50mm');
    await wizard.getByLabel('Nickname').fill('Pipe');
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('12');
    await settledShot(browser, 'materials-receive-2-details');
    await button(wizard, 'Next').click();
    await expect.poll(visible(wizard.getByRole('cell', { name: 'Steel pipe 50mm' }))).toBe(true);
    await settledShot(browser, 'materials-receive-3-confirm');
    await button(wizard, 'Receive').click();
    await toastSeen('Received 12 × PIPE-50 into inventory');

    const row = await inventoryRow(page, 'PIPE-50');
    await expect.poll(() => row.getAttribute('data-stock')).toBe('low');
    expect(await row.getByRole('button', { name: 'Qty On Hand of PIPE-50: 12' }).isVisible()).toBe(true);
    expect(await row.getByRole('button', { name: 'Logistics Qty of PIPE-50: 12' }).isVisible()).toBe(true);
  });

  it('assigns some to a user, with the wizard’s checks on the way', async () => {
    await button(page, 'Assign Materials').click();
    const wizard = dialog('Assign Materials');
    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'Enter or select a part before continuing')).toBe(true);
    await wizard.getByLabel('Part Number').fill('NOPE-1');
    await page.keyboard.press('Tab');
    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'Part number not found in this project')).toBe(true);
    await wizard.getByLabel('Part Number').fill('PIPE-50');
    await page.keyboard.press('Tab');
    await settledShot(browser, 'materials-assign-1-part');
    await button(wizard, 'Next').click();

    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'Select a user to assign this part to')).toBe(true);
    await pick(page, wizard.getByRole('combobox', { name: 'Assign to' }), /Grace Hopper/);
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('13');
    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'Insufficient quantity available')).toBe(true);
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('5');
    await settledShot(browser, 'materials-assign-2-user');
    await button(wizard, 'Next').click();
    await settledShot(browser, 'materials-assign-3-confirm');
    await button(wizard, 'Assign').click();
    await toastSeen('Assigned 5 × PIPE-50 to Grace Hopper');
    const row = await inventoryRow(page, 'PIPE-50');
    await expect.poll(visible(row.getByRole('button', { name: 'Qty On Hand of PIPE-50: 7' }))).toBe(true);
  });

  it('explains a number with the movements that produced it', async () => {
    const row = await inventoryRow(page, 'PIPE-50');
    await row.getByRole('button', { name: 'Details of PIPE-50' }).click();
    const details = dialog('Material Details');
    await expect.poll(visible(details.getByText('Grace Hopper'))).toBe(true);
    await expect.poll(visible(details.locator('.recharts-surface'))).toBe(true);
    await settledShot(browser, 'materials-details');

    await details.getByRole('button', { name: 'Qty On Hand of PIPE-50: 7' }).click();
    const explain = dialog('Qty On Hand of PIPE-50');
    await expect.poll(visible(explain.getByRole('row').filter({ hasText: 'Assign' }))).toBe(true);
    const rows = explain.getByRole('row');
    expect(await rows.nth(1).innerText()).toMatch(/Receive\s+\+12\s+Site Administrator\s+12/);
    expect(await rows.nth(2).innerText()).toMatch(/Assign\s+−5\s+Site Administrator · for Grace Hopper\s+7/);
    await settledShot(browser, 'materials-explain');
    await page.keyboard.press('Escape');
    await expect.poll(visible(dialog('Material Details'))).toBe(true);
  });

  it('refuses to mark more lost from the field than the user holds, then marks lost and found', async () => {
    const details = dialog('Material Details');
    await button(details, 'Mark Lost').click();
    const lost = dialog('Mark Lost · PIPE-50');
    await button(lost, 'Mark Lost').click();
    await expect.poll(seen(page, 'Quantity is required')).toBe(true);
    await lost.getByRole('textbox', { name: 'Quantity', exact: true }).fill('0');
    await expect.poll(seen(page, 'Enter a quantity greater than zero')).toBe(true);
    await lost.getByRole('radio', { name: /Field assigned/ }).check();
    await expect.poll(seen(page, 'Choose the assigned user the quantity was lost from')).toBe(true);
    await pick(page, lost.getByRole('combobox', { name: 'Assigned user' }), /Grace Hopper/);
    await lost.getByRole('textbox', { name: 'Quantity', exact: true }).fill('6');
    await expect.poll(seen(page, 'Cannot exceed available on-hand or field-assigned quantity (5)')).toBe(true);
    await settledShot(browser, 'materials-mark-lost');
    await lost.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
    await button(lost, 'Mark Lost').click();
    await toastSeen('Marked lost');
    await expect.poll(visible(details.getByRole('button', { name: 'Qty Lost of PIPE-50: 2' }))).toBe(true);
    await expect.poll(visible(details.getByRole('button', { name: 'Field Assigned of PIPE-50: 3' }))).toBe(true);

    await button(details, 'Mark Found').click();
    const found = dialog('Mark Found · PIPE-50');
    await found.getByRole('textbox', { name: 'Quantity', exact: true }).fill('3');
    await button(found, 'Mark Found').click();
    await expect.poll(seen(page, 'Cannot exceed outstanding lost quantity (2)')).toBe(true);
    await settledShot(browser, 'materials-mark-found');
    await found.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
    await button(found, 'Mark Found').click();
    await toastSeen('Marked found');
    await expect.poll(visible(details.getByRole('button', { name: 'Qty On Hand of PIPE-50: 9' }))).toBe(true);
    await expect.poll(visible(details.getByRole('button', { name: 'Qty Lost of PIPE-50: 0' }))).toBe(true);
  });

  it('sets the part’s stock warnings and renames it', async () => {
    const details = dialog('Material Details');
    await button(details, 'Stock Warnings').click();
    const warnings = dialog('Stock Warnings');
    await warnings.getByLabel('Low warning threshold').fill('-1');
    await warnings.getByLabel('Critical warning threshold').fill('abc');
    // Said while typing, and Save stays off until the values are right.
    await expect.poll(() => button(warnings, 'Save').isDisabled()).toBe(true);
    await expect.poll(seen(page, 'Low warning threshold must be a non-negative number.')).toBe(true);
    await expect.poll(seen(page, 'Critical warning threshold must be a non-negative number.')).toBe(true);
    await settledShot(browser, 'materials-stock-warnings');
    await warnings.getByLabel('Low warning threshold').fill('5');
    await warnings.getByLabel('Critical warning threshold').fill('2');
    await button(warnings, 'Save').click();
    await toastSeen('Stock warnings saved');
    await expect.poll(seen(page, 'Low stock below 5 · critical at or below 2')).toBe(true);

    await button(details, 'Edit').click();
    await details.getByLabel('Part Name').fill(' ');
    await button(details, 'Save').click();
    await expect.poll(seen(page, 'Part Number and Part Name are required')).toBe(true);
    await details.getByLabel('Part Name').fill('Steel pipe 50 mm');
    await settledShot(browser, 'materials-name-edit');
    await button(details, 'Save').click();
    await toastSeen('Material details updated');
    await expect.poll(visible(details.getByText('Steel pipe 50 mm'))).toBe(true);

    await button(details, 'Assign/Unassign Logs').click();
    const logs = dialog('Material Logs');
    await expect.poll(visible(logs.getByRole('row').filter({ hasText: 'Grace Hopper' }))).toBe(true);
    await settledShot(browser, 'materials-material-logs');
    await page.keyboard.press('Escape');
    await expect.poll(visible(dialog('Material Details'))).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog('Material Details').count()).toBe(0);
    const row = await inventoryRow(page, 'PIPE-50');
    await expect.poll(() => row.getAttribute('data-stock')).toBe('ok');
  });

  it('returns with a rack and shelf, and unassigns from the user', async () => {
    await button(page, 'Return Materials').click();
    const wizard = dialog('Return Materials');
    await wizard.getByLabel('Part Number').fill('PIPE-50');
    await page.keyboard.press('Tab');
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('10');
    await button(wizard, 'Next').click();
    await expect.poll(seen(page, 'Insufficient quantity available')).toBe(true);
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1');
    await settledShot(browser, 'materials-return-1-part');
    await button(wizard, 'Next').click();
    await wizard.getByLabel('Rack').fill('A3');
    await wizard.getByLabel('Shelf').fill('2');
    await settledShot(browser, 'materials-return-2-rack-shelf');
    await button(wizard, 'Next').click();
    await expect.poll(visible(wizard.getByRole('cell', { name: 'Rack A3, Shelf 2' }))).toBe(true);
    await settledShot(browser, 'materials-return-3-confirm');
    await button(wizard, 'Return').click();
    await toastSeen('Returned 1 × PIPE-50 from inventory');

    await button(page, 'Unassign Materials').click();
    const unassign = dialog('Unassign Materials');
    await unassign.getByLabel('Part Number').fill('PIPE-50');
    await page.keyboard.press('Tab');
    await button(unassign, 'Next').click();
    await button(unassign, 'Next').click();
    await expect.poll(seen(page, 'Choose a user to unassign from')).toBe(true);
    await pick(page, unassign.getByRole('combobox', { name: 'Unassign from' }), /Grace Hopper/);
    await unassign.getByRole('textbox', { name: 'Quantity', exact: true }).fill('4');
    await button(unassign, 'Next').click();
    await expect.poll(seen(page, 'Quantity exceeds what the user currently has assigned')).toBe(true);
    await unassign.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1');
    await settledShot(browser, 'materials-unassign-2-user');
    await button(unassign, 'Next').click();
    await button(unassign, 'Unassign').click();
    await toastSeen('Unassigned 1 × PIPE-50 from Grace Hopper');
  });

  it('lists the logs newest first, filters them and exports what the filter shows', async () => {
    await page.getByRole('link', { name: 'Project Logs' }).click();
    await page.waitForURL(/\/dashboard\/receive_return$/);
    const table = page.getByRole('table', { name: 'Project logs' });
    await expect.poll(() => table.getByRole('row').count()).toBe(9);
    expect(await table.getByRole('row').nth(1).getAttribute('data-log-type')).toBe('Unassign');
    expect(await table.getByRole('row').nth(8).getAttribute('data-log-type')).toBe('Receive');
    await settledShot(browser, 'materials-project-logs');

    await page.getByRole('group', { name: 'Types' }).getByText('Lost', { exact: true }).click();
    await page.waitForURL(/type=lost/);
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('group', { name: 'Types' }).getByText('All', { exact: true }).click();
    await page.getByRole('textbox', { name: 'Search logs' }).fill('cable');
    await expect.poll(() => table.getByRole('row').count()).toBe(2);
    await page.getByRole('textbox', { name: 'Search logs' }).fill('');
    await segment(page, 'Time', '1 Day');
    await page.waitForURL(/days=1/);
    await expect.poll(() => table.getByRole('row').count()).toBe(9);

    const { name, text } = await downloadText(page, () => button(page, 'Export CSV').click());
    expect(name).toMatch(/^material_logs_.*\.csv$/);
    const rows = csvRows(text);
    expect(rows[0]).toEqual([
      'Position',
      'Date',
      'Type',
      'Part Number',
      'Name',
      'Amount',
      'Transacted By',
      'Assigned To',
      'Assigned To Email',
      'On Hand Change',
      'Field Change',
      'Lost Change',
      'Bin',
      'Note',
      'Source',
      'Hash',
    ]);
    expect(rows).toHaveLength(9);
    expect(rows.slice(1).map((r) => `${r[2]} ${r[3]} ${r[5]}`)).toEqual([
      'Unassign PIPE-50 1',
      'Return PIPE-50 1',
      'Found PIPE-50 2',
      'Lost PIPE-50 2',
      'Assign PIPE-50 5',
      'Receive PIPE-50 12',
      'Receive CABLE-25 8',
      'Receive BOLT-M8 40',
    ]);
    expect(rows.find((r) => r[2] === 'Return')?.[12]).toBe('Rack A3, Shelf 2');

    await page.getByRole('link', { name: 'Assign/Unassign Logs' }).click();
    await page.waitForURL(/\/dashboard\/assign_unassign$/);
    const assignments = page.getByRole('table', { name: 'Assign and unassign logs' });
    await expect.poll(() => assignments.getByRole('row').count()).toBe(3);
    await page.getByRole('group', { name: 'Types' }).getByText('Unassign', { exact: true }).click();
    await expect.poll(() => assignments.getByRole('row').count()).toBe(2);
    expect(await assignments.getByRole('row').nth(1).getAttribute('data-log-type')).toBe('Assign');
    await settledShot(browser, 'materials-assign-logs');
  });

  it('exports the inventory with the numbers the table shows', async () => {
    await page.getByRole('link', { name: 'Project Inventory' }).click();
    await page.waitForURL(/\/dashboard$/);
    const { name, text } = await downloadText(page, () => button(page, 'Export CSV').click());
    expect(name).toMatch(/^inventory_2001_.*\.csv$/);
    const rows = csvRows(text);
    expect(rows.map((r) => r.slice(0, 7))).toEqual([
      ['Part Number', 'Part Name', 'Part Nickname', 'Logistics Qty', 'Qty On Hand', 'Field Assigned', 'Qty Lost'],
      ['BOLT-M8', 'Hex bolt M8', 'Bolt', '40', '40', '0', '0'],
      ['CABLE-25', 'Copper cable 2.5mm', 'Cable', '8', '8', '0', '0'],
      ['PIPE-50', 'Steel pipe 50 mm', 'Pipe', '11', '9', '2', '0'],
    ]);
  });

  it('bulk-receives a file, marking its invalid row before and after submitting', async () => {
    await page.goto(`${server.url}/dashboard/receive_return/bulk`);
    await expect.poll(seen(page, 'Bulk Receive')).toBe(true);
    const template = await downloadText(page, () => button(page, 'Download Template').click());
    expect(template).toEqual({ name: 'bulk_template.csv', text: 'Part Number,Part Name,Part Nickname,Quantity\n' });

    const csv = [
      'Part Number,Part Name,Part Nickname,Quantity',
      'NUT-M8,Hex nut M8,Nut,100',
      'WASHER-8,Flat washer 8mm,,50',
      'BOLT-M8,Hex bolt M8,Bolt,10',
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({ name: 'delivery.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect.poll(() => preview.locator('tr[data-status="Invalid row"]').count()).toBe(1);
    expect(await preview.locator('tr[data-status="Invalid row"]').innerText()).toMatch(/2\s+WASHER-8\s+50[\s\S]*Invalid row/);
    await settledShot(browser, 'materials-bulk-preview');

    await button(page, 'Receive 2 rows').click();
    await toastSeen('Some rows failed to submit');
    const results = page.getByRole('table', { name: 'Results' });
    await expect.poll(() => results.locator('tr[data-status]').count()).toBe(3);
    expect(await results.locator('tr[data-status="OK"]').count()).toBe(2);
    expect(await results.locator('tr[data-status="Invalid row"]').innerText()).toMatch(/2\s+WASHER-8\s+50\s+—\s+Invalid row/);
    await settledShot(browser, 'materials-bulk-results');

    await page.getByRole('link', { name: 'Back to Project Logs' }).click();
    await page.waitForURL(/\/dashboard\/receive_return$/);
    await expect.poll(visible(page.getByRole('row').filter({ hasText: 'NUT-M8' }))).toBe(true);
  });

  it('switches to assets mode, which remembers itself across a reload, and back', async () => {
    await page.getByRole('link', { name: 'Project Inventory' }).click();
    await segment(page, 'Inventory mode', 'Assets');
    await expect.poll(visible(button(page, 'Receive Assets'))).toBe(true);
    // The project holds no assets.
    await expect.poll(seen(page, 'No data to display')).toBe(true);
    await settledShot(browser, 'materials-dashboard-assets');
    await page.reload();
    await expect.poll(visible(button(page, 'Receive Assets'))).toBe(true);
    await segment(page, 'Inventory mode', 'Materials');
    await expect.poll(visible(button(page, 'Receive Materials'))).toBe(true);
  });
});
