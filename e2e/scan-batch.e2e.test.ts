/**
 * Scan batch, end to end on a phone: on /scan, Batch mode takes three serials typed into the scan
 * box (one typed twice is flagged and removed), receives them into the warehouse as new assets of
 * one type in one command, and shows three OK lines; the warehouse's asset inventory then holds the
 * three serials. The batch screen fits 390×844 without sideways scrolling.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let phone: Browser;
const WAREHOUSE = '#1 · North Yard';
const SERIALS = ['TS16-0101', 'TS16-0102', 'TS16-0103'];

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  await admin.post('/api/warehouses', { name: 'North Yard', yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks' } });
  const category = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Survey instruments', kind: 'serialized' });
  await admin.post('/api/assets/catalog', { asset_number: 'TS-16', asset_name: 'Leica TS16 total station', category: category.id, serial_required: true });
  phone = await openBrowser({ width: 390, height: 844 });
}, 60_000);
afterAll(async () => {
  await phone?.close();
  await server?.stop();
});

describe('scan batch', () => {
  it('receives three typed serials into a warehouse in one command and the warehouse holds them', async () => {
    const { page } = phone;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.goto(`${server.url}/scan`);
    await segment(page, 'Scan mode', 'Batch');

    // The page's typed box hands each code to the batch, as a scanner or the camera would.
    const box = page.getByRole('textbox', { name: 'Type a code' });
    await expect.poll(visible(box)).toBe(true);
    for (const serial of [SERIALS[0]!, SERIALS[1]!, SERIALS[1]!, SERIALS[2]!]) {
      await box.click();
      await box.pressSequentially(serial, { delay: 60 });
      await box.press('Enter');
    }
    const lines = page.getByRole('list', { name: 'Scanned lines' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(4);
    await expect.poll(seen(page, 'Scanned twice in this batch.')).toBe(true);
    await settledShot(phone, 'scan-batch-duplicate');
    await page
      .getByRole('button', { name: `Remove ${SERIALS[1]}` })
      .last()
      .click();
    await expect.poll(() => page.getByTestId('batch-count').textContent()).toBe('3 scanned');

    await segment(page, 'Action', 'Receive as new assets');
    await pick(page, page.getByRole('combobox', { name: 'Receive into' }), WAREHOUSE);
    await pick(page, page.getByRole('combobox', { name: 'Asset type' }), 'TS-16 · Leica TS16 total station');
    expect(await pageOverflow(page)).toBe(0);
    await settledShot(phone, 'scan-batch-ready');
    await page.getByRole('button', { name: 'Receive as new assets (3)' }).click();

    await expect.poll(seen(page, '3 OK')).toBe(true);
    for (const [at, serial] of SERIALS.entries()) {
      const line = page.getByRole('listitem', { name: `Line ${at + 1} ${serial}` });
      await expect.poll(visible(line.getByText('OK', { exact: true }))).toBe(true);
    }
    expect(await pageOverflow(page)).toBe(0);
    await settledShot(phone, 'scan-batch-received');

    // The warehouse's asset inventory lists the three serials.
    const laptop = await openBrowser();
    try {
      await signIn(laptop.page, server.url, server.admin.email, server.admin.password);
      await laptop.page.goto(`${server.url}/warehouses?mode=assets`);
      for (const serial of SERIALS) {
        const row = laptop.page.locator(`tr[data-serial="${serial}"]`);
        await expect.poll(visible(row)).toBe(true);
        expect(await row.getAttribute('data-asset')).toBe('TS-16');
      }
      await settledShot(laptop, 'scan-batch-warehouse-inventory');
    } finally {
      await laptop.close();
    }
  }, 120_000);
});
