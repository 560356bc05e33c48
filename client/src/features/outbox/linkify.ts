/** Splits plain e-mail text into text and web links, so links in a message can be followed. */

export type TextPart = { kind: 'text'; value: string } | { kind: 'link'; value: string };

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation right after a link belongs to the sentence, not to the address.
const TRAILING = /[.,;:!?)\]]+$/;

export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}
