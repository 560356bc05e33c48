/** The part picker's suggestions. Pure, so tested. */
import { matchesAllWords } from '../../app/search-term.ts';

export interface PartChoice {
  part_number: string;
  part_name: string;
  part_nickname: string;
}

/** The picker's suggestions: parts whose number, name or nickname contain every typed word, at most 25 (spec 01 §9). */
export function matchingParts<T extends PartChoice>(parts: readonly T[], text: string, limit = 25): T[] {
  const matches: T[] = [];
  for (const part of parts) {
    if (matchesAllWords([part.part_number, part.part_name, part.part_nickname], text)) matches.push(part);
    if (matches.length >= limit) break;
  }
  return matches;
}
