/**
 * API tokens in a real browser against the real server: a person makes a read-only token limited
 * to one project from the user menu, reads it once, and a program using it may read that project
 * but not write (403) until it is revoked (401); a superadmin makes a project service token with
 * the manager role, and a program using it receives into that project. Both pages are photographed
 * on a desktop and on a 390×844 phone, where nothing may scroll sideways.
 */
import { randomUUID } from 'node:crypto';
import { TOKEN_MESSAGES } from '../contract/api-tokens.ts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, ApiSession, createProject, createUser, type Member, type Project, receive } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { pageOverflow } from './helpers/layout.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { pick, segment, settledShot, signIn, visible } from './helpers/ui.ts';

let server: RunningServer;
let north: Project;
let person: Member;
const NORTH = '1001 · North Yard';
const opened: Browser[] = [];

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  north = await createProject(admin, 'North Yard', '1001', 'ACME');
  const south = await createProject(admin, 'South Yard', '1002', 'ACME');
  person = await createUser(admin, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' });
  // A manager may receive: a refused write below is the token's scope, not the person's role.
  await addMember(admin, north.id, person.id, 'manager');
  await addMember(admin, south.id, person.id, 'manager');
  await receive(admin, north.id, 'BRK-021', 10, 'Breaker 10 A');
});
afterAll(async () => {
  for (const browser of opened) await browser.close();
  await server?.stop();
});

async function browse(viewport?: { width: number; height: number }): Promise<Browser> {
  const browser = await openBrowser(viewport);
  opened.push(browser);
  return browser;
}

/** A program's call with a token and nothing else: no cookie, no session. */
async function withToken(token: string, method: 'GET' | 'POST', path: string, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as { message?: string } | null };
}

const receiveBody = (projectId: string) => ({
  project_id: projectId,
  part_number: 'BRK-021',
  quantity: 2,
  part_name: 'Breaker 10 A',
  standard_name: 'Breaker 10 A',
});
const inventory = (projectId: string) => `/api/inventory/materials?project_id=${projectId}`;

/** Reads the token from the one-time panel, after checking a stray click beside the dialog leaves it open. */
async function readCreatedToken(browser: Browser, shot: string): Promise<string> {
  const { page } = browser;
  const shown = page.getByTestId('created-token');
  await expect.poll(visible(shown)).toBe(true);
  await expect.poll(visible(page.getByText('this token will not be shown again'))).toBe(true);
  const token = (await shown.innerText()).trim();
  await settledShot(browser, shot);
  await page.mouse.click(5, 5);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  expect(await shown.isVisible()).toBe(true);
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  return token;
}

async function openTokensFromUserMenu(page: Page) {
  await page.getByRole('button', { name: /^User menu for/ }).click();
  await page.getByRole('menuitem', { name: 'API tokens' }).click();
  await page.waitForURL(/\/account\/tokens$/);
}

describe('API tokens', () => {
  it('gives a person a read-only token for one project, shown once, that reads but does not write until revoked', async () => {
    const browser = await browse();
    const { page } = browser;
    await signIn(page, server.url, person.email, person.password);
    await openTokensFromUserMenu(page);
    await expect.poll(visible(page.getByText('You have no API tokens yet.'))).toBe(true);
    await expect.poll(visible(page.getByText('Authorization: Bearer slp_…'))).toBe(true);
    await browser.screenshot('api-tokens-empty');

    await page.getByRole('button', { name: 'New token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New token' });
    await dialog.getByLabel('Name').fill('Stock report');
    await segment(page, 'Expires after', '30 days');
    expect(await dialog.getByRole('checkbox', { name: 'Read' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('checkbox', { name: 'Write' }).isChecked()).toBe(false);
    const projects = dialog.getByRole('combobox', { name: 'Projects' });
    await projects.click();
    await projects.pressSequentially('North', { delay: 30 });
    await page.getByRole('option', { name: NORTH }).click();
    await page.keyboard.press('Escape');
    await settledShot(browser, 'api-tokens-dialog');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const token = await readCreatedToken(browser, 'api-tokens-created');
    expect(token).toMatch(/^slp_/);
    const row = page.getByRole('row').filter({ hasText: 'Stock report' });
    await expect.poll(visible(row)).toBe(true);
    for (const text of [`${token.slice(0, 10)}…`, 'Read', NORTH, 'Never used', 'Active']) expect(await row.innerText()).toContain(text);
    expect(await row.innerText()).not.toContain('Write');

    const read = await withToken(token, 'GET', inventory(north.id));
    expect(read.status).toBe(200);
    const write = await withToken(token, 'POST', '/api/materials/receive', receiveBody(north.id));
    expect(write.status).toBe(403);
    expect(write.body?.message).toBe(TOKEN_MESSAGES.readOnly);

    // The server notes a use without holding up the call: the list shows it once written.
    await expect
      .poll(async () => {
        await page.reload();
        await row.waitFor();
        return row.innerText();
      })
      .not.toContain('Never used');
    await browser.screenshot('api-tokens-list');

    await row.getByRole('button', { name: 'Revoke Stock report' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke token?' });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(visible(page.getByText('Token "Stock report" revoked'))).toBe(true);
    await expect.poll(() => row.innerText()).toContain('Revoked');
    expect(await row.getByRole('button', { name: 'Revoke Stock report' }).count()).toBe(0);
    expect((await withToken(token, 'GET', inventory(north.id))).status).toBe(401);
  });

  it('keeps the token list and the new-token dialog readable on a phone', async () => {
    const browser = await browse({ width: 390, height: 844 });
    const { page } = browser;
    await signIn(page, server.url, person.email, person.password);
    await openTokensFromUserMenu(page);
    const card = page.getByRole('listitem').filter({ hasText: 'Stock report' });
    await expect.poll(visible(card)).toBe(true);
    expect(await card.innerText()).toContain('Revoked');
    expect(await pageOverflow(page)).toBe(0);
    await browser.screenshot('api-tokens-phone-list');

    await page.getByRole('button', { name: 'New token' }).click();
    await expect.poll(visible(page.getByRole('dialog', { name: 'New token' }))).toBe(true);
    await settledShot(browser, 'api-tokens-phone-dialog');
    expect(await pageOverflow(page)).toBe(0);
  });

  it('lets a superadmin make a project service token with the manager role, which receives into that project', async () => {
    const browser = await browse();
    const { page } = browser;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    await page.getByRole('link', { name: 'Service Tokens' }).click();
    await page.waitForURL(/\/service-tokens$/);
    await expect.poll(visible(page.getByText('There are no service tokens yet.'))).toBe(true);

    await page.getByRole('button', { name: 'New service token' }).click();
    const dialog = page.getByRole('dialog', { name: 'New service token' });
    const role = dialog.getByRole('combobox', { name: 'Role' });
    await role.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['Auditor', 'Admin', 'Superadmin']);
    await page.keyboard.press('Escape');
    await dialog.getByLabel('Name').fill('Yard scanner');
    await dialog.getByRole('checkbox', { name: 'Write' }).check();
    await segment(page, 'Acts', 'One project');
    await pick(page, dialog.getByRole('combobox', { name: 'Project' }), NORTH);
    await role.click();
    expect(await page.getByRole('option').allInnerTexts()).toEqual(['User', 'Manager', 'Admin']);
    await page.getByRole('option', { name: 'Manager' }).click();
    await settledShot(browser, 'service-tokens-dialog');
    await dialog.getByRole('button', { name: 'Create token' }).click();

    const token = await readCreatedToken(browser, 'service-tokens-created');
    expect(token).toMatch(/^sls_/);
    const row = page.getByRole('row').filter({ hasText: 'Yard scanner' });
    await expect.poll(visible(row)).toBe(true);
    for (const text of ['Read', 'Write', 'Manager', NORTH, 'Active']) expect(await row.innerText()).toContain(text);
    await browser.screenshot('service-tokens-list');

    const received = await withToken(token, 'POST', '/api/materials/receive', receiveBody(north.id));
    expect(received.status).toBe(200);
  });
});
