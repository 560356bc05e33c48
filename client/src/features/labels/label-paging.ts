/** Paging of the label database (spec 02 §5 and §9): page count, clamping and the page input. */

/** ceil(total / limit), at least 1. */
export function pageCount(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** The page kept within 1..count (the page is clamped when the count shrinks). */
export function clampPage(page: number, count: number): number {
  return Math.min(Math.max(1, page), Math.max(1, count));
}

/** The page input: minimum 1; anything that is not a number becomes 1. */
export function parsePageInput(text: string | number): number {
  const n = typeof text === 'number' ? text : Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 1 ? Math.floor(n) : 1;
}

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;
