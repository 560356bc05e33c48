/** The part pickers' suggestions. Pure, so tested. */
import { matchesAllWords } from '../app/search-term.ts';

export interface PartChoice {
  part_number: string;
  part_name: string;
  part_nickname: string;
}

/** A picker shows at most this many matches (spec 01 §9). */
export const PICKER_LIMIT = 25;

/** Parts whose number, name or nickname contain every typed word: the first 25, and how many match in all. */
export function matchingParts<T extends PartChoice>(parts: readonly T[], text: string, limit = PICKER_LIMIT): { items: T[]; total: number } {
  const items: T[] = [];
  let total = 0;
  for (const part of parts) {
    if (!matchesAllWords([part.part_number, part.part_name, part.part_nickname], text)) continue;
    total += 1;
    if (items.length < limit) items.push(part);
  }
  return { items, total };
}
