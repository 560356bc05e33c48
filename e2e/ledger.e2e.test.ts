/**
 * The books an auditor can check (issue 16), in a browser: a project admin corrects a mistaken
 * receive from the Project Logs (the entry stays, struck through and linked to its correction, which
 * links back); the dashboard shows the stock as of a time and as known on a day; a superadmin's
 * Ledger page shows the latest checkpoint with its signature checked in the browser and downloads
 * the auditor's bundle of the project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, downloadText, inventoryRow, pick, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let admin: Browser;
let boss: Browser;
let bossApi: ApiSession;
/** An instant after the receive was recorded and before anything else was. */
let knownBetween: Date;
const PROJECT = '5001 · Harbour Works';
const ada = { first: 'Ada', last: 'Harbour', email: 'ada@example.com', password: 'harbour-admin-2026' };

beforeAll(async () => {
  server = await startServer();
  bossApi = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(bossApi, 'Harbour Works', '5001', 'Port Co');
  const user = await createUser(bossApi, ada);
  await addMember(bossApi, project.id, user.id, 'admin');
  await receive(bossApi, project.id, 'BOLT-9', 100, 'Anchor bolt M24', 'Bolt');
  // The control reads to the second: leave a whole second on each side of the instant.
  await new Promise((resolve) => setTimeout(resolve, 1100));
  knownBetween = new Date();
  await new Promise((resolve) => setTimeout(resolve, 1100));
  admin = await openBrowser();
  boss = await openBrowser();
});
afterAll(async () => {
  await admin?.close();
  await boss?.close();
  await server?.stop();
});

describe('corrections and the Ledger page', () => {
  it('the project admin corrects the receive of 100 to 90: it stays, struck through and linked to its correction', async () => {
    const { page } = admin;
    await signIn(page, server.url, ada.email, ada.password);
    await chooseProject(page, PROJECT);
    await page.getByRole('link', { name: 'Project Logs' }).click();
    const entry = page.locator('tr[data-log-type="Receive"]');
    await expect.poll(visible(entry)).toBe(true);
    await entry.getByRole('button', { name: /^Correct entry/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Correct log entry' });
    await expect.poll(visible(dialog.getByText(/Receive of 100 × BOLT-9/))).toBe(true);
    await dialog.getByRole('textbox', { name: 'Corrected quantity' }).fill('90');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Counted again at the gate: 90');
    await settledShot(admin, 'ledger-correct-dialog');
    await dialog.getByRole('button', { name: 'Review' }).click();
    await expect.poll(visible(dialog.getByText(/The receive becomes 90 instead of 100/))).toBe(true);
    await dialog.getByRole('button', { name: 'Confirm correction' }).click();
    await expect.poll(visible(page.locator('tr[data-log-type="Correction"]'))).toBe(true);

    const corrected = page.locator('tr[data-corrected="true"]');
    await expect.poll(visible(corrected)).toBe(true);
    expect(
      await corrected
        .locator('td')
        .nth(4)
        .evaluate((cell) => getComputedStyle(cell).textDecorationLine),
    ).toBe('line-through');
    const correction = page.locator('tr[data-log-type="Correction"]');
    const forward = corrected.getByRole('link', { name: /Corrected by entry #\d+/ });
    const back = correction.getByRole('link', { name: /Corrects entry #\d+/ });
    expect(await forward.getAttribute('href')).toBe(`#${await correction.getAttribute('id')}`);
    expect(await back.getAttribute('href')).toBe(`#${await corrected.getAttribute('id')}`);
    expect(await corrected.getByRole('button', { name: /^Correct entry/ }).count()).toBe(0);
    await settledShot(admin, 'ledger-corrected-log');
  });

  it('the dashboard shows 90 now, and 100 as known before the correction was entered', async () => {
    const { page } = admin;
    await page.getByRole('link', { name: 'Project Inventory' }).click();
    const row = await inventoryRow(page, 'BOLT-9');
    await expect.poll(visible(row.getByRole('button', { name: 'Qty On Hand of BOLT-9: 90' }))).toBe(true);
    // The receive was known then, its correction not yet.
    const at = knownBetween;
    const pad = (n: number) => String(n).padStart(2, '0');
    const local = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`;
    await page.getByLabel('As known on').fill(local);
    await expect.poll(seen(page, /Stock as known on/)).toBe(true);
    await expect.poll(visible(page.locator('tr[data-part="BOLT-9"]').getByRole('button', { name: 'Qty On Hand of BOLT-9: 100' }))).toBe(true);
    await settledShot(admin, 'ledger-as-known-on');
    await page.getByRole('button', { name: 'Now' }).click();
    await expect.poll(visible(page.locator('tr[data-part="BOLT-9"]').getByRole('button', { name: 'Qty On Hand of BOLT-9: 90' }))).toBe(true);
  });

  it("the superadmin's Ledger page shows a checkpoint verified in the browser and downloads the project's bundle", async () => {
    const { page } = boss;
    // Seal what is committed now, so the page has a checkpoint that covers the correction.
    await bossApi.post('/api/ledger/checkpoints');
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByRole('link', { name: 'Ledger', exact: true }).click();
    await expect.poll(seen(page, /Signature verified (in this browser|by the server)/)).toBe(true);
    await expect.poll(seen(page, /BEGIN PUBLIC KEY/)).toBe(true);
    await page.getByRole('button', { name: 'Verify now' }).click();
    await expect.poll(seen(page, /^Passed: /), { timeout: 30_000 }).toBe(true);
    await pick(page, page.getByRole('combobox', { name: 'Project' }), PROJECT);
    await settledShot(boss, 'ledger-page');
    const bundle = await downloadText(page, () => page.getByRole('button', { name: 'Download bundle' }).click());
    expect(bundle.name).toMatch(/^ledger_bundle_5001_.*\.json$/);
    const parsed = JSON.parse(bundle.text);
    expect(parsed.format).toBe('stockledger-audit-bundle');
    expect(parsed.events.map((e: { type: string }) => e.type)).toContain('StockMovementCorrected');
  });
});
