/**
 * A warehouse, end to end: receive a new part into a warehouse at a location, relocate some of it,
 * assign some to a project. The project dashboard open in a second window shows the new stock
 * without a reload; the warehouse logs show both moves, naming the other side. With 251 breakers
 * in the catalogue, a part is received by typing its number and pressing ArrowDown and Enter (the
 * exact number is the first suggestion), then relocated and assigned, the numbers checked through
 * the API after each step; a quantity takes digits only. Every screen is photographed at 1280×800
 * and 390×844 for review.
 */
import type { Page } from 'playwright-core';
import type { WarehouseStockRow } from '../contract/warehouses.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createProject } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, pick, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let laptop: Browser;
let watcher: Browser;
const PROJECT = '3001 · Riverside Depot';
const WAREHOUSE = '#1 · North Yard';

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  await createProject(admin, 'Riverside Depot', '3001', 'City Water');
  await admin.post('/api/warehouses', { name: 'North Yard', yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks, 2 bays' } });
  laptop = await openBrowser();
  watcher = await openBrowser();
});
afterAll(async () => {
  await watcher?.close();
  await laptop?.close();
  await server?.stop();
});

/** The quantity shown at one location of a part's row. */
const atLocation = (page: Page, part: string, location: string) => page.locator(`[data-part="${part}"] [data-location="${location}"]`);
const onHand = (page: Page, part: string, quantity: number) =>
  page.locator(`tr[data-part="${part}"]`).getByRole('button', { name: `Qty On Hand of ${part}: ${quantity}` });

describe('a warehouse', () => {
  it('receives at a location, relocates, and assigns to a project that a second window sees at once', async () => {
    const { page } = laptop;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);

    // The second window watches the project's dashboard: nothing there yet.
    await signIn(watcher.page, server.url, server.admin.email, server.admin.password);
    await chooseProject(watcher.page, PROJECT);
    await expect.poll(seen(watcher.page, 'No data to display')).toBe(true);

    await page.getByRole('link', { name: 'Warehouse Inventory' }).click();
    await page.waitForURL(/\/warehouses/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Warehouse' }).inputValue()).toBe(WAREHOUSE);
    await expect.poll(seen(page, 'This warehouse holds no materials yet')).toBe(true);
    await settledShot(laptop, 'warehouse-empty');

    // Receive 50 of a new part at rack A, shelf 2.
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive Materials' });
    await receive.getByRole('button', { name: 'Next' }).click();
    await expect.poll(seen(page, 'Select a material to receive.')).toBe(true);
    await receive.getByRole('checkbox', { name: 'New part (not in the catalogue yet)' }).check();
    await receive.getByRole('textbox', { name: 'Part Number' }).fill('BOLT-M8');
    await receive.getByRole('textbox', { name: 'Part Name' }).fill('Hex bolt M8');
    await receive.getByRole('textbox', { name: 'Nickname' }).fill('Bolt');
    await receive.getByRole('textbox', { name: 'Quantity' }).fill('50');
    await receive.getByRole('button', { name: 'Next' }).click();
    await receive.getByRole('button', { name: 'Next' }).click();
    await expect.poll(seen(page, 'Please specify at least one location field')).toBe(true);
    await receive.getByRole('textbox', { name: 'Rack' }).fill('A');
    await receive.getByRole('textbox', { name: 'Shelf' }).fill('2');
    await receive.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(receive.getByRole('row', { name: 'Location Rack A · Shelf 2' }))).toBe(true);
    await settledShot(laptop, 'warehouse-receive-summary');
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect.poll(seen(page, `Received 50 × BOLT-M8 into ${WAREHOUSE}`)).toBe(true);
    await expect.poll(() => atLocation(page, 'BOLT-M8', 'Rack A · Shelf 2').textContent()).toContain('50');

    // Relocate 20 of them to rack B.
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Relocate' }).click();
    const relocate = page.getByRole('dialog', { name: 'Relocate Materials' });
    await pick(page, relocate.getByRole('combobox', { name: 'Material' }), /BOLT-M8/);
    await pick(page, relocate.getByRole('combobox', { name: 'From location' }), 'Rack A · Shelf 2 (50)');
    await relocate.getByRole('textbox', { name: 'Quantity' }).fill('20');
    await relocate.getByRole('button', { name: 'Next' }).click();
    await relocate.getByRole('button', { name: 'Next' }).click();
    await expect.poll(seen(page, 'Please specify at least one location field for the new location')).toBe(true);
    await relocate.getByRole('textbox', { name: 'New rack' }).fill('B');
    await relocate.getByRole('button', { name: 'Next' }).click();
    await settledShot(laptop, 'warehouse-relocate-confirm');
    await relocate.getByRole('button', { name: 'Relocate 20' }).click();
    await expect.poll(seen(page, 'Relocated 20 × BOLT-M8 to Rack B')).toBe(true);
    await expect.poll(() => atLocation(page, 'BOLT-M8', 'Rack B').textContent()).toContain('20');
    await expect.poll(() => atLocation(page, 'BOLT-M8', 'Rack A · Shelf 2').textContent()).toContain('30');

    // Assign 15 from rack B to the project; the dashboard in the other window follows.
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Assign to Project' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign to Project' });
    await pick(page, assign.getByRole('combobox', { name: 'Material' }), /BOLT-M8/);
    await pick(page, assign.getByRole('combobox', { name: 'From location' }), 'Rack B (20)');
    await pick(page, assign.getByRole('combobox', { name: 'Project' }), PROJECT);
    await assign.getByRole('textbox', { name: 'Quantity' }).fill('21');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(seen(page, 'Quantity exceeds the 20 available at Rack B')).toBe(true);
    await assign.getByRole('textbox', { name: 'Quantity' }).fill('15');
    await settledShot(laptop, 'warehouse-assign');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(seen(page, `Assigned 15 × BOLT-M8 to ${PROJECT}`)).toBe(true);
    await expect.poll(() => atLocation(page, 'BOLT-M8', 'Rack B').textContent()).toContain('5');
    await expect.poll(() => page.locator('tr[data-part="BOLT-M8"]').textContent()).toContain('35');
    await settledShot(laptop, 'warehouse-inventory');

    // No reload in the watching window: the websocket brings the new stock.
    await inventoryRow(watcher.page, 'BOLT-M8');
    await expect.poll(visible(onHand(watcher.page, 'BOLT-M8', 15))).toBe(true);
    await settledShot(watcher, 'warehouse-assigned-project-dashboard');
  });

  it('shows both moves in the warehouse logs, naming the other side, and filters by type', async () => {
    const { page } = laptop;
    await page.getByRole('link', { name: 'Warehouse Logs' }).click();
    await page.waitForURL(/\/warehouses\/logs/);
    const table = page.getByRole('table', { name: 'Warehouse logs' });
    await expect.poll(visible(table.getByText('Rack A · Shelf 2 → Rack B'))).toBe(true);
    await expect.poll(visible(table.getByText(/Rack B → .*Riverside Depot/))).toBe(true);
    await settledShot(laptop, 'warehouse-logs');

    await page.getByRole('group', { name: 'Types' }).getByText('Assign', { exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').count()).toBe(1);
    expect(await table.locator('tbody tr').first().getAttribute('data-log-type')).toBe('Assign');
    await page.getByRole('group', { name: 'Types' }).getByText('Relocate', { exact: true }).click();
    await expect.poll(() => table.locator('tbody tr').first().getAttribute('data-log-type')).toBe('Relocate');
    expect(await table.locator('tbody tr').count()).toBe(1);
  });

  it('lays the warehouse screens out at 390×844', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      await signIn(phone.page, server.url, server.admin.email, server.admin.password);
      await chooseProject(phone.page, PROJECT);
      await phone.page.goto(`${server.url}/warehouses`);
      await expect.poll(visible(phone.page.locator('[data-part="BOLT-M8"]'))).toBe(true);
      await settledShot(phone, 'warehouse-phone-inventory');

      // A receive made elsewhere shows on the open warehouse screen without a reload.
      const { items } = await admin.get<{ items: { id: string }[] }>('/api/warehouses');
      await admin.post(`/api/warehouses/${items[0]!.id}/materials/receive`, { part_number: 'BOLT-M8', quantity: 4, location: { rack: 'C' } });
      await expect.poll(() => atLocation(phone.page, 'BOLT-M8', 'Rack C').textContent(), { timeout: 5000 }).toContain('4');
      await phone.page.getByRole('button', { name: 'Relocate' }).click();
      await settledShot(phone, 'warehouse-phone-relocate');
      await phone.page.keyboard.press('Escape');
      await phone.page.goto(`${server.url}/warehouses/logs`);
      await expect.poll(visible(phone.page.getByRole('list', { name: 'Warehouse logs' }))).toBe(true);
      await settledShot(phone, 'warehouse-phone-logs');
      await phone.page.goto(`${server.url}/warehouse-manager`);
      await expect.poll(seen(phone.page, WAREHOUSE)).toBe(true);
      await settledShot(phone, 'warehouse-phone-manager');
    } finally {
      await phone.close();
    }
  }, 120_000);

  it('shows the Warehouse Manager, where a part is held, and adds a part to the catalogue at 1280×800', async () => {
    const { page } = laptop;
    await page.goto(`${server.url}/warehouse-manager`);
    await expect.poll(visible(page.getByRole('cell', { name: WAREHOUSE }))).toBe(true);
    await settledShot(laptop, 'warehouse-manager');
    await page.getByRole('button', { name: `Deactivate ${WAREHOUSE}` }).click();
    await page.getByRole('dialog', { name: 'Are you sure?' }).getByRole('button', { name: 'Deactivate' }).click();
    // It still holds stock: the server says so, and the warehouse stays active.
    await expect.poll(seen(page, /still holds stock/)).toBe(true);

    await page.goto(`${server.url}/catalogs/materials`);
    await page.getByRole('button', { name: 'Where BOLT-M8 is held' }).click();
    const held = page.getByRole('dialog', { name: 'Where BOLT-M8 is held' });
    await expect.poll(visible(held.locator(`[data-holder="${WAREHOUSE}"]`))).toBe(true);
    await expect.poll(() => held.textContent()).toContain('54 on hand in all');
    await settledShot(laptop, 'catalog-holdings');
    await page.keyboard.press('Escape');

    // A part added to the catalogue on its own is held nowhere yet.
    await page.getByRole('button', { name: 'New Part' }).click();
    const created = page.getByRole('dialog', { name: 'New Part' });
    await created.getByRole('button', { name: 'Add Part' }).click();
    await expect.poll(seen(page, 'Part Number and Part Name are required')).toBe(true);
    await created.getByRole('textbox', { name: 'Part Number' }).fill('NUT-M8');
    await created.getByRole('textbox', { name: 'Part Name' }).fill('Hex nut M8');
    await created.getByRole('button', { name: 'Add Part' }).click();
    await expect.poll(seen(page, 'Part NUT-M8 added to the catalogue')).toBe(true);
    await page.getByRole('button', { name: 'Where NUT-M8 is held' }).click();
    await expect.poll(seen(page, 'No project or warehouse holds this part')).toBe(true);
    await settledShot(laptop, 'catalog-new-part-held-nowhere');
  });

  it('receives BRK-013 among 251 breakers by typing its number, then relocates and assigns it, the numbers right after each step', async () => {
    const numbers = Array.from({ length: 251 }, (_, i) => i + 11);
    for (let at = 0; at < numbers.length; at += 10) {
      await Promise.all(
        numbers
          .slice(at, at + 10)
          .map((n) => admin.post('/api/catalog/materials', { part_number: `BRK-${String(n).padStart(3, '0')}`, part_name: `Breaker ${n} A, 1-pole, type B` })),
      );
    }
    const warehouseId = (await admin.get<{ items: { id: string }[] }>('/api/warehouses')).items[0]!.id;
    const stock = async () =>
      (await admin.get<{ items: WarehouseStockRow[] }>(`/api/warehouses/${warehouseId}/inventory?mode=materials`)).items.find(
        (r) => r.material.part_number === 'BRK-013',
      );
    const places = async () => Object.fromEntries(((await stock())?.locations ?? []).map((l) => [l.label, l.qty]));
    const { page } = laptop;
    await page.goto(`${server.url}/warehouses`);
    await expect.poll(visible(page.locator('[data-part="BOLT-M8"]'))).toBe(true);

    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Receive' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive Materials' });
    const part = receive.getByRole('combobox', { name: 'Part Number' });
    await part.click();
    await part.pressSequentially('BRK-013', { delay: 30 });
    const first = page.getByRole('option').first();
    await expect.poll(() => first.textContent()).toContain('BRK-013');
    expect(await first.textContent()).toBe('BRK-013Breaker 13 A, 1-pole, type B');
    await settledShot(laptop, 'warehouse-receive-typed-number');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect.poll(() => part.inputValue()).toBe('BRK-013');
    await expect.poll(visible(receive.getByText('Breaker 13 A, 1-pole, type B'))).toBe(true);

    // Digits only: the exponent of "1e9" never reaches the box.
    const quantity = receive.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('');
    // Typed at a person's pace: a faster run is held back for a moment as a possible scanner burst.
    await quantity.pressSequentially('1e9', { delay: 80 });
    await expect.poll(() => quantity.inputValue()).toBe('19');
    await quantity.fill('40');
    await receive.getByRole('button', { name: 'Next' }).click();
    await receive.getByRole('textbox', { name: 'Rack' }).fill('D');
    await receive.getByRole('textbox', { name: 'Shelf' }).fill('1');
    await receive.getByRole('button', { name: 'Next' }).click();
    await expect.poll(visible(receive.getByRole('row', { name: 'Part Number BRK-013' }))).toBe(true);
    await receive.getByRole('button', { name: 'Receive' }).click();
    await expect.poll(seen(page, `Received 40 × BRK-013 into ${WAREHOUSE}`)).toBe(true);
    expect((await stock())?.qty_on_hand).toBe(40);
    expect(await places()).toEqual({ 'Rack D · Shelf 1': 40 });

    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Relocate' }).click();
    const relocate = page.getByRole('dialog', { name: 'Relocate Materials' });
    const material = relocate.getByRole('combobox', { name: 'Material' });
    await material.click();
    await material.pressSequentially('BRK-013', { delay: 30 });
    await expect.poll(() => page.getByRole('option').first().textContent()).toBe('BRK-013 · Breaker 13 A, 1-pole, type B (40 on hand)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await pick(page, relocate.getByRole('combobox', { name: 'From location' }), 'Rack D · Shelf 1 (40)');
    await relocate.getByRole('textbox', { name: 'Quantity' }).fill('15');
    await relocate.getByRole('button', { name: 'Next' }).click();
    await relocate.getByRole('textbox', { name: 'New rack' }).fill('E');
    await relocate.getByRole('button', { name: 'Next' }).click();
    await relocate.getByRole('button', { name: 'Relocate 15' }).click();
    await expect.poll(seen(page, 'Relocated 15 × BRK-013 to Rack E')).toBe(true);
    expect((await stock())?.qty_on_hand).toBe(40);
    expect(await places()).toEqual({ 'Rack D · Shelf 1': 25, 'Rack E': 15 });

    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Assign to Project' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign to Project' });
    await pick(page, assign.getByRole('combobox', { name: 'Material' }), /^BRK-013 · /);
    await pick(page, assign.getByRole('combobox', { name: 'From location' }), 'Rack E (15)');
    await pick(page, assign.getByRole('combobox', { name: 'Project' }), PROJECT);
    await assign.getByRole('textbox', { name: 'Quantity' }).fill('10');
    await assign.getByRole('button', { name: 'Assign' }).click();
    await expect.poll(seen(page, `Assigned 10 × BRK-013 to ${PROJECT}`)).toBe(true);
    const after = await stock();
    expect([after?.qty_on_hand, after?.qty_assigned]).toEqual([30, 10]);
    expect(await places()).toEqual({ 'Rack D · Shelf 1': 25, 'Rack E': 5 });
    const project = (await admin.get<{ items: { id: string; project_number: string }[] }>('/api/projects')).items.find((p) => p.project_number === '3001')!;
    const projectStock = await admin.get<{ items: { PartNumber: string; QtyOnHand: number }[] }>(`/api/inventory/materials?project_id=${project.id}`);
    expect(projectStock.items.find((r) => r.PartNumber === 'BRK-013')?.QtyOnHand).toBe(10);
    await settledShot(laptop, 'warehouse-breaker-inventory');
  }, 120_000);
});
