/**
 * The list screens on a 390×844 phone, with the long names real stock has: the project dashboard
 * (materials and assets), Warehouse Inventory (materials and assets), the request page and Manage
 * Requests. None may scroll the page sideways, cut a name to a few letters, or cut a status badge's
 * word. Each screen is photographed for review.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { cutBadges, cutTexts, cutToAFewLetters, pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let phone: Browser;
const PROJECT = '7001 · Northern Substation Upgrade Programme';
const ann = { first: 'Annabelle', last: 'Fitzgerald-Whitmore', email: 'annabelle@example.com', password: 'substation-user-2026' };
const PARTS = [
  ['TRF-500KVA-11/0.4', 'Distribution transformer 500 kVA 11/0.4 kV, oil immersed, ONAN', 'Transformer 500'],
  ['CBL-XLPE-240-4C', 'XLPE cable 240 mm² 4-core armoured, per metre', 'Main feeder cable'],
  ['BRK-021', 'Breaker 10 A, 2-pole, type C, DIN rail mount', 'Breaker 10 A'],
] as const;

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Northern Substation Upgrade Programme', '7001', 'Regional Power Distribution Authority');
  const member = await createUser(admin, ann);
  await addMember(admin, project.id, member.id, 'user');
  for (const [number, name, nickname] of PARTS) await receive(admin, project.id, number, 12, name, nickname);

  const warehouse = await admin.post<{ id: string }>('/api/warehouses', {
    name: 'Southern Regional Distribution Centre',
    yard_info: { location: 'Harbour Industrial Estate, Gate 7' },
  });
  for (const [number] of PARTS) {
    await admin.post(`/api/warehouses/${warehouse.id}/materials/receive`, {
      part_number: number,
      quantity: 30,
      location: { rack: 'R12', shelf: '4', bin: 'B07' },
    });
  }
  await admin.post(`/api/warehouses/${warehouse.id}/materials/receive`, { part_number: PARTS[0][0], quantity: 5, location: { zone: 'Outdoor yard north' } });

  const serialized = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Test and measurement', kind: 'serialized' });
  const bulk = await admin.post<{ id: string }>('/api/assets/categories', { category: 'Traffic control', kind: 'bulk' });
  const meter = await admin.post<{ id: string; asset_name: string }>('/api/assets/catalog', {
    asset_number: 'IRT-5KV-MEGGER',
    asset_name: 'Insulation resistance tester 5 kV with test leads',
    category: serialized.id,
    serial_required: true,
  });
  const cone = await admin.post<{ id: string; asset_name: string }>('/api/assets/catalog', {
    asset_number: 'CONE-90',
    asset_name: 'Traffic cone 90 cm reflective',
    category: bulk.id,
  });
  const newInstance = (item: { id: string; asset_name: string }, category: string, serial: string | null) => ({
    catalog_id: item.id,
    asset_name: item.asset_name,
    serial_number: serial,
    parent_warehouse_id: warehouse.id,
    metadata: { asset_name: item.asset_name, asset_category: category, serial_required: serial !== null },
  });
  for (const serial of ['MGR-2026-000417', 'MGR-2026-000418']) {
    await admin.post(`/api/warehouses/${warehouse.id}/assets/receive`, newInstance(meter, 'Test and measurement', serial));
  }
  await admin.post(`/api/projects/${project.id}/assets/receive`, newInstance(meter, 'Test and measurement', 'MGR-2026-000419'));
  await admin.post(`/api/warehouses/${warehouse.id}/assets/receive`, { ...newInstance(cone, 'Traffic control', null), quantity: 1200 });
  await admin.post(`/api/projects/${project.id}/assets/receive`, { ...newInstance(cone, 'Traffic control', null), quantity: 48 });

  const own = await ApiSession.signIn(server.url, ann.email, ann.password);
  await own.post('/api/requests/material', {
    project_id: project.id,
    project_number: '7001',
    pick_list: PARTS.map(([number, name]) => ({
      part_number: number,
      part_name: name,
      qty: 2,
      status: 'requested',
      notes: 'for the north bay switch room, second floor',
    })),
  });
  phone = await openBrowser({ width: 390, height: 844 });
}, 120_000);
afterAll(async () => {
  await phone?.close();
  await server?.stop();
});

/** The page fits the phone's width, no name is cut to a few letters and every badge shows its word. */
async function fits(page: Page, shot: string) {
  await settledShot(phone, shot);
  expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  expect(await cutToAFewLetters(page.locator('main'))).toEqual([]);
  expect(await cutBadges(page.locator('main'))).toEqual([]);
}

/** Every serial number in the table shows whole: it is what tells one instance from another. */
async function serialsWhole(page: Page) {
  const cut = await cutTexts(page.locator('main'), 'td *');
  expect(cut.filter((c) => /MGR-2026/.test(c.text))).toEqual([]);
}

describe('the list screens on a 390×844 phone', () => {
  it('the project dashboard, materials and assets', async () => {
    const { page } = phone;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await chooseProject(page, PROJECT);
    await expect.poll(visible(page.locator(`[data-part="${PARTS[0][0]}"]`))).toBe(true);
    await fits(page, 'phone-dashboard-materials');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await segment(page, 'Inventory mode', 'Assets');
    await page.getByRole('button', { name: 'Close navigation' }).click();
    await expect.poll(visible(page.locator('tr[data-serial="MGR-2026-000419"]'))).toBe(true);
    await expect.poll(visible(page.locator('tr[data-asset="CONE-90"]'))).toBe(true);
    await fits(page, 'phone-dashboard-assets');
    await serialsWhole(page);
  });

  it('Warehouse Inventory, materials and assets', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/warehouses?mode=materials`);
    await expect.poll(visible(page.locator(`[data-part="${PARTS[0][0]}"]`))).toBe(true);
    await fits(page, 'phone-warehouse-materials');

    await page.goto(`${server.url}/warehouses?mode=assets`);
    await expect.poll(visible(page.locator('tr[data-serial="MGR-2026-000417"]'))).toBe(true);
    await fits(page, 'phone-warehouse-assets');
    await serialsWhole(page);
  });

  it('Manage Requests, and the request page of the user who asked', async () => {
    const { page } = phone;
    await page.goto(`${server.url}/dashboard/manage_requests`);
    await expect.poll(visible(page.locator('tr[data-request="R-1"]'))).toBe(true);
    await fits(page, 'phone-manage-requests');

    await phone.context.clearCookies();
    await signIn(page, server.url, ann.email, ann.password);
    await chooseProject(page, PROJECT);
    await page.goto(`${server.url}/dashboard/requests`);
    await expect.poll(visible(page.locator('tr[data-request="R-1"]'))).toBe(true);
    await fits(page, 'phone-requests');
  });
});
