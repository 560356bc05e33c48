/**
 * A look at every materials screen, dialog and wizard step on a laptop (1280×800) and on a phone
 * (390×844), photographed for review. Nothing is submitted: wizards stop at their confirm step.
 * Along the way it checks the layout holds: no dialog wider than the screen, no page that scrolls
 * sideways as a whole.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
const PROJECT = '4001 · Northgate Substation';

beforeAll(async () => {
  server = await startServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Northgate Substation', '4001', 'Grid Utilities');
  await admin.request('PATCH', `/api/projects/${project.id}/settings`, { managing_logistics: true });
  const grace = await createUser(admin, { first: 'Grace', last: 'Hopper', email: 'grace@example.com', password: 'cobol-forever-1959' });
  await addMember(admin, project.id, grace.id, 'manager');
  await receive(admin, project.id, 'BOLT-M8', 40, 'Hex bolt M8', 'Bolt');
  await receive(admin, project.id, 'CABLE-25', 8, 'Copper cable 2.5mm, 100 m drum', 'Cable');
  await receive(admin, project.id, 'PIPE-50', 12, 'Steel pipe 50mm', 'Pipe');
  await receive(admin, project.id, 'VALVE-2', 3, 'Gate valve 2 inch', 'Valve');
  await admin.post('/api/materials/return', { project_id: project.id, part_number: 'VALVE-2', quantity: 3 });
  await admin.post('/api/inventory/assign', { project_id: project.id, part_number: 'PIPE-50', quantity: 5, user_id: grace.id });
  await admin.post('/api/materials/lost', { project_id: project.id, part_number: 'PIPE-50', quantity: 1, source: 'field_assigned', associated_user: grace.id });
});
afterAll(async () => {
  await server?.stop();
});

/** Fails when the page can be scrolled sideways, which means something is wider than the screen. */
async function fitsTheScreen(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function tour(browser: Browser, prefix: string) {
  const { page } = browser;
  const shot = async (name: string) => {
    await fitsTheScreen(page);
    await settledShot(browser, `${prefix}-${name}`);
  };
  const dialog = (name: string) => page.getByRole('dialog', { name });
  const close = async (name: string) => {
    await dialog(name).locator('.mantine-Modal-close').click();
    await expect.poll(() => dialog(name).count()).toBe(0);
  };

  await signIn(page, server.url, server.admin.email, server.admin.password);
  await chooseProject(page, PROJECT);
  await expect.poll(visible(page.locator('tr[data-part="VALVE-2"]'))).toBe(true);
  expect(await page.locator('tr[data-part="VALVE-2"]').getAttribute('data-stock')).toBe('critical');
  await shot('dashboard');

  const phone = prefix.includes('phone');
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await segment(page, 'Inventory mode', 'Assets');
  if (phone) await page.getByRole('button', { name: 'Close navigation' }).click();
  // The project holds materials only: its assets table is empty.
  await expect.poll(visible(page.getByText('No data to display'))).toBe(true);
  await shot('dashboard-assets');
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await segment(page, 'Inventory mode', 'Materials');
  if (phone) await page.getByRole('button', { name: 'Close navigation' }).click();

  await page.locator('tr[data-part="PIPE-50"]').getByRole('button', { name: 'Details of PIPE-50' }).click();
  const details = dialog('Material Details');
  await expect.poll(visible(details.locator('.recharts-surface'))).toBe(true);
  await shot('details');
  await details.getByRole('button', { name: 'Edit', exact: true }).click();
  await shot('details-edit');
  await details.getByRole('button', { name: 'Cancel' }).click();

  await details.getByRole('button', { name: 'Field Assigned of PIPE-50: 4' }).click();
  await expect.poll(visible(dialog('Field Assigned of PIPE-50').getByRole('row').nth(2))).toBe(true);
  await shot('explain');
  await page.keyboard.press('Escape');

  await details.getByRole('button', { name: 'Mark Lost', exact: true }).click();
  const lost = dialog('Mark Lost · PIPE-50');
  await lost.getByRole('radio', { name: /Field assigned/ }).check();
  await pick(page, lost.getByRole('combobox', { name: 'Assigned user' }), /Grace Hopper/);
  await lost.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1');
  await shot('mark-lost');
  await close('Mark Lost · PIPE-50');

  await details.getByRole('button', { name: 'Mark Found', exact: true }).click();
  await dialog('Mark Found · PIPE-50')
    .getByRole('radio', { name: /A user in the field/ })
    .check();
  await shot('mark-found');
  await close('Mark Found · PIPE-50');

  await details.getByRole('button', { name: 'Stock Warnings', exact: true }).click();
  await shot('stock-warnings');
  await close('Stock Warnings');

  await details.getByRole('button', { name: 'Receive/Return Logs' }).click();
  await expect.poll(visible(dialog('Material Logs').locator('[data-log-type]'))).toBe(true);
  await shot('material-logs');
  await page.keyboard.press('Escape');
  await expect.poll(visible(details)).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(() => details.count()).toBe(0);

  const wizard = async (verb: string) => {
    await page.getByRole('button', { name: `${verb} Materials`, exact: true }).click();
    return dialog(`${verb} Materials`);
  };
  const next = (scope: ReturnType<typeof dialog>) => scope.getByRole('button', { name: 'Next' }).click();

  const receiving = await wizard('Receive');
  await shot('receive-1-part-type');
  await next(receiving);
  await receiving.getByLabel('Part Number').fill('BOLT-M8');
  await page.keyboard.press('Tab');
  await receiving.getByRole('textbox', { name: 'Quantity', exact: true }).fill('5');
  await shot('receive-2-existing');
  await receiving.getByRole('button', { name: 'Back' }).click();
  await receiving.getByRole('radio', { name: /New part/ }).click();
  await next(receiving);
  await receiving.getByLabel('Part Number').fill('FLANGE-80');
  await receiving.getByLabel('Part Name').fill('Weld neck flange DN80 PN16');
  await receiving.getByLabel('Nickname').fill('Flange');
  await receiving.getByRole('textbox', { name: 'Quantity', exact: true }).fill('6');
  await shot('receive-2-new');
  await next(receiving);
  await shot('receive-3-confirm');
  await close('Receive Materials');

  const returning = await wizard('Return');
  await returning.getByLabel('Part Number').fill('PIPE-50');
  await page.keyboard.press('Tab');
  await returning.getByRole('textbox', { name: 'Quantity', exact: true }).fill('2');
  await shot('return-1-part');
  await next(returning);
  await returning.getByLabel('Rack').fill('B12');
  await returning.getByLabel('Shelf').fill('4');
  await shot('return-2-rack-shelf');
  await next(returning);
  await shot('return-3-confirm');
  await close('Return Materials');

  for (const verb of ['Assign', 'Unassign']) {
    const steps = await wizard(verb);
    await steps.getByLabel('Part Number').fill('PIPE');
    await shot(`${verb.toLowerCase()}-1-part-suggestions`);
    await page.getByRole('option', { name: /PIPE-50/ }).click();
    await shot(`${verb.toLowerCase()}-1-part`);
    await next(steps);
    await pick(page, steps.getByRole('combobox', { name: verb === 'Assign' ? 'Assign to' : 'Unassign from' }), /Grace Hopper/);
    await steps.getByRole('textbox', { name: 'Quantity', exact: true }).fill('1');
    await shot(`${verb.toLowerCase()}-2-user`);
    await next(steps);
    await shot(`${verb.toLowerCase()}-3-confirm`);
    await close(`${verb} Materials`);
  }

  await page.goto(`${server.url}/dashboard/receive_return`);
  await expect.poll(visible(page.getByLabel('Project logs'))).toBe(true);
  await shot('project-logs');
  await page.goto(`${server.url}/dashboard/assign_unassign?days=30`);
  await expect.poll(visible(page.getByLabel('Assign and unassign logs'))).toBe(true);
  await shot('assign-logs');
  await page.goto(`${server.url}/dashboard/receive_return?type=found`);
  await expect.poll(seen(page, 'No logs to display')).toBe(true);
  await shot('project-logs-empty');

  await page.goto(`${server.url}/dashboard/receive_return/bulk?action=return`);
  await expect.poll(seen(page, 'Bulk Return')).toBe(true);
  await shot('bulk');
  const csv = ['Part Number,Part Name,Part Nickname,Quantity', 'PIPE-50,,,2', 'BOLT-M8,,,x', ',,,1'].join('\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'returns.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => page.locator('tr[data-status="Invalid row"]').count()).toBe(2);
  await shot('bulk-preview');
  await page.locator('input[type=file]').setInputFiles({ name: 'wrong.csv', mimeType: 'text/csv', buffer: Buffer.from('Part,Qty\nPIPE-50,2\n') });
  await expect.poll(seen(page, 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity')).toBe(true);
  await shot('bulk-bad-header');

  await page.goto(`${server.url}/catalogs/materials`);
  await expect.poll(visible(page.getByRole('table', { name: 'Material catalogue' }))).toBe(true);
  await shot('catalog');
  await page.getByRole('button', { name: 'Edit CABLE-25' }).click();
  // The superadmin edits the shared catalogue itself, whichever project holds the part.
  await expect.poll(visible(dialog('Edit CABLE-25').getByRole('textbox', { name: 'Note' }))).toBe(true);
  await shot('catalog-edit');
  await page.keyboard.press('Escape');
}

describe('every materials screen, on a laptop and on a phone', () => {
  it('lays everything out at 1280×800', async () => {
    const laptop = await openBrowser();
    try {
      await tour(laptop, 'tour-laptop');
    } finally {
      await laptop.close();
    }
  }, 180_000);

  it('lays everything out at 390×844', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await tour(phone, 'tour-phone');
    } finally {
      await phone.close();
    }
  }, 180_000);
});
