/**
 * The first line of a picker whose list is cut at its limit, so nobody takes the first matches for
 * all of them. Pure, so tested (with the part picker).
 */

/** The value of that unselectable line. */
export const MATCH_HINT_VALUE = '\u0000match-hint';

/**
 * "25 of 130 matches" when the total is known, "Showing the first 25 matches" when an answer
 * without a total came back full, else nothing.
 */
export function matchCountHint(shown: number, total: number | undefined, limit = 25): string | null {
  if (total !== undefined) return total > shown ? `${shown} of ${total.toLocaleString('en-US')} matches: type more to narrow` : null;
  return shown >= limit ? `Showing the first ${limit} matches: type more to narrow` : null;
}
