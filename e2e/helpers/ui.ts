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
