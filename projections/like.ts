/** Text search in read tables: a user's text matched as a substring, never as a LIKE pattern. */

/** Escapes LIKE's wildcards so "50%" finds "50%", not everything starting with "50". */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%text%` for ILIKE, wildcards escaped. */
export const containing = (text: string): string => `%${escapeLike(text)}%`;
