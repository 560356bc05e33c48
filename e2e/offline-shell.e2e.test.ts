/**
 * The installed app with no signal, in Chromium against the built server: a crew member opens
 * their project's dashboard once, the service worker takes the page, then the network goes. On
 * reload the app still loads from the service worker's copy of the shell and the dashboard shows
 * the inventory saved on the device, marked "Offline copy · as of <time>", every figure included.
 *
 * "No signal" is made two ways, each checked to fail the page's own /api calls: the server stopped
 * (connection refused while the browser still thinks it is online: the saved copy answers a failed
 * request), then, with the server running again, Playwright's offline mode (navigator.onLine false:
 * the copy answers at once). In both the service worker still serves the shell.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, receive, type Member } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startRestartableServer, type RestartableServer } from './helpers/server.ts';
import { chooseProject, inventoryRow, seen, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RestartableServer;
let browser: Browser;
let page: Page;
let ana: Member;
let projectId: string;
const PROJECT = '3101 · Substation North';

beforeAll(async () => {
  server = await startRestartableServer({ ALLOWED_EMAIL_DOMAIN: 'example.com' });
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Substation North', '3101', 'Grid Co');
  ana = await createUser(admin, { first: 'Ana', last: 'Ruiz', email: 'ana@example.com', password: 'no-signal-down-here-1' });
  projectId = project.id;
  await addMember(admin, project.id, ana.id, 'manager');
  await receive(admin, project.id, 'CABLE-95', 120, 'Copper cable 95mm²', 'Cable');
  await receive(admin, project.id, 'LUG-95', 48, 'Crimp lug 95mm²', 'Lug');
  browser = await openBrowser({ width: 1280, height: 800 });
  page = browser.page;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const onHand = async (part: string) => (await inventoryRow(page, part)).locator('[data-figure="on_hand"]');
/** What a fetch of the API gives the page itself: an HTTP status, or the failure's name. */
const apiFromPage = () =>
  page.evaluate(() =>
    fetch('/api/users/me', { cache: 'no-store' }).then(
      (r) => String(r.status),
      (e: Error) => e.name,
    ),
  );

describe('the installed app with no signal', () => {
  it('keeps the dashboard once visited, with the service worker in control', async () => {
    await signIn(page, server.url, ana.email, ana.password);
    await chooseProject(page, PROJECT);
    expect(await (await onHand('CABLE-95')).textContent()).toBe('120');
    expect(await (await onHand('LUG-95')).textContent()).toBe('48');
    // The worker takes the page on its first visit (clientsClaim): what a person would wait for
    // before walking into the basement is that the app has finished installing.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 }).toBe(true);
    expect(await page.getByTestId('as-of-note').count()).toBe(0);
  });

  it('loads from the service worker with the server gone and shows the saved inventory, as of its time', async () => {
    await server.stop();
    expect(await apiFromPage()).toBe('TypeError');
    await page.reload();
    await expect.poll(visible(page.getByRole('heading', { name: 'Project Inventory' })), { timeout: 15_000 }).toBe(true);
    const note = page.getByTestId('as-of-note');
    await expect.poll(visible(note), { timeout: 15_000 }).toBe(true);
    expect(await note.textContent()).toMatch(/^Offline copy · as of \d{1,2} [A-Z][a-z]{2}( \d{4})? \d{2}:\d{2}$/);
    const cable = await onHand('CABLE-95');
    expect(await cable.textContent()).toBe('120');
    // Every figure carries the time of the copy it shows.
    expect(await cable.getAttribute('title')).toContain('Offline copy · as of');
    expect(await (await onHand('LUG-95')).textContent()).toBe('48');
    await page.getByRole('textbox', { name: 'Search inventory' }).fill('');
    await settledShot(browser, 'offline-dashboard-server-gone');
  });

  it('does the same in the browser’s offline mode (server up again), where navigator.onLine is false', async () => {
    await server.start();
    // The server moves on while this phone is offline: the phone shows what it saved.
    const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
    await receive(admin, projectId, 'CABLE-95', 10, 'Copper cable 95mm²', 'Cable');
    await browser.context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    expect(await apiFromPage()).toBe('TypeError');
    await page.reload();
    await expect.poll(visible(page.getByTestId('as-of-note')), { timeout: 15_000 }).toBe(true);
    expect(await (await onHand('CABLE-95')).textContent()).toBe('120');
    await page.getByRole('textbox', { name: 'Search inventory' }).fill('');
    await settledShot(browser, 'offline-dashboard-offline-mode');
  });

  it('shows the server’s own figures, with no note, once the signal is back', async () => {
    await browser.context.setOffline(false);
    await page.reload();
    await expect.poll(seen(page, 'Substation North'), { timeout: 15_000 }).toBe(true);
    expect(await (await onHand('CABLE-95')).textContent()).toBe('130');
    expect(await (await onHand('CABLE-95')).getAttribute('title')).not.toContain('Offline copy');
    await expect.poll(() => page.getByTestId('as-of-note').count()).toBe(0);
  });
});
