/**
 * The built client under the server's content security policy: every screen of a superadmin opens
 * with no console error; and a page served from another port of the same host cannot use the
 * signed-in browser's session, neither through the websocket nor through a state-changing request.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { signIn } from './helpers/ui.ts';

let server: RunningServer;
let browser: Browser;
let evil: Server;
let evilUrl: string;
const errors: string[] = [];

const SCREENS = [
  '/dashboard',
  '/dashboard/receive_return',
  '/dashboard/assign_unassign',
  '/dashboard/manage_transfers',
  '/warehouses',
  '/warehouses/logs',
  '/warehouse-manager',
  '/catalogs/materials',
  '/users',
  '/projects',
  '/site-settings',
  '/outbox',
  '/service-tokens',
  '/account/tokens',
  '/labels',
  '/labels/templates',
  '/api/docs',
];

/** A page of "another site" on another port: it tries the signed-in session and reports what happened. */
function evilPage(target: string): string {
  return `<!doctype html><title>elsewhere</title><script>
    const results = {};
    const socket = new WebSocket(${JSON.stringify(target.replace('http', 'ws'))} + '/ws');
    socket.onopen = () => { results.socket = 'open'; };
    socket.onerror = () => { results.socket = results.socket || 'refused'; };
    socket.onclose = () => { results.socket = results.socket || 'refused'; };
    fetch(${JSON.stringify(target)} + '/api/projects', { method: 'POST', credentials: 'include', mode: 'no-cors',
      headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ project_name: 'Planted', project_number: 'EVIL-1' }) })
      .then(() => { results.post = 'sent'; }, () => { results.post = 'failed'; });
    window.results = results;
  </script>`;
}

beforeAll(async () => {
  server = await startServer();
  browser = await openBrowser();
  browser.page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${browser.page.url()}: ${message.text()}`);
  });
  browser.page.on('pageerror', (error) => errors.push(`${browser.page.url()}: ${error.message}`));
  evil = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(evilPage(server.url)));
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => evil?.close(resolve));
});

describe('security in the browser', () => {
  it('serves every page with the content security policy and no framing', async () => {
    const response = await fetch(`${server.url}/dashboard`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('opens every screen of a superadmin under that policy with no console error', async () => {
    const { page } = browser;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    // The sign-in page asks who is signed in and is told 401 before the sign-in: expected, not a fault.
    errors.length = 0;
    for (const screen of SCREENS) {
      await page.goto(`${server.url}${screen}`);
      await page.waitForLoadState('networkidle');
    }
    await browser.screenshot('security-last-screen');
    expect(errors).toEqual([]);
  });

  it('keeps a page on another port of the same host out of the signed-in session', async () => {
    const { page } = browser;
    const before = await (await page.request.get(`${server.url}/api/projects`)).json();
    await page.goto(evilUrl);
    const results = () => page.evaluate(() => (window as unknown as { results: { socket?: string; post?: string } }).results);
    await expect.poll(async () => Boolean((await results()).socket && (await results()).post)).toBe(true);
    expect((await results()).socket).toBe('refused');
    const after = await (await page.request.get(`${server.url}/api/projects`)).json();
    expect(after).toEqual(before);
    errors.length = 0;
  });
});
