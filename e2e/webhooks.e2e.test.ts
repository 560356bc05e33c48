/**
 * Webhooks end to end: a receiver on 127.0.0.1 verifies each request with the Standard Webhooks
 * library and records it. A project admin (a plain user globally) registers it from the project's
 * Project Webhooks page by clicking and typing, takes the secret from the one-time panel, and sees a stock
 * receipt arrive signed, in the attempt log too; a replay from the position before the receipt
 * sends the same message again. With private receivers not allowed, the server's refusal shows
 * under the URL, on the superadmin's site-wide page too. Photographed at 1280×800 and 390×844.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES, type WebhookPayload } from '../contract/webhooks.ts';
import { addMember, ApiSession, createProject, createUser, type Member, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, seen, settledShot, signIn, visible } from './helpers/ui.ts';

interface Delivery {
  id: string;
  verified: boolean;
  payload: WebhookPayload;
}

let server: RunningServer;
let admin: ApiSession;
let receiver: Server;
let hookUrl = '';
let secret = '';
const deliveries: Delivery[] = [];
let projectId = '';
let projectAdmin: Member;
let desktop: Browser;
const PROJECT = '7001 · Harbour Works';
const PHONE = { width: 390, height: 844 };

/** Answers 200 to what it can verify with the endpoint's secret (once it is known), 400 to the rest. */
function startReceiver(): Promise<Server> {
  const http = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let verified = false;
      try {
        new Webhook(secret).verify(body, headers);
        verified = true;
      } catch {
        verified = false;
      }
      deliveries.push({ id: headers['webhook-id'] ?? '', verified, payload: JSON.parse(body) as WebhookPayload });
      response.writeHead(verified ? 200 : 400, { 'content-type': 'text/plain' }).end(verified ? 'ok' : 'bad signature');
    });
  });
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)));
}

const allowPrivate = (allowed: boolean) => admin.request('PATCH', '/api/site/settings', { webhooks_allow_private: allowed });

beforeAll(async () => {
  receiver = await startReceiver();
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  server = await startServer();
  admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  projectId = (await createProject(admin, 'Harbour Works', '7001', 'Port Authority')).id;
  projectAdmin = await createUser(admin, { first: 'Priya', last: 'Admin', email: 'priya@example.com', password: 'hooks-and-lines-2026' });
  await addMember(admin, projectId, projectAdmin.id, 'admin');
  await allowPrivate(true);
  desktop = await openBrowser();
}, 90_000);
afterAll(async () => {
  await desktop?.close();
  await server?.stop();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The URL box of the open dialog (its label carries the required mark). */
const urlField = (browser: Browser) => browser.page.getByRole('dialog').getByRole('textbox', { name: /^URL/ });

describe('webhooks', () => {
  it("delivers a project's stock receipt signed, logs the attempt, and replays it from a position", async () => {
    const { page } = desktop;
    await signIn(page, server.url, projectAdmin.email, projectAdmin.password);
    await chooseProject(page, PROJECT);
    // A project admin who is a plain user globally reaches the project's webhooks from the sidebar.
    expect(await page.getByRole('button', { name: 'Manage Project' }).count()).toBe(0);
    await page.getByRole('link', { name: 'Project Webhooks' }).click();
    await page.waitForURL(/\/dashboard\/webhooks$/);
    await expect.poll(seen(page, 'No webhook endpoints yet')).toBe(true);
    await settledShot(desktop, 'webhooks-empty');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await urlField(desktop).fill(hookUrl);
    await dialog.getByRole('checkbox', { name: 'Stock moved' }).check();
    await dialog.getByLabel('Description').fill('Harbour ERP');
    await settledShot(desktop, 'webhooks-add');
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();

    const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
    await expect.poll(visible(secretBox)).toBe(true);
    secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await page.getByText('This secret will not be shown again', { exact: false }).isVisible()).toBe(true);
    await settledShot(desktop, 'webhooks-secret');
    await page.getByRole('button', { name: 'Done' }).click();

    const card = page.getByRole('listitem', { name: hookUrl });
    await expect.poll(visible(card)).toBe(true);
    expect(await card.getByText('Stock moved').isVisible()).toBe(true);
    expect(await card.getByText('Active', { exact: true }).isVisible()).toBe(true);

    await receive(admin, projectId, 'BOL-M20', 25, 'Bollard bolt M20');
    await expect.poll(() => deliveries.length, { timeout: 30_000 }).toBe(1);
    const [first] = deliveries;
    expect(first!.verified).toBe(true);
    expect(first!.payload.type).toBe('stock.moved');
    expect(first!.payload.data.project_id).toBe(projectId);
    expect(first!.payload.data.position).toBeGreaterThan(0);
    expect(first!.payload.data.figures?.on_hand).toBe(25);
    const position = first!.payload.data.position;

    await card.getByRole('button', { name: `Open ${hookUrl}` }).click();
    const details = page.getByRole('dialog', { name: 'Webhook endpoint' });
    const log = details.getByRole('table', { name: 'Attempts' });
    // The log refreshes itself while open; a person would wait for the line to appear.
    await expect.poll(() => log.getByRole('row').filter({ hasText: '200' }).count(), { timeout: 20_000 }).toBe(1);
    const line = log.getByRole('row').filter({ hasText: '200' });
    expect(await line.getByText('Stock moved').isVisible()).toBe(true);
    expect(await line.getByText(position.toLocaleString('en-US'), { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => details.getByText(`Delivered up to position: ${position.toLocaleString('en-US')}`).isVisible(), { timeout: 20_000 }).toBe(true);

    await details.getByRole('textbox', { name: /Replay from position/ }).fill(String(position - 1));
    await details.getByRole('button', { name: 'Replay' }).click();
    await expect.poll(seen(page, '1 delivery queued')).toBe(true);
    await expect.poll(() => deliveries.length, { timeout: 30_000 }).toBe(2);
    expect(deliveries[1]!.id).toBe(first!.id);
    expect(deliveries[1]!.verified).toBe(true);
    expect(deliveries[1]!.payload.data.position).toBe(position);
    await expect.poll(() => log.getByRole('row').filter({ hasText: '200' }).count(), { timeout: 20_000 }).toBe(2);
    await settledShot(desktop, 'webhooks-attempts');
  });

  it('fits a phone: the list and the endpoint dialog without sideways scrolling', async () => {
    const phone = await openBrowser(PHONE);
    try {
      const { page } = phone;
      await signIn(page, server.url, projectAdmin.email, projectAdmin.password);
      await chooseProject(page, PROJECT);
      await page.goto(`${server.url}/dashboard/webhooks`);
      const card = page.getByRole('listitem', { name: hookUrl });
      await expect.poll(visible(card)).toBe(true);
      expect(await pageOverflow(page)).toBe(0);
      await settledShot(phone, 'webhooks-phone-list');
      await card.getByRole('button', { name: `Open ${hookUrl}` }).click();
      const log = page.getByRole('dialog', { name: 'Webhook endpoint' }).getByRole('table', { name: 'Attempts' });
      await expect.poll(visible(log)).toBe(true);
      // The event goes under its time, so every column is in sight.
      expect(await log.getByRole('columnheader', { name: 'Latency' }).isVisible()).toBe(true);
      expect(await page.getByText('More columns to the right', { exact: false }).count()).toBe(0);
      expect(await pageOverflow(page)).toBe(0);
      await settledShot(phone, 'webhooks-phone-endpoint');
    } finally {
      await phone.close();
    }
  });

  it('shows the refusal of a private address under the URL while the site does not allow private receivers', async () => {
    await allowPrivate(false);
    const { page } = desktop;
    await page.goto(`${server.url}/dashboard/webhooks`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
    await urlField(desktop).fill('https://127.0.0.1/hook');
    await dialog.getByRole('checkbox', { name: 'Transfer changed' }).check();
    await dialog.getByRole('button', { name: 'Add endpoint' }).click();
    await expect.poll(() => dialog.getByText(WEBHOOK_MESSAGES.privateAddress).isVisible()).toBe(true);
    expect(await urlField(desktop).getAttribute('aria-invalid')).toBe('true');
    await settledShot(desktop, 'webhooks-refused');
  });

  it("gives a superadmin the site-wide page, with the same refusal, and the project's endpoints in Manage Project", async () => {
    const superadmin = await openBrowser();
    try {
      const { page } = superadmin;
      await signIn(page, server.url, server.admin.email, server.admin.password);
      await chooseProject(page, PROJECT);
      await page.getByRole('button', { name: 'Manage Project' }).click();
      const manage = page.getByRole('dialog', { name: 'Manage Project' });
      await manage.getByRole('tab', { name: 'Webhooks' }).click();
      await expect.poll(visible(manage.getByRole('listitem', { name: hookUrl }))).toBe(true);
      await settledShot(superadmin, 'webhooks-manage-project');
      await page.keyboard.press('Escape');

      await page.getByRole('link', { name: 'Webhooks', exact: true }).click();
      await page.waitForURL(/\/webhooks$/);
      await expect.poll(seen(page, 'No webhook endpoints yet')).toBe(true);
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add endpoint' });
      await urlField(superadmin).fill('https://10.20.30.40/hook');
      await dialog.getByRole('checkbox', { name: 'Checkpoint signed' }).check();
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect.poll(() => dialog.getByText(WEBHOOK_MESSAGES.privateAddress).isVisible()).toBe(true);
    } finally {
      await superadmin.close();
    }
  });
});
