/** Searches start at two characters (spec 02 §5); shorter input means "no filter". */
export const MIN_SEARCH_LENGTH = 2;

/** The trimmed search text to send, or undefined when it is too short to search with. */
export function searchTerm(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed.length >= MIN_SEARCH_LENGTH ? trimmed : undefined;
}

/** Debounce of search boxes, so typing does not send a request per key. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Search in a table already loaded: every typed word must appear in one of the fields, without regard to case. */
export function matchesAllWords(fields: readonly string[], search: string): boolean {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = fields.join('\n').toLowerCase();
  return words.every((word) => text.includes(word));
}
