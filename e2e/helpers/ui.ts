/** Small steps the materials browser tests share: signing in, picking a project, reading downloads. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { SCREENSHOT_DIR } from './browser.ts';

export const visible = (locator: Locator) => () => locator.first().isVisible();

export const seen = (page: Page, text: string | RegExp) => () => page.getByText(text).first().isVisible();

export async function signIn(page: Page, url: string, email: string, password: string) {
  await page.goto(`${url}/login`);
  await page.locator('input[type=email]').fill(email);
  await page.locator('input[type=password]').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Chooses a project in the page's project picker by its "number · name" label. */
export async function chooseProject(page: Page, label: string) {
  const picker = page.getByRole('combobox', { name: 'Project' });
  await expect.poll(() => picker.isEnabled()).toBe(true);
  if ((await picker.inputValue()) === label) return;
  await picker.click();
  await page.getByRole('option', { name: label }).click();
  await expect.poll(() => picker.inputValue()).toBe(label);
}

/** Runs `action` and returns the text of the file the browser downloads because of it. */
export async function downloadText(page: Page, action: () => Promise<void>): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), action()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), text: readFileSync(file, 'utf8') };
}

/** Picks an option of a Mantine select or autocomplete by its label. */
export async function pick(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).first().click();
}

/** Clicks one option of a segmented control, found by the control's accessible name. */
export async function segment(page: Page, control: string, option: string) {
  await page.getByRole('radiogroup', { name: control }).getByText(option, { exact: true }).click();
}

/** The inventory table's row of one part (the search narrows the table to it first). */
export async function inventoryRow(page: Page, partNumber: string): Promise<Locator> {
  await page.getByRole('textbox', { name: 'Search inventory' }).fill(partNumber);
  const row = page.locator(`tr[data-part="${partNumber}"]`);
  await expect.poll(() => row.isVisible()).toBe(true);
  return row;
}

/** Splits a CSV the server wrote (quoted cells, no line breaks inside cells for these tests). */
export function csvRows(text: string): string[][] {
  return text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/)
    .map((line) => [...line.matchAll(/("([^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"')).slice(0, -1));
}

/**
 * A screenshot once transitions (modal, input borders) have settled. With a dialog open it is of
 * the screen as the person sees it; a full-page capture would misplace the fixed dialog.
 */
export async function settledShot(browser: { page: Page; screenshot(name: string): Promise<string> }, name: string) {
  await browser.page.waitForTimeout(350);
  if ((await browser.page.getByRole('dialog').count()) > 0) {
    await browser.page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  } else {
    await browser.screenshot(name);
  }
}

/**
 * Types into a searchable select as a person does, waits until the search has answered (no
 * spinner, every option shown matches what was typed) and picks the option.
 */
export async function searchAndPick(page: Page, field: Locator, typed: string, option: string | RegExp) {
  await field.click();
  await field.pressSequentially(typed, { delay: 40 });
  const options = page.getByRole('option');
  await expect
    .poll(async () => {
      if (await page.getByLabel(/^Searching/).isVisible()) return false;
      const shown = await options.allInnerTexts();
      return shown.length > 0 && shown.every((text) => text.toLowerCase().includes(typed.toLowerCase()));
    })
    .toBe(true);
  await options.filter({ hasText: option }).first().click();
}

/** Chooses a file as a person does: clicks the control, and answers the file chooser it opens. */
export async function chooseFile(page: Page, control: Locator, file: string | { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), control.click()]);
  await chooser.setFiles(file);
}

/** Whether a person sees `locator` without scrolling: its centre lies in the window and nothing covers it there. */
export const inSight = (locator: Locator) => () =>
  locator.first().evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const top = document.elementFromPoint(x, y);
    return top !== null && (top === element || element.contains(top));
  });

/** How far apart a keyboard-mode scanner's keys are, as the operating system stamps them. */
const SCANNER_KEY_GAP_MS = 5;

/**
 * Types `code` and Enter as a keyboard-mode scanner does: keys stamped a few milliseconds apart by
 * the device, however busy the page is when they arrive. Playwright's own typing waits for the page
 * to take each key before sending the next, so on a loaded machine its keys are stamped tens of
 * milliseconds apart and read as a person typing; here each key carries its own time stamp and all
 * are queued at once.
 */
export async function scannerBurst(page: Page, code: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const start = Date.now() / 1000;
  const keys = [...code].map((text) => ({ key: text, physical: '', text, virtualKey: text.toUpperCase().charCodeAt(0) }));
  keys.push({ key: 'Enter', physical: 'Enter', text: '\r', virtualKey: 13 });
  try {
    await Promise.all(
      keys.flatMap(({ key, physical, text, virtualKey }, i) => {
        const timestamp = start + (i * SCANNER_KEY_GAP_MS) / 1000;
        const common = { key, code: physical, windowsVirtualKeyCode: virtualKey };
        return [
          cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...common, text, unmodifiedText: text, timestamp }),
          cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common, timestamp: timestamp + 0.001 }),
        ];
      }),
    );
  } finally {
    await cdp.detach();
  }
}
