/**
 * A warehouse count end to end on phones (390×844): a global admin opened a count of a warehouse
 * through the API with a plain user of no project as its counter, who finds it among the counts due,
 * scans three bins on the Scan tab (each bin's location label, then its parts, one unit per scan,
 * one bin short by one), sends the batch and types the fifth line; the admin reviews the shortage,
 * asks for that line to be counted again, the counter recounts it, the admin posts, and the
 * warehouse's logs show a "Count" row. Screenshots of the scan tab and the review are checked.
 */
import { locationCode } from '../contract/scan-code.ts';
import type { WarehouseStockRow } from '../contract/warehouses.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createUser, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let counterPhone: Browser;
let adminPhone: Browser;
let counter: Member;
let warehouse = { id: '', num_id: 0 };
const COUNT = 'Yard stocktake';
const PHONE = { width: 390, height: 844 };
const BIN_A1 = { rack: 'A', shelf: '1', bin: '1' };
const BIN_A2 = { rack: 'A', shelf: '1', bin: '2' };
const BIN_B1 = { rack: 'B', shelf: '2', bin: '1' };
const BIN_C1 = { rack: 'C', shelf: '1', bin: '1' };

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  warehouse = await admin.post<{ id: string; num_id: number }>('/api/warehouses', { name: 'North Yard' });
  // A warehouse's counter is a plain user of no project.
  counter = await createUser(admin, { first: 'Casey', last: 'Counter', email: 'casey@example.com', password: 'count-it-2026' });
  const receive = (part: string, quantity: number, location: Record<string, string>, name: string) =>
    admin.post(`/api/warehouses/${warehouse.id}/materials/receive`, { part_number: part, quantity, part_name: name, part_nickname: name, location });
  await receive('BRK-014', 3, BIN_A1, 'Breaker 6 A');
  await receive('CAB-220', 2, BIN_A1, 'Armoured cable 25 m');
  await receive('FUS-10', 2, BIN_A2, 'Fuse 10 A');
  await receive('GLV-3', 4, BIN_B1, 'Work gloves');
  await receive('TAP-5', 5, BIN_C1, 'Insulating tape');
  await admin.post('/api/counts', {
    name: COUNT,
    location: { kind: 'warehouse', id: warehouse.id },
    scope: { kind: 'all' },
    counters: [counter.id],
    blind: true,
    double_count: false,
  });
  counterPhone = await openBrowser(PHONE);
  adminPhone = await openBrowser(PHONE);
}, 90_000);
afterAll(async () => {
  await counterPhone?.close();
  await adminPhone?.close();
  await server?.stop();
});

async function openNav(browser: Browser, link: string) {
  await browser.page.getByRole('button', { name: 'Open navigation' }).click();
  await browser.page.getByRole('link', { name: link, exact: true }).click();
}

/** Types a code into the scan box as a keyboard-mode scanner does, then Enter. */
async function scanCode(browser: Browser, code: string) {
  const box = browser.page.getByRole('textbox', { name: 'Scan or type a code' });
  await box.click();
  await box.pressSequentially(code, { delay: 60 });
  await box.press('Enter');
}

async function typeCount(browser: Browser, what: string, quantity: string) {
  const { page } = browser;
  await page.getByRole('tab', { name: 'Type' }).click();
  await page.getByRole('textbox', { name: 'Line or part number' }).fill(what);
  await page.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await page.getByRole('button', { name: 'Add count' }).click();
}

const lineCard = (browser: Browser, part: string) => browser.page.getByRole('listitem', { name: new RegExp(`^Line \\d+ ${part}$`) });
const bin = (place: { rack: string; shelf: string; bin: string }) => `Rack ${place.rack} · Shelf ${place.shelf} · Bin ${place.bin}`;

describe('warehouse count', () => {
  it('scans three bins on a phone, types a line, reviews the shortage, recounts it, posts, and the warehouse logs show the count', async () => {
    const c = counterPhone.page;
    await signIn(c, server.url, counter.email, counter.password);
    await openNav(counterPhone, 'Counts');
    await c.waitForURL(/\/dashboard\/counts$/);
    await c.getByRole('link', { name: `Count ${COUNT}` }).click();
    await expect.poll(seen(c, '0 of 5 lines counted')).toBe(true);

    // Three bins: the label first, then each part once per unit found. Bin A·1·2 holds one fuse, not two.
    await c.getByRole('tab', { name: 'Scan' }).click();
    const scans: [{ rack: string; shelf: string; bin: string }, string[]][] = [
      [BIN_A1, ['BRK-014', 'CAB-220', 'BRK-014', 'BRK-014', 'CAB-220']],
      [BIN_A2, ['FUS-10']],
      [BIN_B1, ['GLV-3', 'GLV-3', 'GLV-3', 'GLV-3']],
    ];
    for (const [place, parts] of scans) {
      await scanCode(counterPhone, locationCode(warehouse.num_id, { ...place, zone: null }));
      await expect.poll(() => c.getByTestId('scan-place').textContent()).toBe(bin(place));
      for (const part of parts) await scanCode(counterPhone, part);
    }
    await expect.poll(visible(c.getByRole('listitem', { name: `BRK-014 at ${bin(BIN_A1)}` }).getByLabel('3 counted'))).toBe(true);
    expect(
      await c
        .getByRole('listitem', { name: `GLV-3 at ${bin(BIN_B1)}` })
        .getByLabel('4 counted')
        .isVisible(),
    ).toBe(true);
    expect(await pageOverflow(c)).toBe(0);
    await settledShot(counterPhone, 'counts-warehouse-scan');
    await c.getByRole('button', { name: 'Send batch (10 units)' }).click();
    await expect.poll(seen(c, '4 of 5 lines counted')).toBe(true);
    await typeCount(counterPhone, 'TAP-5', '5');
    await expect.poll(seen(c, '5 of 5 lines counted')).toBe(true);
    expect(await c.getByText(/waiting to send/).count()).toBe(0);
    const fuse = c.getByRole('list', { name: bin(BIN_A2) }).getByRole('listitem', { name: /^Line \d+ FUS-10$/ });
    expect(await fuse.getByText('You counted 1').isVisible()).toBe(true);

    // The admin: the shortage, and that line sent back to be counted again.
    const a = adminPhone.page;
    await signIn(a, server.url, server.admin.email, server.admin.password);
    await openNav(adminPhone, 'Warehouse Counts');
    await a.getByRole('link', { name: `Review ${COUNT}` }).click();
    await expect.poll(seen(a, 'Counted 5 of 5')).toBe(true);
    const fuseLine = lineCard(adminPhone, 'FUS-10');
    await expect.poll(visible(fuseLine.getByText('Expected 2'))).toBe(true);
    expect(await fuseLine.getByText('-1 (-50 %)').isVisible()).toBe(true);
    expect(await lineCard(adminPhone, 'BRK-014').getByText('-1 (-50 %)').count()).toBe(0);
    await fuseLine.getByRole('checkbox').check();
    await a.getByRole('button', { name: 'Ask for recount (1)' }).click();
    await expect.poll(visible(fuseLine.getByText('Recount'))).toBe(true);
    expect(await pageOverflow(a)).toBe(0);
    await settledShot(adminPhone, 'counts-warehouse-review');

    // The counter sees the line come back and counts it again: still one.
    await expect.poll(visible(lineCard(counterPhone, 'FUS-10').getByText('Recount')), { timeout: 15_000 }).toBe(true);
    await typeCount(counterPhone, 'FUS-10', '1');
    await expect.poll(visible(lineCard(counterPhone, 'FUS-10').getByText('You counted 1'))).toBe(true);
    await expect.poll(visible(lineCard(counterPhone, 'FUS-10').getByText('Counted'))).toBe(true);

    // The admin posts: one adjustment (the fuse).
    await expect.poll(visible(fuseLine.getByText('Counted 1')), { timeout: 15_000 }).toBe(true);
    await a.getByRole('button', { name: 'Post count' }).click();
    const confirm = a.getByRole('dialog', { name: 'Post this count?' });
    await expect.poll(visible(confirm.getByText(/Posting makes 1 adjustment,/))).toBe(true);
    await confirm.getByRole('button', { name: 'Post count' }).click();
    await expect.poll(seen(a, 'Count posted')).toBe(true);

    const stock = await admin.get<{ items: WarehouseStockRow[] }>(`/api/warehouses/${warehouse.id}/inventory?mode=materials`);
    expect(stock.items.find((r) => r.material.part_number === 'FUS-10')?.qty_on_hand).toBe(1);

    // The warehouse's logs show the count.
    await openNav(adminPhone, 'Warehouse Logs');
    const countRow = a.locator('[data-log-type="Count"]');
    await expect.poll(visible(countRow)).toBe(true);
    expect(await countRow.first().textContent()).toContain('FUS-10');
    await settledShot(adminPhone, 'counts-warehouse-logs');
  }, 180_000);
});
