/**
 * A request, end to end, in two windows: Ann (a project user) searches the project's forty breakers
 * for BRK-021, picks it (the box then shows the part, with no "No part matches" under it) and asks
 * for 5 of it and 3 cable. Mia (the project's manager), on her dashboard in the other window, sees
 * `New request received` and the sidebar's badge go up without a reload. Fulfill All stays disabled
 * (2 breakers on hand), so she fulfils part (3 cable, 2 breakers) and holds the rest waiting on
 * delivery; Ann's history follows live. Mia then receives 3 breakers with the Receive wizard,
 * typing the part number and pressing Enter: that covers the held line, so the receive re-opens
 * the request (spec 01 §4 Requests), and Ann's screen says so. Every status badge shows its whole
 * word; the request page is also photographed on a 390×844 phone, where nothing may scroll sideways.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { cutBadges, pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, downloadText, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let projectId: string;
let requestId: string;
let requester: Browser;
let manager: Browser;
let phone: Browser;
const PROJECT = '5001 · Harbour Works';
const ann = { first: 'Ann', last: 'Field', email: 'ann@example.com', password: 'harbour-user-2026' };
const mia = { first: 'Mia', last: 'Boss', email: 'mia@example.com', password: 'harbour-manager-2026' };
const BREAKER = 'BRK-021';
const BREAKER_NAME = 'Breaker 10 A, 2-pole, type C, DIN rail mount';

interface RequestDetail {
  id: string;
  status: string;
  picklist: { part_number: string; qty: number; status: string }[];
}
interface InventoryRow {
  PartNumber: string;
  QtyOnHand: number;
}

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Harbour Works', '5001', 'Port Authority')).id;
  const a = await createUser(admin, ann);
  const m = await createUser(admin, mia);
  await addMember(admin, projectId, a.id, 'user');
  await addMember(admin, projectId, m.id, 'manager');
  await receive(admin, projectId, 'CAB-1', 10, 'Armoured cable 25 m', 'Cable');
  // Forty breakers whose numbers share their first characters, as a real catalogue's do.
  for (let n = 1; n <= 40; n += 1) {
    const number = `BRK-${String(n).padStart(3, '0')}`;
    await receive(admin, projectId, number, number === BREAKER ? 2 : 4, number === BREAKER ? BREAKER_NAME : `Breaker ${n} A, 1-pole, type B`, `Breaker ${n} A`);
  }
  requester = await openBrowser();
  manager = await openBrowser();
}, 90_000);
afterAll(async () => {
  await phone?.close();
  await manager?.close();
  await requester?.close();
  await server?.stop();
});

/** Searches as a person does: types, waits for the suggestion, picks it, and waits as long as a search takes again. */
async function addItem(page: Page, search: string, option: RegExp, qty: number, notes = '') {
  const box = page.getByRole('combobox', { name: 'Search parts' });
  await box.fill(search);
  const suggestion = page.getByRole('option', { name: option }).first();
  await expect.poll(visible(suggestion)).toBe(true);
  await suggestion.click();
  await expect.poll(() => page.getByRole('button', { name: 'Add to request' }).isEnabled()).toBe(true);
  await page.getByRole('textbox', { name: 'Quantity' }).fill(String(qty));
  if (notes) await page.getByRole('textbox', { name: 'Notes (optional)' }).fill(notes);
  return box;
}

const historyStatus = (page: Page, status: string) => visible(page.locator('tr[data-request="R-1"]').getByText(status, { exact: true }));
const badge = (page: Page) => page.getByTestId('requests-unread');
const requestNow = () => admin.get<RequestDetail>(`/api/requests/${requestId}`);
const onHand = async (part: string) =>
  (await admin.get<{ items: InventoryRow[] }>(`/api/inventory/materials?project_id=${projectId}`)).items.find((r) => r.PartNumber === part)?.QtyOnHand;

describe('a request, from the asking to the fulfilling, in two windows', () => {
  it('both sign in to the project; the manager waits on her dashboard', async () => {
    await signIn(manager.page, server.url, mia.email, mia.password);
    await chooseProject(manager.page, PROJECT);
    await signIn(requester.page, server.url, ann.email, ann.password);
    await chooseProject(requester.page, PROJECT);
    expect(await badge(manager.page).count()).toBe(0);
  });

  it('Ann picks BRK-021 from the search, which then shows the part without a "No part matches", and submits two parts', async () => {
    const { page } = requester;
    await page.getByRole('link', { name: 'Requests' }).click();
    await page.waitForURL(/\/dashboard\/requests$/);
    await expect.poll(seen(page, 'You have not made any requests in this project yet')).toBe(true);

    const box = await addItem(page, BREAKER, new RegExp(`^${BREAKER} · `), 5, 'for the north pier switchboard, plant room on level 2');
    expect(await box.inputValue()).toBe(`${BREAKER} · ${BREAKER_NAME} (Breaker 21 A)`);
    // Longer than a search takes to answer: the chosen label must not be searched for.
    await page.waitForTimeout(800);
    expect(await page.getByText(/No part matches/).count()).toBe(0);
    await settledShot(requester, 'requests-user-part-chosen');
    await page.getByRole('button', { name: 'Add to request' }).click();

    await addItem(page, 'cab', /CAB-1/, 3);
    await page.getByRole('button', { name: 'Add to request' }).click();
    await expect.poll(visible(page.getByRole('table', { name: 'Request list' }).locator(`tr[data-part="${BREAKER}"]`))).toBe(true);
    await settledShot(requester, 'requests-user-list');
    const started = Date.now();
    await page.getByRole('button', { name: 'Submit Request' }).click();

    // The manager's window hears of it without a reload: the toast, and the badge.
    await expect.poll(seen(manager.page, 'New request received')).toBe(true);
    await expect.poll(() => badge(manager.page).textContent()).toBe('1');
    console.info(`the manager's window showed the new request ${Date.now() - started} ms after the submit`);
    await settledShot(manager, 'requests-manager-toast-badge');
    await expect.poll(seen(page, 'Request R-1 submitted')).toBe(true);
    await expect.poll(historyStatus(page, 'Requested')).toBe(true);

    const mine = await admin.get<{ items: { id: string }[] }>(`/api/requests?project_id=${projectId}&status=all`);
    requestId = mine.items[0]!.id;
    const detail = await requestNow();
    expect(detail.picklist.map((l) => [l.part_number, l.qty, l.status])).toEqual([
      [BREAKER, 5, 'requested'],
      ['CAB-1', 3, 'requested'],
    ]);
  });

  it('Mia cannot Fulfill All (2 breakers on hand), so she fulfils part and holds the rest waiting on delivery', async () => {
    const { page } = manager;
    await page.getByRole('link', { name: 'Requests' }).click();
    await page.waitForURL(/\/dashboard\/manage_requests$/);
    // Opening Manage Requests marks the project's requests read.
    await expect.poll(() => badge(page).count()).toBe(0);
    await page.getByRole('checkbox', { name: 'Select request R-1' }).check();
    const fulfilAll = page.getByRole('button', { name: 'Fulfill All' }).first();
    await expect.poll(() => fulfilAll.getAttribute('aria-disabled')).toBe('true');
    await fulfilAll.hover();
    await expect.poll(seen(page, `Insufficient Quantity: ${BREAKER} needs 5, 2 on hand`)).toBe(true);
    await settledShot(manager, 'requests-manage-fulfil-all-disabled');

    await page.getByRole('button', { name: 'Fulfill Partial' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Fulfill part of request R-1' });
    await dialog.getByRole('textbox', { name: 'Fulfil quantity of CAB-1' }).fill('3');
    await dialog.getByRole('textbox', { name: `Fulfil quantity of ${BREAKER}` }).fill('2');
    await dialog.getByRole('radio', { name: 'Hold it, waiting on delivery' }).check();
    await settledShot(manager, 'requests-manage-partial');
    await dialog.getByRole('button', { name: 'Fulfill 5' }).click();
    await expect.poll(seen(page, 'Fulfilled part of request R-1')).toBe(true);
    expect((await requestNow()).status).toBe('on-hold');
    expect(await onHand(BREAKER)).toBe(0);
    expect(await onHand('CAB-1')).toBe(7);

    // The drawer shows the split lines, each state in a whole word, and the request's history.
    await page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'All', exact: true }).check();
    await page.getByRole('button', { name: 'View request R-1' }).click();
    const drawer = page.getByRole('dialog', { name: 'Request R-1' });
    await expect.poll(visible(drawer.getByTestId('request-status').getByText('On Hold'))).toBe(true);
    await expect.poll(() => drawer.locator(`tr[data-part="${BREAKER}"]`).count()).toBe(2);
    await expect.poll(visible(drawer.getByText('Submitted', { exact: true }))).toBe(true);
    await settledShot(manager, 'requests-manage-drawer');
    expect(await cutBadges(drawer)).toEqual([]);
    await page.keyboard.press('Escape');

    // Export: every request the filters show, as a timestamped CSV file.
    const file = await downloadText(page, () => page.getByRole('button', { name: 'Export CSV' }).click());
    expect(file.name).toMatch(/\.csv$/);
    expect(file.text).toContain('Ann Field');
  });

  it("Ann's history shows the new state without a reload, and the side panel the split lines in whole words", async () => {
    const { page } = requester;
    await expect.poll(historyStatus(page, 'On Hold')).toBe(true);
    await page.getByRole('button', { name: 'View request R-1' }).click();
    const panel = page.getByRole('dialog', { name: 'Request R-1' });
    await expect.poll(() => panel.locator(`tr[data-part="${BREAKER}"][data-line-status="fulfilled"]`).count()).toBe(1);
    await expect.poll(() => panel.locator(`tr[data-part="${BREAKER}"][data-line-status="on-hold"]`).count()).toBe(1);
    await settledShot(requester, 'requests-user-history-panel');
    expect(await cutBadges(panel)).toEqual([]);
    await page.keyboard.press('Escape');
  });

  it('Mia receives the missing breakers by typing the part number and pressing Enter; that re-opens the request, and Ann is told', async () => {
    const { page } = manager;
    await page.getByRole('link', { name: 'Project Inventory' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole('button', { name: 'Receive Materials', exact: true }).click();
    const wizard = page.getByRole('dialog', { name: 'Receive Materials' });
    await wizard.getByRole('radio', { name: /Existing part/ }).click();
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    const part = wizard.getByRole('combobox', { name: 'Part Number' });
    await part.click();
    await part.pressSequentially(BREAKER, { delay: 30 });
    // The typed number is the first suggestion; Enter takes it.
    await expect.poll(() => page.getByRole('option').first().textContent()).toContain(BREAKER);
    await page.keyboard.press('Enter');
    await expect.poll(seen(page, `${BREAKER_NAME} · Breaker 21 A`)).toBe(true);
    await wizard.getByRole('textbox', { name: 'Quantity', exact: true }).fill('3');
    await settledShot(manager, 'requests-manager-receive-breakers');
    await wizard.getByRole('button', { name: 'Next', exact: true }).click();
    await wizard.getByRole('button', { name: 'Receive', exact: true }).click();
    await expect.poll(seen(page, `Received 3 × ${BREAKER} into inventory`)).toBe(true);

    await expect.poll(seen(requester.page, /A request waiting on delivery has been re-opened!/)).toBe(true);
    await expect.poll(historyStatus(requester.page, 'Requested')).toBe(true);
    await settledShot(requester, 'requests-user-reopened');
    const detail = await requestNow();
    expect(detail.status).toBe('requested');
    expect(detail.picklist.filter((l) => l.status === 'requested').map((l) => [l.part_number, l.qty])).toEqual([[BREAKER, 3]]);
    expect(await onHand(BREAKER)).toBe(3);
  });

  it('on a 390×844 phone the request page and Manage Requests fit the width', async () => {
    phone = await openBrowser({ width: 390, height: 844 });
    await signIn(phone.page, server.url, ann.email, ann.password);
    await chooseProject(phone.page, PROJECT);
    await phone.page.goto(`${server.url}/dashboard/requests`);
    await addItem(phone.page, 'cab', /CAB-1/, 2, 'spare');
    await phone.page.getByRole('button', { name: 'Add to request' }).click();
    await expect.poll(visible(phone.page.locator('tr[data-request="R-1"]'))).toBe(true);
    await settledShot(phone, 'requests-user-phone');
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
    expect(await cutBadges(phone.page.locator('body'))).toEqual([]);

    await phone.context.clearCookies();
    await signIn(phone.page, server.url, mia.email, mia.password);
    await chooseProject(phone.page, PROJECT);
    await phone.page.goto(`${server.url}/dashboard/manage_requests`);
    await phone.page.getByRole('radiogroup', { name: 'Status' }).getByRole('radio', { name: 'All', exact: true }).check();
    await expect.poll(visible(phone.page.locator('tr[data-request="R-1"]'))).toBe(true);
    await settledShot(phone, 'requests-manage-phone');
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.getByRole('button', { name: 'View request R-1' }).click();
    const drawer = phone.page.getByRole('dialog', { name: 'Request R-1' });
    await expect.poll(() => drawer.locator(`tr[data-part="${BREAKER}"]`).count()).toBe(2);
    await settledShot(phone, 'requests-manage-phone-drawer');
    expect(await cutBadges(drawer)).toEqual([]);
  });
});
