/**
 * Fulfilling a transfer by scanning, on a 390×844 phone: the source's admin opens the accepted
 * transfer, switches to Scan items, types the part numbers as a scanner would (one per unit; an
 * unknown part and one too many are refused inline), and sends the counts in one command; the pick
 * list then shows what was sent, and the source's stock moved into transit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, materialFigures, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: ApiSession;
let phone: Browser;
const ids = { p1: '', p2: '' };
const ann = { first: 'Ann', last: 'Quarry', email: 'ann@example.com', password: 'north-admin-2026' };

beforeAll(async () => {
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  ids.p1 = (await createProject(admin, 'North Substation', '4001', 'Grid Co')).id;
  ids.p2 = (await createProject(admin, 'Mill Lane', '4002', 'Rail Co')).id;
  await addMember(admin, ids.p1, (await createUser(admin, ann)).id, 'admin');
  await receive(admin, ids.p1, 'BRK-014', 20, 'Breaker 6 A');
  await receive(admin, ids.p1, 'CAB-220', 10, 'Armoured cable 25 m');
  const created = await admin.post<{ id: string }>('/api/transfers', {
    FromID: ids.p1,
    ToID: ids.p2,
    DeliveryMethod: 'pickup',
    PickList: [
      { part_number: 'BRK-014', qty: 3 },
      { part_number: 'CAB-220', qty: 2 },
    ],
  });
  const annApi = await ApiSession.signIn(server.url, ann.email, ann.password);
  await annApi.request('PATCH', `/api/transfers/${created.id}/status`, { status: 'Accepted' });
  phone = await openBrowser({ width: 390, height: 844 });
}, 60_000);
afterAll(async () => {
  await phone?.close();
  await server?.stop();
});

describe('transfer scan', () => {
  it('fulfils an accepted transfer by scanning its items on a phone', async () => {
    const { page } = phone;
    await signIn(page, server.url, ann.email, ann.password);
    await chooseProject(page, '4001 · North Substation');
    await page.goto(`${server.url}/dashboard/manage_transfers`);
    await page
      .locator('tr[data-status="Accepted"]')
      .getByRole('button', { name: /^View transfer/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Transfer North Substation → Mill Lane' });
    await panel.getByRole('button', { name: 'Scan items' }).click();

    const box = panel.getByRole('textbox', { name: 'Scan or type a part number' });
    for (const code of ['BRK-014', 'BRK-014', 'NOPE-1', 'CAB-220', 'CAB-220', 'CAB-220']) {
      await box.click();
      await box.pressSequentially(code, { delay: 50 });
      await box.press('Enter');
    }
    await expect.poll(seen(page, 'All 2 of CAB-220 are counted already.')).toBe(true);
    expect(await panel.getByRole('textbox', { name: 'Fulfil now of BRK-014' }).inputValue()).toBe('2');
    expect(await panel.getByRole('textbox', { name: 'Fulfil now of CAB-220' }).inputValue()).toBe('2');
    expect(await pageOverflow(page)).toBe(0);
    expect(await panel.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await settledShot(phone, 'transfer-scan-phone');

    await panel.getByRole('button', { name: 'Fulfil scanned' }).click();
    await expect.poll(seen(page, '4 scanned units fulfilled')).toBe(true);
    await expect.poll(visible(panel.locator('tr[data-part="CAB-220"]').getByText('fulfilled', { exact: true }))).toBe(true);
    await expect.poll(visible(panel.locator('tr[data-part="BRK-014"]').getByText('partial', { exact: true }))).toBe(true);
    await expect.poll(() => materialFigures(admin, ids.p1, 'BRK-014')).toEqual({ onHand: 18, inTransit: 2, incoming: 0 });
    await settledShot(phone, 'transfer-scan-phone-sent');
  }, 120_000);
});
