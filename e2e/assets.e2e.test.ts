/**
 * Assets, end to end: the asset receive wizard adds a new type with its first instance, then
 * receives a second instance of that existing type; Asset Details shows the QR code of the
 * tracker link and marks the first instance in use for a member; the asset tracker in Warehouse
 * Inventory finds it by serial and names who has it; the tracker link opened signed out leads to
 * the tracker after sign-in; the assets mode fits a 390×844 screen without sideways scrolling.
 * A new type made in Asset Catalog Management gets two serialized instances received into the
 * warehouse, which its inventory, the tracker and the API then show; a bulk type's counts show
 * whole in the S/N column. Every screen is photographed for review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { cutTexts } from './helpers/layout.ts';
import { chooseProject, pick, seen, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let laptop: Browser;
let ben: Member;
const PROJECT = '3001 · Riverside Depot';
const WAREHOUSE = '#1 · North Yard';

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Riverside Depot', '3001', 'City Water');
  await admin.post('/api/warehouses', { name: 'North Yard', yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks' } });
  ben = await createUser(admin, { first: 'Ben', last: 'Carter', email: 'ben.carter@example.com', password: 'Ben-carter-2026!' });
  await addMember(admin, project.id, ben.id, 'user');
  laptop = await openBrowser();
}, 60_000);
afterAll(async () => {
  await laptop?.close();
  await server?.stop();
});

/** The asset table's row of one serial number. */
const assetRow = (page: Browser['page'], serial: string) => page.locator(`tr[data-serial="${serial}"]`);

/** Fills the wizard's instance form: serial and parent warehouse, then on to the summary. */
async function instanceForm(page: Browser['page'], wizard: ReturnType<Browser['page']['getByRole']>, serial: string) {
  await wizard.getByRole('textbox', { name: 'Serial Number' }).fill(serial);
  await pick(page, wizard.getByRole('combobox', { name: 'Parent warehouse' }), WAREHOUSE);
  await wizard.getByRole('button', { name: 'Next' }).click();
}

describe('assets', () => {
  it('receives a new type, then an existing type, and marks an instance in use', async () => {
    const { page } = laptop;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await segment(page, 'Inventory mode', 'Assets');
    await expect.poll(seen(page, 'No data to display')).toBe(true);
    await expect.poll(visible(page.getByRole('button', { name: 'Receive Assets' }))).toBe(true);
    await settledShot(laptop, 'assets-empty');

    // A new type: the catalogue has nothing yet.
    await page.getByRole('button', { name: 'Receive Assets' }).click();
    const wizard = page.getByRole('dialog', { name: 'Receive Assets' });
    await wizard.getByRole('radio', { name: 'No, it is new to the system' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('radio', { name: 'New type (add it to the asset catalog)' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect.poll(seen(page, 'Provide an asset name and number.')).toBe(true);
    await wizard.getByRole('textbox', { name: 'Asset Number' }).fill('LAP-01');
    await wizard.getByRole('textbox', { name: 'Asset Name' }).fill('ThinkPad T14');
    await wizard.getByRole('textbox', { name: 'New category name' }).fill('Laptops');
    await pick(page, wizard.getByRole('combobox', { name: 'Parent warehouse' }), WAREHOUSE);
    await wizard.getByRole('button', { name: 'Next' }).click();
    await expect.poll(seen(page, 'Serial number is required for this asset type.')).toBe(true);
    await settledShot(laptop, 'assets-receive-new-type-form');
    await instanceForm(page, wizard, 'PF3X9');
    await expect.poll(visible(wizard.getByRole('row', { name: 'Serial number PF3X9' }))).toBe(true);
    await settledShot(laptop, 'assets-receive-summary');
    await wizard.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, 'Asset ThinkPad T14 received into project.')).toBe(true);
    await expect.poll(visible(assetRow(page, 'PF3X9'))).toBe(true);

    // The type exists now: a second instance of it.
    await page.getByRole('button', { name: 'Receive Assets' }).click();
    await wizard.getByRole('radio', { name: 'No, it is new to the system' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('radio', { name: 'Existing type (from the asset catalog)' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await pick(page, wizard.getByRole('combobox', { name: 'Asset type' }), 'LAP-01 · ThinkPad T14');
    await instanceForm(page, wizard, 'PF3X10');
    await wizard.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(visible(assetRow(page, 'PF3X10'))).toBe(true);
    await expect.poll(() => assetRow(page, 'PF3X10').getAttribute('data-asset')).toBe('LAP-01');

    // Asset Details: the QR code of its tracker link, then Mark In Use for Ben.
    await assetRow(page, 'PF3X9').getByRole('button', { name: 'Details of ThinkPad T14 PF3X9' }).click();
    const details = page.getByRole('dialog', { name: 'Asset Details' });
    await expect.poll(visible(details.getByRole('img', { name: /QR code of the tracker link/ }))).toBe(true);
    expect(await details.getByRole('img', { name: /QR code/ }).getAttribute('data-link')).toMatch(/\/warehouses\?mode=assets&track=[0-9a-f-]{36}$/);
    await settledShot(laptop, 'assets-details-qr');
    await details.getByRole('button', { name: 'Mark In Use' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Assets' });
    await pick(page, assign.getByRole('combobox', { name: 'User' }), 'Ben Carter');
    await assign.getByRole('button', { name: 'Next' }).click();
    await settledShot(laptop, 'assets-mark-in-use-confirm');
    await assign.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, 'Asset marked in use')).toBe(true);
    await expect.poll(() => assetRow(page, 'PF3X9').locator('[data-status]').getAttribute('data-status')).toBe('In-Use');
    await settledShot(laptop, 'assets-dashboard');
  }, 120_000);

  it('finds the instance with the tracker: where it is and who has it', async () => {
    const { page } = laptop;
    await page.getByRole('link', { name: 'Warehouse Inventory' }).click();
    await page.waitForURL(/\/warehouses/);
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Asset Tracker' }).click();
    const tracker = page.getByRole('dialog', { name: 'Asset Tracker' });
    await tracker.getByRole('textbox', { name: 'Find an asset' }).fill('PF3X9');
    await tracker.getByRole('button', { name: 'LAP-01 · ThinkPad T14 · S/N PF3X9' }).click();
    const where = tracker.getByRole('region', { name: 'Asset location' });
    await expect.poll(visible(where.getByRole('row', { name: `Where Project ${PROJECT}` }))).toBe(true);
    await expect.poll(visible(where.getByRole('row', { name: /Who has it Ben Carter/ }))).toBe(true);
    await settledShot(laptop, 'assets-tracker');
    await page.keyboard.press('Escape');

    // The other instance comes back from the project into the warehouse, and both logs say so.
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Return' }).click();
    const back = page.getByRole('dialog', { name: 'Return Asset to Warehouse' });
    await back.getByRole('combobox', { name: 'Asset instance' }).fill('PF3X10');
    await page.getByRole('option', { name: 'LAP-01 · ThinkPad T14 · S/N PF3X10' }).click();
    await back.getByRole('button', { name: 'Next' }).click();
    await back.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, 'Asset returned to warehouse')).toBe(true);
    await expect.poll(visible(assetRow(page, 'PF3X10'))).toBe(true);
    await settledShot(laptop, 'assets-warehouse-inventory');

    // Lost in the warehouse, then found again, each a form and a confirm step from Asset Details.
    await assetRow(page, 'PF3X10').getByRole('button', { name: 'Details of ThinkPad T14 PF3X10' }).click();
    await page.getByRole('dialog', { name: 'Asset Details' }).getByRole('button', { name: 'Mark Lost' }).click();
    const lost = page.getByRole('dialog', { name: 'Mark Lost · LAP-01' });
    await lost.getByRole('button', { name: 'Next' }).click();
    await lost.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, 'Marked lost')).toBe(true);
    await expect.poll(() => assetRow(page, 'PF3X10').locator('[data-status]').getAttribute('data-status')).toBe('Lost');
    const markFound = page.getByRole('dialog', { name: 'Asset Details' }).getByRole('button', { name: 'Mark Found' });
    await expect.poll(visible(markFound)).toBe(true);
    await markFound.click();
    const found = page.getByRole('dialog', { name: 'Mark Found · LAP-01' });
    await found.getByRole('button', { name: 'Next' }).click();
    await settledShot(laptop, 'assets-mark-found-confirm');
    await found.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, 'Marked found')).toBe(true);
    await expect.poll(() => assetRow(page, 'PF3X10').locator('[data-status]').getAttribute('data-status')).toBe('Available');
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: 'Warehouse Logs' }).click();
    await page.waitForURL(/\/warehouses\/logs/);
    const logs = page.getByRole('table', { name: 'Asset logs' });
    await expect.poll(visible(logs.locator('tr[data-type="Return"]'))).toBe(true);
    expect(await logs.locator('tr[data-type="Return"]').textContent()).toContain('PF3X10');
    await expect.poll(visible(logs.locator('tr[data-type="Lost"]'))).toBe(true);
    await expect.poll(visible(logs.locator('tr[data-type="Found"]'))).toBe(true);
    await settledShot(laptop, 'assets-warehouse-logs');
  });

  it('fits a 390×844 screen, and the QR link leads to the tracker after sign-in', async () => {
    const phone = await openBrowser({ width: 390, height: 844 });
    try {
      const { page } = phone;
      const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
      const found = await admin.get<{ items: { id: string }[] }>('/api/assets/search?q=PF3X9');
      const link = `${server.url}/warehouses?mode=assets&track=${found.items[0]!.id}`;

      // Signed out: the link asks for sign-in first, then opens the tracker on that instance.
      await page.goto(link);
      await page.waitForURL(/\/login/);
      await page.locator('input[type=email]').fill(server.admin.email);
      await page.locator('input[type=password]').fill(server.admin.password);
      await page.getByRole('button', { name: 'Login' }).click();
      const tracker = page.getByRole('dialog', { name: 'Asset Tracker' });
      await expect.poll(visible(tracker.getByRole('row', { name: /Who has it Ben Carter/ })), { timeout: 10_000 }).toBe(true);
      await settledShot(phone, 'assets-phone-tracker-link');
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/dashboard`);
      await chooseProject(page, PROJECT);
      await expect.poll(visible(assetRow(page, 'PF3X9'))).toBe(true);
      const overflow = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
      await settledShot(phone, 'assets-phone-dashboard');

      await assetRow(page, 'PF3X9')
        .getByRole('button', { name: /Details of/ })
        .click();
      await expect.poll(visible(page.getByRole('img', { name: /QR code/ }))).toBe(true);
      await settledShot(phone, 'assets-phone-details');
      await page.keyboard.press('Escape');

      await page.goto(`${server.url}/catalogs/assets`);
      await expect.poll(visible(page.getByRole('table', { name: 'Catalog items' }))).toBe(true);
      const catalogOverflow = await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);
      expect(catalogOverflow).toBe(true);
      await settledShot(phone, 'assets-phone-catalog');
    } finally {
      await phone.close();
    }
  }, 120_000);

  it('adds a serialized type in Asset Catalog Management and receives two instances of it into the warehouse', async () => {
    const { page } = laptop;
    await page.goto(`${server.url}/catalogs/assets`);
    await page.getByRole('tab', { name: 'Categories' }).click();
    await page.getByRole('button', { name: 'Add Category' }).click();
    const category = page.getByRole('dialog', { name: 'Add Category' });
    await category.getByRole('textbox', { name: 'Category Name' }).fill('Survey instruments');
    await category.getByRole('radio', { name: /^Serialized/ }).check();
    await category.getByRole('button', { name: 'Add' }).click();
    await expect.poll(visible(category)).toBe(false);

    await page.getByRole('tab', { name: 'Catalog Items' }).click();
    await page.getByRole('button', { name: 'Add Catalog Item' }).click();
    const item = page.getByRole('dialog', { name: 'Add Catalog Item' });
    await item.getByRole('textbox', { name: 'Asset Number' }).fill('TS-16');
    await item.getByRole('textbox', { name: 'Asset Name' }).fill('Leica TS16 total station');
    await pick(page, item.getByRole('combobox', { name: 'Category' }), 'Survey instruments (serialized)');
    await item.getByRole('checkbox', { name: 'Serial number required' }).check();
    await settledShot(laptop, 'assets-catalog-new-type');
    await item.getByRole('button', { name: 'Add' }).click();
    const catalogRow = page.getByRole('table', { name: 'Catalog items' }).getByRole('row', { name: /TS-16/ });
    await expect.poll(visible(catalogRow)).toBe(true);
    expect(await catalogRow.textContent()).toContain('Survey instruments');
    await settledShot(laptop, 'assets-catalog-with-type');

    await page.goto(`${server.url}/warehouses?mode=assets`);
    for (const serial of ['TS16-0001', 'TS16-0002']) {
      await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Receive' }).click();
      const wizard = page.getByRole('dialog', { name: 'Receive Assets' });
      await wizard.getByRole('radio', { name: 'No, it is new to the system' }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('radio', { name: 'Existing type (from the asset catalog)' }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await pick(page, wizard.getByRole('combobox', { name: 'Asset type' }), 'TS-16 · Leica TS16 total station');
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect.poll(seen(page, 'Serial number is required for this asset type.')).toBe(true);
      await wizard.getByRole('textbox', { name: 'Serial Number' }).fill(serial);
      await wizard.getByRole('button', { name: 'Next' }).click();
      await expect.poll(visible(wizard.getByRole('row', { name: `Serial number ${serial}` }))).toBe(true);
      await wizard.getByRole('button', { name: 'Confirm' }).click();
      await expect.poll(visible(assetRow(page, serial))).toBe(true);
      expect(await assetRow(page, serial).getAttribute('data-asset')).toBe('TS-16');
    }
    await settledShot(laptop, 'assets-warehouse-two-serials');

    // The warehouse holds both, and the tracker finds each by its serial.
    const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
    const warehouseId = (await admin.get<{ items: { id: string }[] }>('/api/warehouses')).items[0]!.id;
    const held = await admin.get<{ items: { AssetNumber: string; serial_number: string | null }[] }>(`/api/assets/inventory/warehouse/${warehouseId}`);
    expect(held.items.filter((r) => r.AssetNumber === 'TS-16').map((r) => r.serial_number)).toEqual(expect.arrayContaining(['TS16-0001', 'TS16-0002']));
    expect(held.items.filter((r) => r.AssetNumber === 'TS-16')).toHaveLength(2);
    const catalog = await admin.get<{ items: { asset_number: string; instances: number }[] }>('/api/assets/catalog');
    expect(catalog.items.find((i) => i.asset_number === 'TS-16')?.instances).toBe(2);
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Asset Tracker' }).click();
    const tracker = page.getByRole('dialog', { name: 'Asset Tracker' });
    await tracker.getByRole('textbox', { name: 'Find an asset' }).fill('TS16-0002');
    await tracker.getByRole('button', { name: 'TS-16 · Leica TS16 total station · S/N TS16-0002' }).click();
    await expect.poll(visible(tracker.getByRole('region', { name: 'Asset location' }).getByRole('row', { name: `Where Warehouse ${WAREHOUSE}` }))).toBe(true);
    await settledShot(laptop, 'assets-tracker-new-type');
    await page.keyboard.press('Escape');
  });

  it("shows a bulk type's counts whole in the S/N column", async () => {
    const { page } = laptop;
    const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
    const warehouseId = (await admin.get<{ items: { id: string }[] }>('/api/warehouses')).items[0]!.id;
    const category = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Traffic control', kind: 'bulk' });
    await admin.post('/api/assets/catalog', { asset_number: 'CONE-90', asset_name: 'Traffic cone 90 cm', category: category.id, serial_required: false });
    await page.goto(`${server.url}/warehouses?mode=assets`);
    await page.getByRole('region', { name: 'Warehouse Actions' }).getByRole('button', { name: 'Receive' }).click();
    const wizard = page.getByRole('dialog', { name: 'Receive Assets' });
    await wizard.getByRole('radio', { name: 'No, it is new to the system' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('radio', { name: 'Existing type (from the asset catalog)' }).check();
    await wizard.getByRole('button', { name: 'Next' }).click();
    await pick(page, wizard.getByRole('combobox', { name: 'Asset type' }), 'CONE-90 · Traffic cone 90 cm');
    const quantity = wizard.getByRole('textbox', { name: 'Quantity' });
    await quantity.fill('');
    // Typed at a person's pace: a faster run is held back for a moment as a possible scanner burst.
    await quantity.pressSequentially('1e2', { delay: 80 });
    await expect.poll(() => quantity.inputValue()).toBe('12');
    await quantity.fill('1200');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('button', { name: 'Confirm' }).click();
    const bulkRow = page.locator('tr[data-asset="CONE-90"]');
    await expect.poll(visible(bulkRow)).toBe(true);
    await expect.poll(() => bulkRow.textContent()).toContain('1200 on hand');
    await settledShot(laptop, 'assets-warehouse-bulk');
    expect(await cutTexts(bulkRow, 'td, td *')).toEqual([]);
    const held = await admin.get<{ items: { AssetNumber: string; QtyOnHand: number }[] }>(`/api/assets/inventory/warehouse/${warehouseId}`);
    expect(held.items.find((r) => r.AssetNumber === 'CONE-90')?.QtyOnHand).toBe(1200);
  });
});
