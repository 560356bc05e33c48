/** Layout checks the browser tests share: nothing scrolls sideways, no word or name is cut to a few letters. */
import type { Locator, Page } from 'playwright-core';

/** How far the page scrolls sideways: its scrolling element's width beyond its visible width (0 when it fits). */
export function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });
}

export interface CutText {
  text: string;
  /** Pixels of it in sight. */
  shown: number;
  /** Pixels it needs. */
  full: number;
}

/** The elements under `scope` matching `selector` whose text is cut short (by an ellipsis or clipping). */
export function cutTexts(scope: Locator, selector: string): Promise<CutText[]> {
  return scope
    .locator(selector)
    .evaluateAll((elements) =>
      elements
        .filter((element) => element.scrollWidth > element.clientWidth + 1 && (element.textContent ?? '').trim() !== '')
        .map((element) => ({ text: (element.textContent ?? '').trim(), shown: element.clientWidth, full: element.scrollWidth })),
    );
}

/** Badges under `scope` that do not show their whole word ("req…"). */
export const cutBadges = (scope: Locator) => cutTexts(scope, '.mantine-Badge-root, .mantine-Badge-label');

/**
 * Table cells (and what is in them) under `scope` cut to a few letters: fewer than `minimum` of
 * their letters in sight (measured by the share of the text's width that shows).
 */
export async function cutToAFewLetters(scope: Locator, minimum = 12): Promise<CutText[]> {
  return (await cutTexts(scope, 'td, td *')).filter((cut) => Math.floor((cut.text.length * cut.shown) / cut.full) < minimum);
}

/** The texts of the elements matched by `selector` that are cut short, by an ellipsis or a line clamp. */
export const cutCells = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((cells) =>
      cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1 || cell.scrollHeight > cell.clientHeight + 1).map((cell) => cell.textContent ?? ''),
    );
