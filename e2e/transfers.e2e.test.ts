/**
 * A transfer between two projects, by their two admins in two windows. P2's admin requests 6 of a
 * part P1 holds 10 of through the wizard; P1's admin, in the other window, accepts and fulfils 4 of
 * the 6 (partial), marks it Fulfilled and Shipped with a tracking number, and P2's open panel follows
 * each step live; P2 acknowledges, receives the 4 and completes. Both inventories show the units
 * where they are at every step: on hand at P1, in transit (out of P1, into P2), on hand at P2.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, pick, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let source: Browser;
let destination: Browser;
const P1 = '4001 · Quarry Road';
const P2 = '4002 · Mill Lane';
const ann = { first: 'Ann', last: 'Quarry', email: 'ann@example.com', password: 'quarry-admin-2026' };
const ben = { first: 'Ben', last: 'Mill', email: 'ben@example.com', password: 'mill-admin-2026' };

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const p1 = await createProject(admin, 'Quarry Road', '4001', 'Stone Co');
  const p2 = await createProject(admin, 'Mill Lane', '4002', 'Flour Co');
  const a = await createUser(admin, ann);
  const b = await createUser(admin, ben);
  await addMember(admin, p1.id, a.id, 'admin');
  await addMember(admin, p2.id, b.id, 'admin');
  await receive(admin, p1.id, 'CAB-1', 10, 'Armoured cable 25 m', 'Cable');
  source = await openBrowser();
  destination = await openBrowser();
});
afterAll(async () => {
  await source?.close();
  await destination?.close();
  await server?.stop();
});

const figure = (page: Page, name: string, value: number) => page.locator('tr[data-part="CAB-1"]').getByRole('button', { name: `${name} of CAB-1: ${value}` });

/** The part's on hand and in transit on the page's dashboard, then back to the transfers. */
async function expectInventory(page: Page, onHand: number | null, inTransit: number) {
  await page.getByRole('link', { name: 'Project Inventory' }).click();
  if (onHand === null) {
    await expect.poll(seen(page, 'No data to display')).toBe(true);
  } else {
    await inventoryRow(page, 'CAB-1');
    await expect.poll(visible(figure(page, 'Qty On Hand', onHand))).toBe(true);
    await expect.poll(visible(figure(page, 'In Transit', inTransit))).toBe(true);
  }
}
const openTransfers = (page: Page) => page.getByRole('link', { name: 'Transfers' }).click();
const panel = (page: Page) => page.getByRole('dialog', { name: 'Transfer Quarry Road → Mill Lane' });
const status = (page: Page, text: string) => visible(panel(page).getByTestId('transfer-status').getByText(text, { exact: true }));
const item = (page: Page) => panel(page).locator('tr[data-part="CAB-1"]');

describe('a transfer between two projects, in two windows', () => {
  it('both admins sign in, each to their own project', async () => {
    await signIn(source.page, server.url, ann.email, ann.password);
    await chooseProject(source.page, P1);
    await signIn(destination.page, server.url, ben.email, ben.password);
    await chooseProject(destination.page, P2);
  });

  it("P2's admin requests 6 through the wizard", async () => {
    const { page } = destination;
    await expectInventory(page, null, 0);
    await openTransfers(page);
    await expect.poll(seen(page, 'No transfer requests yet')).toBe(true);
    await page.getByRole('button', { name: 'New Transfer Request' }).click();
    const wizard = page.getByRole('dialog', { name: 'New Transfer Request' });
    await wizard.getByRole('button', { name: 'Next' }).click();
    await pick(page, wizard.getByRole('combobox', { name: 'Source project' }), P1);
    await wizard.getByRole('combobox', { name: 'Item' }).fill('CAB');
    await page.getByRole('option', { name: /CAB-1/ }).click();
    await wizard.getByRole('textbox', { name: 'Quantity' }).fill('4');
    await wizard.getByRole('button', { name: 'Add item' }).click();
    // Adding the same part again raises its quantity: 4 + 2 = 6.
    await wizard.getByRole('combobox', { name: 'Item' }).fill('CAB');
    await page.getByRole('option', { name: /CAB-1/ }).click();
    await wizard.getByRole('textbox', { name: 'Quantity' }).fill('2');
    await wizard.getByRole('button', { name: 'Add item' }).click();
    await expect.poll(visible(wizard.getByRole('cell', { name: '6', exact: true }))).toBe(true);
    await expect.poll(seen(page, 'Remove all items to change projects')).toBe(true);
    await settledShot(destination, 'transfer-wizard-2-items');
    await wizard.getByRole('button', { name: 'Next' }).click();
    await wizard.getByRole('radio', { name: /Label/ }).check();
    const next = wizard.getByRole('button', { name: 'Next' });
    expect(await next.isDisabled()).toBe(true);
    for (const [label, value] of [
      ['Name', 'Mill Lane site'],
      ['Address line 1', '7 Mill Lane'],
      ['City', 'Millbrook'],
      ['State', 'NY'],
      ['Zip', '12545'],
    ]) {
      await wizard.getByRole('textbox', { name: label }).fill(value!);
    }
    await next.click();
    await expect.poll(seen(page, '7 Mill Lane')).toBe(true);
    await settledShot(destination, 'transfer-wizard-4-review');
    await wizard.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(status(page, 'Requested')).toBe(true);
    await settledShot(destination, 'transfer-panel-requested');
  });

  it("P1's admin accepts and fulfils 4 of 6 in the other window; P2's panel follows live", async () => {
    const { page } = source;
    await expectInventory(page, 10, 0);
    await openTransfers(page);
    await page.getByRole('button', { name: 'View transfer from Quarry Road to Mill Lane' }).click();
    await panel(page).getByRole('button', { name: 'Accept' }).click();
    await expect.poll(status(destination.page, 'Accepted')).toBe(true);

    await item(page).getByRole('button', { name: 'Partial' }).click();
    await item(page).getByRole('textbox', { name: 'Partial quantity of CAB-1' }).fill('6');
    await expect.poll(seen(page, 'Invalid quantity')).toBe(true);
    await item(page).getByRole('textbox', { name: 'Partial quantity of CAB-1' }).fill('4');
    await item(page).getByRole('button', { name: 'Fulfill 4' }).click();
    await expect.poll(visible(item(destination.page).getByText('partial', { exact: true }))).toBe(true);
    await settledShot(source, 'transfer-panel-partial');
    await panel(page).getByRole('button', { name: 'Mark Fulfilled' }).click();
    await expect.poll(status(destination.page, 'Fulfilled')).toBe(true);
    await panel(page).getByRole('textbox', { name: 'Tracking number' }).fill('1Z999AA10123456784');
    await panel(page).getByRole('button', { name: 'Shipped' }).click();
    await expect.poll(status(destination.page, 'Shipped')).toBe(true);
    await expect.poll(visible(panel(destination.page).getByText(/Tracking number 1Z999AA10123456784/))).toBe(true);
    await settledShot(destination, 'transfer-panel-shipped-live');
    await page.keyboard.press('Escape');

    // P1: 6 on hand, 4 in transit; P2: nothing on hand yet, 4 on the way.
    await expectInventory(page, 6, 4);
    await settledShot(source, 'transfer-p1-inventory-in-transit');
    await page.keyboard.press('Escape');
    await destination.page.keyboard.press('Escape');
    await expectInventory(destination.page, 0, 4);
    await settledShot(destination, 'transfer-p2-inventory-incoming');
  });

  it('P2 acknowledges, receives the 4 and completes; the stock is where it should be', async () => {
    const { page } = destination;
    await openTransfers(page);
    await page.getByRole('button', { name: 'View transfer from Quarry Road to Mill Lane' }).click();
    await panel(page).getByRole('button', { name: 'Received' }).click();
    await expect.poll(status(page, 'Received')).toBe(true);
    await item(page).getByRole('button', { name: 'Receive 4' }).click();
    await expect.poll(visible(item(page).getByText('received', { exact: true }))).toBe(true);
    await panel(page).getByRole('button', { name: 'Complete' }).click();
    await expect.poll(status(page, 'Complete')).toBe(true);
    // Complete is final: no actions left.
    expect(
      await panel(page)
        .getByRole('button', { name: /Accept|Deny|Received|Receive|Complete|Shipped/ })
        .count(),
    ).toBe(0);
    await expect.poll(seen(page, 'Item received: CAB-1 × 4')).toBe(true);
    await settledShot(destination, 'transfer-panel-complete');
    await page.keyboard.press('Escape');

    await expectInventory(page, 4, 0);
    await expectInventory(source.page, 6, 0);
    await settledShot(source, 'transfer-p1-inventory-after');
    await settledShot(destination, 'transfer-p2-inventory-after');
  });
});
