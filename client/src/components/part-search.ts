/** The part pickers' suggestions. Pure, so tested. */
import { matchesAllWords } from '../shared/search-term.ts';

export interface PartChoice {
  part_number: string;
  part_name: string;
  part_nickname: string;
}

/** A picker shows at most this many matches (spec 01 §9). */
export const PICKER_LIMIT = 25;

/**
 * Where a part number sorts among the matches of the typed text, without regard to case: 0 when it
 * is the text, 1 when it starts with it, 2 otherwise. A person who types a whole part number then
 * finds that part first, whatever else mentions the text.
 */
export function partNumberRank(partNumber: string, text: string): 0 | 1 | 2 {
  const typed = text.trim().toLowerCase();
  const number = partNumber.toLowerCase();
  if (typed === '') return 2;
  return number === typed ? 0 : number.startsWith(typed) ? 1 : 2;
}

/** Matches in rank order, each rank keeping the order the parts came in. */
export function byPartNumberRank<T>(matches: readonly T[], text: string, numberOf: (match: T) => string): T[] {
  return matches
    .map((match, index) => ({ match, index, rank: partNumberRank(numberOf(match), text) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ match }) => match);
}

/**
 * Parts whose number, name or nickname contain every typed word: the exact part number first, then
 * numbers starting with the text, then the rest; the first 25, and how many match in all.
 */
export function matchingParts<T extends PartChoice>(parts: readonly T[], text: string, limit = PICKER_LIMIT): { items: T[]; total: number } {
  const matches = parts.filter((part) => matchesAllWords([part.part_number, part.part_name, part.part_nickname], text));
  return { items: byPartNumberRank(matches, text, (part) => part.part_number).slice(0, limit), total: matches.length };
}
