/**
 * Transfers between two projects as their two admins make them, in two windows at 1280×800, by
 * clicking and typing only (the projects, people and stock come from the API). Ben, admin of Mill
 * Lane, requests through the wizard, typing into the item search and waiting for its answer like a
 * person: four breakers and six cables delivered by label, then two breakers of another size and a
 * cable for pickup. Ann, admin of North Substation, accepts the first and sends part of each item;
 * "Mark Fulfilled" waits until both are sent in full; she ships it with a tracking number, and Ben
 * acknowledges, receives and completes it. Of the pickup she sends one of the two breakers and
 * denies the rest; the one sent still arrives. Both projects' on hand, in transit and incoming are
 * read from the API after every step. The list fits 1280 px and a 390×844 phone without cut names.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, materialFigures, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, pick, searchAndPick, settledShot, signIn, visible } from './helpers/ui.ts';
import { cutCells, pageOverflow } from './helpers/layout.ts';

let server: RunningServer;
let admin: ApiSession;
let source: Browser;
let destination: Browser;
let phone: Browser | undefined;
const ids = { p1: '', p2: '' };
const P1 = { name: 'North Substation', number: '4001' };
const P2 = { name: 'Mill Lane Switching Station', number: '4002' };
const ann = { first: 'Ann', last: 'Quarry', email: 'ann@example.com', password: 'north-admin-2026' };
const ben = { first: 'Ben', last: 'Mill', email: 'ben@example.com', password: 'mill-admin-2026' };
const BREAKER = { part: 'BRK-014', name: 'Breaker 6 A C-curve grade 4' };
const BREAKER_10 = { part: 'BRK-015', name: 'Breaker 10 A C-curve grade 4' };
const CABLE = { part: 'CAB-220', name: 'Armoured cable 25 m' };

/** Every request the item search sent, by the text it searched for. */
const itemQueries: string[] = [];

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  ids.p1 = (await createProject(admin, P1.name, P1.number, 'Grid Co')).id;
  ids.p2 = (await createProject(admin, P2.name, P2.number, 'Rail Co')).id;
  await addMember(admin, ids.p1, (await createUser(admin, ann)).id, 'admin');
  await addMember(admin, ids.p2, (await createUser(admin, ben)).id, 'admin');
  for (const [item, qty] of [
    [BREAKER, 96],
    [BREAKER_10, 30],
    [CABLE, 40],
  ] as const)
    await receive(admin, ids.p1, item.part, qty, item.name);
  source = await openBrowser();
  destination = await openBrowser();
  destination.page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/transfers/source-items') itemQueries.push(url.searchParams.get('q') ?? '');
  });
});
afterAll(async () => {
  await phone?.close();
  await source?.close();
  await destination?.close();
  await server?.stop();
});

/** A part's figures in both projects, from the API: North's on hand and in transit, Mill Lane's on hand and incoming. */
async function expectStock(part: string, north: [onHand: number, inTransit: number], mill: [onHand: number, incoming: number]) {
  const read = async () => {
    const [n, m] = [await materialFigures(admin, ids.p1, part), await materialFigures(admin, ids.p2, part)];
    return { north: [n.onHand, n.inTransit], mill: [m.onHand, m.incoming] };
  };
  await expect.poll(read).toEqual({ north, mill });
}

const openTransfers = (page: Page) => page.getByRole('link', { name: 'Transfers' }).click();
const panel = (page: Page) => page.getByRole('dialog', { name: `Transfer ${P1.name} → ${P2.name}` });
const status = (page: Page, text: string) => visible(panel(page).getByTestId('transfer-status').getByText(text, { exact: true }));
const row = (page: Page, part: string) => panel(page).locator(`tr[data-part="${part}"]`);
const button = (page: Page, name: string) => panel(page).getByRole('button', { name, exact: true });
const itemStatus = (page: Page, part: string, text: string) => visible(row(page, part).getByText(text, { exact: true }));

/** Opens the transfer delivered by `method` from the list (the list holds one of each). */
async function openTransfer(page: Page, method: 'Label' | 'Pickup') {
  await openTransfers(page);
  const line = page.locator('tr[data-status]').filter({ hasText: method });
  await line.getByRole('button', { name: /^View transfer/ }).click();
  await expect.poll(visible(panel(page))).toBe(true);
}

/** Fulfils `quantity` of an item through its Partial box. */
async function sendPart(page: Page, part: string, quantity: number) {
  await row(page, part).getByRole('button', { name: 'Partial' }).click();
  await row(page, part)
    .getByRole('textbox', { name: `Partial quantity of ${part}` })
    .fill(String(quantity));
  await row(page, part)
    .getByRole('button', { name: `Fulfill ${quantity}` })
    .click();
}

/** Ben's wizard: the source, each item searched for and added, then the delivery; Submit. */
async function requestTransfer(page: Page, items: Array<{ typed: string; part: string; name: string; qty: number }>, delivery: 'label' | 'pickup') {
  await page.getByRole('button', { name: 'New Transfer Request' }).click();
  const wizard = page.getByRole('dialog', { name: 'New Transfer Request' });
  await wizard.getByRole('button', { name: 'Next' }).click();
  await pick(page, wizard.getByRole('combobox', { name: 'Source project' }), `${P1.number} · ${P1.name}`);
  for (const item of items) {
    const label = `${item.part} — ${item.name}`;
    await searchAndPick(page, wizard.getByRole('combobox', { name: 'Item' }), item.typed, label);
    await wizard.getByRole('textbox', { name: 'Quantity' }).fill(String(item.qty));
    const add = wizard.getByRole('button', { name: 'Add item' });
    await expect.poll(() => add.isEnabled()).toBe(true);
    // A person reads their choice before adding it: by then the select has written the option's
    // label into its box, and the choice must have survived that.
    await page.waitForTimeout(600);
    expect(await wizard.getByRole('combobox', { name: 'Item' }).inputValue()).toContain(label);
    expect(await add.isEnabled()).toBe(true);
    if (item === items[0]) await settledShot(destination, `transfer-wizard-chosen-${delivery}`);
    await add.click();
    await expect.poll(visible(wizard.getByRole('row', { name: `${item.part} ${item.name} ${item.qty} Remove` }))).toBe(true);
  }
  expect(itemQueries.filter((q) => q.includes(' — '))).toEqual([]);
  await settledShot(destination, `transfer-wizard-items-${delivery}`);
  await wizard.getByRole('button', { name: 'Next' }).click();
  if (delivery === 'label') {
    await wizard.getByRole('radio', { name: /Label/ }).check();
    const next = wizard.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    for (const [field, value] of [
      ['Name', 'Mill Lane site office'],
      ['Address line 1', '7 Mill Lane'],
      ['City', 'Millbrook'],
      ['State', 'NY'],
      ['Zip', '12545'],
    ] as const)
      await wizard.getByRole('textbox', { name: field }).fill(value);
    await settledShot(destination, 'transfer-wizard-address');
  }
  await wizard.getByRole('button', { name: 'Next' }).click();
  await expect.poll(visible(wizard.getByLabel('Review'))).toBe(true);
  await settledShot(destination, `transfer-wizard-review-${delivery}`);
  await wizard.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(status(page, 'Requested')).toBe(true);
  await page.keyboard.press('Escape');
}

describe('transfers between two projects, in two windows', () => {
  it('both admins sign in, each to their own project', async () => {
    await signIn(source.page, server.url, ann.email, ann.password);
    await chooseProject(source.page, `${P1.number} · ${P1.name}`);
    await signIn(destination.page, server.url, ben.email, ben.password);
    await chooseProject(destination.page, `${P2.number} · ${P2.name}`);
  });

  it('Ben requests 4 breakers and 6 cables by label, then 2 other breakers and a cable for pickup', async () => {
    const { page } = destination;
    await openTransfers(page);
    await requestTransfer(
      page,
      [
        { typed: 'BRK-014', ...BREAKER, qty: 4 },
        { typed: 'cable', ...CABLE, qty: 6 },
      ],
      'label',
    );
    await requestTransfer(
      page,
      [
        { typed: 'BRK-015', ...BREAKER_10, qty: 2 },
        { typed: 'armoured', ...CABLE, qty: 1 },
      ],
      'pickup',
    );
    await expect.poll(() => page.locator('tr[data-status="Requested"]').count()).toBe(2);
    // Nothing moves until the source fulfils.
    await expectStock(BREAKER.part, [96, 0], [0, 0]);
    await expectStock(CABLE.part, [40, 0], [0, 0]);
  });

  it('the list shows both projects in full at 1280 px', async () => {
    const { page } = destination;
    await settledShot(destination, 'transfer-list-1280');
    expect(await cutCells(page, '[aria-label="Transfer requests"] td')).toEqual([]);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  });

  it('Ann accepts and sends part of each item: Mark Fulfilled waits until both are sent in full', async () => {
    const { page } = source;
    await openTransfer(page, 'Label');
    await button(page, 'Accept').click();
    await expect.poll(status(page, 'Accepted')).toBe(true);

    await sendPart(page, BREAKER.part, 3);
    await expect.poll(visible(row(page, BREAKER.part).getByText('1 of 4 left to send'))).toBe(true);
    await expectStock(BREAKER.part, [93, 3], [0, 3]);
    await sendPart(page, CABLE.part, 2);
    await expect.poll(visible(row(page, CABLE.part).getByText('4 of 6 left to send'))).toBe(true);
    await expectStock(CABLE.part, [38, 2], [0, 2]);
    // The reported case: both items partial, so the transfer cannot be Fulfilled yet.
    expect(await button(page, 'Mark Fulfilled').count()).toBe(0);
    await settledShot(source, 'transfer-panel-both-partial');

    await button(page, 'Fulfill rest').first().click();
    await expect.poll(itemStatus(page, BREAKER.part, 'fulfilled')).toBe(true);
    expect(await row(page, BREAKER.part).getByRole('button').count()).toBe(0);
    await expectStock(BREAKER.part, [92, 4], [0, 4]);
    expect(await button(page, 'Mark Fulfilled').count()).toBe(0);

    await sendPart(page, CABLE.part, 3);
    await expect.poll(visible(row(page, CABLE.part).getByText('1 of 6 left to send'))).toBe(true);
    await expectStock(CABLE.part, [35, 5], [0, 5]);
    await row(page, CABLE.part).getByRole('button', { name: 'Fulfill rest' }).click();
    await expect.poll(itemStatus(page, CABLE.part, 'fulfilled')).toBe(true);
    await expectStock(CABLE.part, [34, 6], [0, 6]);

    await button(page, 'Mark Fulfilled').click();
    await expect.poll(status(page, 'Fulfilled')).toBe(true);
    await panel(page).getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await button(page, 'Shipped').click();
    await expect.poll(status(page, 'Shipped')).toBe(true);
    await settledShot(source, 'transfer-panel-shipped');
    await page.keyboard.press('Escape');
  });

  it('Ben acknowledges, receives both items and completes; the units end up on his shelves', async () => {
    const { page } = destination;
    await openTransfer(page, 'Label');
    await expect.poll(visible(panel(page).getByText(/Tracking number 1Z999AA10123456784/))).toBe(true);
    await button(page, 'Received').click();
    await expect.poll(status(page, 'Received')).toBe(true);
    await row(page, BREAKER.part).getByRole('button', { name: 'Receive 4' }).click();
    await expect.poll(itemStatus(page, BREAKER.part, 'received')).toBe(true);
    await expectStock(BREAKER.part, [92, 0], [4, 0]);
    expect(await button(page, 'Complete').count()).toBe(0);
    await row(page, CABLE.part).getByRole('button', { name: 'Receive 6' }).click();
    await expect.poll(itemStatus(page, CABLE.part, 'received')).toBe(true);
    await expectStock(CABLE.part, [34, 0], [6, 0]);
    await button(page, 'Complete').click();
    await expect.poll(status(page, 'Complete')).toBe(true);
    expect(
      await panel(page)
        .getByRole('button', { name: /Accept|Deny|Receive|Complete|Fulfill/ })
        .count(),
    ).toBe(0);
    await settledShot(destination, 'transfer-panel-complete');
    await page.keyboard.press('Escape');
  });

  it('Ann sends one of the two breakers of the pickup and denies the rest; the one sent still reaches Ben', async () => {
    const { page } = source;
    await openTransfer(page, 'Pickup');
    await button(page, 'Accept').click();
    await expect.poll(status(page, 'Accepted')).toBe(true);
    await sendPart(page, BREAKER_10.part, 1);
    await expect.poll(itemStatus(page, BREAKER_10.part, 'partial')).toBe(true);
    await row(page, BREAKER_10.part).getByRole('button', { name: 'Deny rest' }).click();
    await expect.poll(visible(row(page, BREAKER_10.part).getByText('1 denied, 1 sent'))).toBe(true);
    await expectStock(BREAKER_10.part, [29, 1], [0, 1]);
    await row(page, CABLE.part).getByRole('button', { name: 'Fulfill' }).click();
    await expect.poll(itemStatus(page, CABLE.part, 'fulfilled')).toBe(true);
    await button(page, 'Mark Fulfilled').click();
    await button(page, 'Ready for Pickup').click();
    await expect.poll(status(page, 'Ready')).toBe(true);
    await settledShot(source, 'transfer-panel-ready-rest-denied');
    await page.keyboard.press('Escape');

    const ben = destination.page;
    await openTransfer(ben, 'Pickup');
    await button(ben, 'Received').click();
    await row(ben, BREAKER_10.part).getByRole('button', { name: 'Receive 1' }).click();
    await expect.poll(itemStatus(ben, BREAKER_10.part, 'received')).toBe(true);
    await row(ben, CABLE.part).getByRole('button', { name: 'Receive 1' }).click();
    await expect.poll(itemStatus(ben, CABLE.part, 'received')).toBe(true);
    await button(ben, 'Complete').click();
    await expect.poll(status(ben, 'Complete')).toBe(true);
    await expectStock(BREAKER_10.part, [29, 0], [1, 0]);
    await expectStock(CABLE.part, [33, 0], [7, 0]);
    await ben.keyboard.press('Escape');
  });

  it('the list fits a 390×844 phone: nothing scrolls sideways and no project name is cut short', async () => {
    phone = await openBrowser({ width: 390, height: 844 });
    await signIn(phone.page, server.url, ben.email, ben.password);
    await chooseProject(phone.page, `${P2.number} · ${P2.name}`);
    await phone.page.getByRole('button', { name: 'Open navigation' }).click();
    await openTransfers(phone.page);
    // The navigation closes itself once a page is chosen.
    await expect.poll(visible(phone.page.getByRole('button', { name: 'Close navigation' }))).toBe(false);
    await expect.poll(() => phone!.page.locator('tr[data-status="Complete"]').count()).toBe(2);
    await settledShot(phone, 'transfer-list-phone');
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
    const table = phone.page.getByTestId('virtual-table-scroller');
    expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await cutCells(phone.page, '[aria-label="Transfer requests"] td, [aria-label="Transfer requests"] td *')).toEqual([]);

    await phone.page
      .locator('tr[data-status]')
      .filter({ hasText: 'Mill Lane' })
      .first()
      .getByRole('button', { name: /^View transfer/ })
      .click();
    await expect.poll(status(phone.page, 'Complete')).toBe(true);
    expect(await pageOverflow(phone.page)).toBeLessThanOrEqual(0);
    await settledShot(phone, 'transfer-panel-phone');
  });
});
