/**
 * Scan to act, end to end: a keyboard-mode scanner's burst typed on the dashboard while the
 * inventory search has the focus lands on the part's row, scrolled into view and marked, and the
 * search keeps what the person had typed; with the camera denied the scan page says why and takes
 * a typed serial, which opens the asset's card; a phone's camera filming an asset label opens its
 * card, and the person marks it in use for a member, which the server then shows. The scan screens
 * fit a phone without sideways scrolling. Data is set up through the API; every screen is
 * photographed for review.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackerUrl } from '../contract/scan-paths.ts';
import { addMember, ApiSession, createProject, createUser, receive, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { fakeCameraFlags, qrFrame, writeY4m } from './helpers/fake-camera.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, inSight, pick, scannerBurst, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let ben: Member;
/** The scanned laptop's instance id, which its label's QR code carries in the tracker link. */
let laptopId: string;
const PROJECT = '3001 · Riverside Depot';
const SERIAL = 'PF3X9';
/** The part scanned: far enough down a long inventory that the table has to scroll to it. */
const SCANNED = 'HB-M8-170';

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Riverside Depot', '3001', 'City Water');
  for (let n = 101; n <= 180; n += 1) await receive(admin, project.id, `HB-M8-${n}`, 10 + n, `Hex bolt M8 × ${n} mm`);
  const warehouse = await admin.post<{ id: string }>('/api/warehouses', {
    name: 'North Yard',
    yard_info: { location: 'Dock Road 4', capacity_summary: '12 racks' },
  });
  const category = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Laptops', kind: 'serialized' });
  const laptop = await admin.post<{ id: string; asset_name: string }>('/api/assets/catalog', {
    asset_number: 'LAP-01',
    asset_name: 'ThinkPad T14',
    category: category.id,
    serial_required: true,
  });
  ben = await createUser(admin, { first: 'Ben', last: 'Carter', email: 'ben.carter@example.com', password: 'Ben-carter-2026!' });
  await addMember(admin, project.id, ben.id, 'user');
  const received = await admin.post<{ instance: { id: string } }>(`/api/projects/${project.id}/assets/receive`, {
    catalog_id: laptop.id,
    asset_name: laptop.asset_name,
    serial_number: SERIAL,
    parent_warehouse_id: warehouse.id,
    metadata: { asset_name: laptop.asset_name, asset_category: 'Laptops', serial_required: true },
  });
  laptopId = received.instance.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('scanning', () => {
  let desk: Browser;
  beforeAll(async () => {
    desk = await openBrowser();
  });
  afterAll(async () => {
    await desk?.close();
  });

  it('lands a scanner burst on the part’s row and leaves the focused search as it was', async () => {
    const { page } = desk;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    const search = page.getByRole('textbox', { name: 'Search inventory' });
    await search.fill('bolt');
    await expect.poll(visible(page.locator('tr[data-part="HB-M8-101"]'))).toBe(true);
    await search.focus();

    // A scanner types far faster than a person, then Enter.
    await scannerBurst(page, SCANNED);

    await page.waitForURL(new RegExp(`/dashboard\\?part=${SCANNED}$`));
    const row = page.locator(`tr[data-part="${SCANNED}"]`);
    await expect.poll(() => row.getAttribute('data-highlighted')).toBe('true');
    await expect.poll(inSight(row)).toBe(true);
    expect(await search.inputValue()).toBe('bolt');
    await expect.poll(seen(page, `Scanned: Part ${SCANNED} · Hex bolt M8 × 170 mm (${PROJECT})`)).toBe(true);
    await settledShot(desk, 'scan-burst-dashboard-row');
  }, 90_000);

  it('opens the scan page from the header’s Scan button', async () => {
    const { page } = desk;
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Scan' });
    await expect.poll(visible(dialog.getByRole('textbox', { name: 'Type a code' }))).toBe(true);
    await settledShot(desk, 'scan-dialog-desktop');
    await dialog.getByRole('link', { name: /Open the scan page/ }).click();
    await page.waitForURL(/\/scan$/);
    await expect.poll(visible(page.getByRole('radiogroup', { name: 'Scan mode' }))).toBe(true);
    await settledShot(desk, 'scan-page-desktop');
  }, 60_000);
});

describe('scanning on a phone with the camera denied', () => {
  let phone: Browser;
  beforeAll(async () => {
    // A camera is there, but the permission prompt is answered no.
    phone = await openBrowser({ width: 390, height: 844 }, ['--use-fake-device-for-media-stream', '--deny-permission-prompts']);
  });
  afterAll(async () => {
    await phone?.close();
  });

  it('says why, takes the typed serial and opens the asset’s card, all without sideways scrolling', async () => {
    const { page } = phone;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    await page.getByRole('link', { name: /Open the scan page/ }).click();
    await page.waitForURL(/\/scan$/);
    const typed = page.getByRole('textbox', { name: 'Type a code' });
    await expect.poll(seen(page, 'Camera access refused')).toBe(true);
    await expect.poll(seen(page, "Camera access was refused. Allow the camera in the browser's site settings, or type the code below.")).toBe(true);
    await expect.poll(() => typed.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(await pageOverflow(page)).toBe(0);
    await settledShot(phone, 'scan-page-phone-camera-denied');

    await typed.pressSequentially(SERIAL, { delay: 60 });
    await page.keyboard.press('Enter');
    const card = page.getByRole('region', { name: 'Scanned asset' });
    await expect.poll(visible(card.getByRole('heading', { name: 'LAP-01 · ThinkPad T14' }))).toBe(true);
    await expect.poll(visible(card.getByText(SERIAL))).toBe(true);
    await expect.poll(visible(card.getByRole('button', { name: 'Mark In Use' }))).toBe(true);
    expect(await pageOverflow(page)).toBe(0);
    await settledShot(phone, 'scan-page-phone-asset-card');

    // The scan is kept for the session, ready to open again.
    await expect.poll(visible(page.getByRole('button', { name: `Open ${SERIAL} again` }))).toBe(true);
  }, 90_000);
});

describe('scanning an asset label with a phone’s camera', () => {
  let phone: Browser;
  let videoDir: string;
  beforeAll(async () => {
    // The camera films the laptop's label: the QR code of its tracker link, as Asset Details prints it.
    videoDir = mkdtempSync(path.join(tmpdir(), 'stockledger-scan-'));
    const video = path.join(videoDir, 'laptop-label.y4m');
    writeY4m(video, await qrFrame(trackerUrl(server.url, laptopId)));
    phone = await openBrowser({ width: 390, height: 844 }, fakeCameraFlags(video));
  });
  afterAll(async () => {
    await phone?.close();
    rmSync(videoDir, { recursive: true, force: true });
  });

  it('opens the asset’s card from the camera and marks it in use for a member', async () => {
    const { page } = phone;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByRole('button', { name: 'Scan', exact: true }).click();
    const scan = page.getByRole('dialog', { name: 'Scan' });
    const card = scan.getByRole('region', { name: 'Scanned asset' });
    await expect.poll(visible(card.getByRole('heading', { name: 'LAP-01 · ThinkPad T14' })), { timeout: 15_000 }).toBe(true);
    await expect.poll(visible(card.getByText('Available'))).toBe(true);
    expect(await pageOverflow(page)).toBe(0);
    await settledShot(phone, 'scan-camera-phone-asset-card');

    await card.getByRole('button', { name: 'Mark In Use' }).click();
    const assign = page.getByRole('dialog', { name: 'Assign Assets' });
    await pick(page, assign.getByRole('combobox', { name: 'User' }), 'Ben Carter');
    await assign.getByRole('button', { name: 'Next' }).click();
    await assign.getByRole('button', { name: 'Confirm' }).click();
    await expect.poll(seen(page, 'Asset marked in use')).toBe(true);
    // The card is looked up again and shows the asset as it is now.
    await expect.poll(visible(card.getByText('In Use', { exact: true }))).toBe(true);
    await expect.poll(visible(card.getByText('Ben Carter'))).toBe(true);
    await expect.poll(visible(card.getByRole('button', { name: 'Return from use' }))).toBe(true);
    await settledShot(phone, 'scan-camera-phone-marked-in-use');

    const where = await admin.get<{ instance: { Status: string; assigned_user_id: string | null }; assignedUser: { user_email: string } | null }>(
      `/api/assets/location/${laptopId}`,
    );
    expect(where.instance.Status).toBe('In-Use');
    expect(where.instance.assigned_user_id).toBe(ben.id);
    expect(where.assignedUser?.user_email).toBe('ben.carter@example.com');
  }, 120_000);
});
