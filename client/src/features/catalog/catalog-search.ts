/** Catalogue search: every typed word must appear in the part number, name or nickname. */
import type { CatalogPart } from '../../api/material-types.ts';
import { matchesAllWords } from '../../shared/search-term.ts';

export function matchingCatalog(parts: readonly CatalogPart[], search: string): CatalogPart[] {
  return parts.filter((p) => matchesAllWords([p.part_number, p.part_name, p.part_nickname], search));
}
