/**
 * Ten thousand parts on one dashboard, received through two bulk files of the real API: the table
 * shows only the rows in view, answers a jump anywhere in the list at once, and sorts and searches
 * all of them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiSession, createProject } from './helpers/api.ts';
import { openBrowser, type Browser } from './helpers/browser.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { chooseProject, settledShot, signIn, visible } from './helpers/ui.ts';

const PARTS = 10_000;
let server: RunningServer;
let browser: Browser;

const part = (i: number) => `YARD-${String(i).padStart(5, '0')}`;
const quantity = (i: number) => (i * 37) % 500;

beforeAll(async () => {
  server = await startServer();
  const admin = await ApiSession.signIn(server.url, server.admin.email, server.admin.password);
  const project = await createProject(admin, 'Central Yard', '9000', 'Big Build');
  const header = 'Part Number,Part Name,Part Nickname,Quantity';
  for (let start = 0; start < PARTS; start += 5000) {
    const rows = Array.from({ length: 5000 }, (_, k) => {
      const i = start + k;
      return `${part(i)},Yard part ${i},Part ${i},${quantity(i) + 1}`;
    });
    const answer = await admin.request<{ summary: { ok: number } }>(
      'POST',
      `/api/materials/bulk?project_id=${project.id}&action=receive`,
      [header, ...rows].join('\n'),
    );
    expect(answer.summary.ok).toBe(5000);
  }
  browser = await openBrowser();
}, 300_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const table = (page: Page) => page.getByRole('table', { name: 'Materials inventory' });
const renderedRows = (page: Page) => table(page).locator('tbody tr[data-part]').count();

describe('a project with ten thousand parts', () => {
  it('loads them all but renders only the rows in view', async () => {
    const { page } = browser;
    await signIn(page, server.url, server.admin.email, server.admin.password);
    const started = Date.now();
    await chooseProject(page, '9000 · Central Yard');
    await expect.poll(visible(page.locator(`tr[data-part="${part(0)}"]`)), { timeout: 15_000 }).toBe(true);
    expect(Date.now() - started).toBeLessThan(10_000);
    await expect.poll(() => page.getByText(`${PARTS.toLocaleString('en-US')} parts`).isVisible()).toBe(true);
    expect(await renderedRows(page)).toBeLessThan(60);
    expect(await table(page).getAttribute('aria-rowcount')).toBe(String(PARTS + 1));
    await settledShot(browser, 'materials-10k');
  });

  it('shows any part of the list at once when scrolled there', async () => {
    const { page } = browser;
    const scroller = page.getByTestId('virtual-table-scroller');
    const slowest = await scroller.evaluate(async (element, rowCount) => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      let worst = 0;
      for (const fraction of [0.1, 0.9, 0.33, 0.66, 0, 0.5, 0.25, 0.75, 1]) {
        const started = performance.now();
        element.scrollTop = fraction * (element.scrollHeight - element.clientHeight);
        const wanted = Math.min(rowCount - 1, Math.floor((fraction * (element.scrollHeight - element.clientHeight)) / 44));
        // Wait until the row at that position is in the document.
        for (;;) {
          await frame();
          if (element.querySelector(`tr[aria-rowindex="${wanted + 2}"]`)) break;
          if (performance.now() - started > 5000) throw new Error(`row ${wanted} never rendered`);
        }
        worst = Math.max(worst, performance.now() - started);
      }
      return worst;
    }, PARTS);
    expect(slowest).toBeLessThan(500);
    await expect.poll(visible(page.locator(`tr[data-part="${part(PARTS - 1)}"]`))).toBe(true);
    expect(await renderedRows(page)).toBeLessThan(60);
  });

  it('sorts and searches all of them', async () => {
    const { page } = browser;
    const scroller = page.getByTestId('virtual-table-scroller');
    await scroller.evaluate((element) => (element.scrollTop = 0));
    await table(page).getByRole('button', { name: 'Qty On Hand', exact: true }).click();
    await table(page).getByRole('button', { name: 'Qty On Hand', exact: true }).click();
    const largest = Math.max(...Array.from({ length: PARTS }, (_, i) => quantity(i) + 1));
    const first = table(page).locator('tbody tr[data-part]').first();
    await expect.poll(() => first.getByRole('button', { name: /Qty On Hand of/ }).innerText()).toBe(String(largest));
    expect(
      await table(page)
        .getByRole('columnheader', { name: /Qty On Hand/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');

    await page.getByRole('textbox', { name: 'Search inventory' }).fill('part 9999');
    await expect.poll(() => renderedRows(page)).toBe(1);
    await expect.poll(() => page.getByText(`1 of ${PARTS.toLocaleString('en-US')} parts`).isVisible()).toBe(true);
  });
});
