/**
 * The edge rules every request inherits, as zod primitives: text without NUL characters or lone
 * UTF-16 surrogates and never longer than its limit, whole quantities between 1 and MAX_QUANTITY,
 * e-mail addresses and ids. Each message is one plain sentence naming the field in words.
 */
import { z } from 'zod';
import { MAX_LENGTH, MAX_QUANTITY } from './limits.ts';
import { EMAIL_REQUIRED, QUANTITY_POSITIVE, QUANTITY_REQUIRED } from './messages.ts';

// With the `u` flag a well-formed pair is one code point, so only a lone surrogate matches the range.
// The NUL is the point of the rule: PostgreSQL text cannot hold it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching NUL is what this pattern is for
const FORBIDDEN_CHARACTERS = /[\u0000\uD800-\uDFFF]/u;

/** True when the text has no NUL character and no lone surrogate (PostgreSQL stores neither). */
export function isStorableText(value: string): boolean {
  return !FORBIDDEN_CHARACTERS.test(value);
}

export const notAllowedMessage = (label: string) => `${label} contains a character that is not allowed.`;
/**
 * A whole number as the messages write it: 1,000,000. Not `toLocaleString('en-US')`: the schemas
 * build their messages as their modules load, and a browser's first number formatter loads its
 * locale data, a tenth of a second of a phone's first paint.
 */
export function wholeNumber(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

export const tooLongMessage = (label: string, max: number) => `${label} is too long (at most ${wholeNumber(max)} characters).`;

export interface TextOptions {
  /** The field in words, as a sentence starts: "Part name". */
  label: string;
  max: number;
  /** The message when the field is missing or blank; absent means blank is accepted. */
  required?: string;
  /** Leading and trailing spaces are dropped before the checks (default true). */
  trim?: boolean;
}

/** A text field: optionally trimmed and required, at most `max` characters, storable. */
export function text({ label, max, required, trim = true }: TextOptions) {
  let schema = z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? (required ?? `${label} is required.`) : `${label} must be text.`),
  });
  if (trim) schema = schema.trim();
  if (required) schema = schema.min(1, required);
  return schema.max(max, tooLongMessage(label, max)).refine(isStorableText, notAllowedMessage(label));
}

/** A search box: optional, blank when absent, never longer than the search limit. */
export const searchText = (label = 'Search') => text({ label, max: MAX_LENGTH.search }).default('');

export interface QuantityOptions {
  /** The message for zero or less (the spec words it differently per form). */
  positive?: string;
  /** The message when the quantity is missing. */
  required?: string;
}

/**
 * A quantity, sent as a number or as numeric text: a whole number from 1 to MAX_QUANTITY. A
 * fraction is "not a whole number" whatever its size, so 1.5 is never "greater than zero".
 */
export function quantity({ positive = QUANTITY_POSITIVE, required = QUANTITY_REQUIRED }: QuantityOptions = {}) {
  return z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value === '' || value === null ? undefined : value),
    z.number({ error: (issue) => (issue.input === undefined ? required : 'Quantity must be a number.') }).superRefine((value, ctx) => {
      if (!Number.isInteger(value)) ctx.addIssue({ code: 'custom', message: 'Quantity must be a whole number.' });
      else if (value < 1) ctx.addIssue({ code: 'custom', message: positive });
      else if (value > MAX_QUANTITY) ctx.addIssue({ code: 'custom', message: `Quantity must be at most ${wholeNumber(MAX_QUANTITY)}.` });
    }),
  );
}

export interface EmailOptions {
  label?: string;
  required?: string;
  /** Check the address's form (invitations); sign-in takes whatever was typed. */
  checkFormat?: boolean;
}

/** An e-mail address: trimmed, lower-cased, at most 254 characters. */
export function email({ label = 'Email', required = EMAIL_REQUIRED, checkFormat = false }: EmailOptions = {}) {
  const base = text({ label, max: MAX_LENGTH.email, required }).transform((value) => value.toLowerCase());
  return checkFormat ? base.pipe(z.email({ error: 'Enter a valid e-mail address' })) : base;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when the text is a UUID: an id read from a path or a code can be looked up only then. */
export const isUuid = (value: string): boolean => UUID.test(value);

/** An id (a UUID) named in words: "Project id must be a valid id." */
export function id(label: string, message = `${label} must be a valid id.`) {
  return z.uuid({ error: message });
}

/** A page of a paged list: 1 and up, the first when not sent. */
export function pageNumber() {
  return z.coerce
    .number({ error: 'Page must be a number.' })
    .int('Page must be a whole number.')
    .min(1, 'Page must be 1 or more.')
    .max(1_000_000, 'Page is too large.')
    .default(1);
}

/** Rows on a page of a paged list: 1 to `max`, `fallback` when not sent. */
export function pageSize(max: number, fallback: number) {
  return z.coerce
    .number({ error: 'Page size must be a number.' })
    .int('Page size must be a whole number.')
    .min(1, 'Page size must be 1 or more.')
    .max(max, `Page size must be at most ${max}.`)
    .default(fallback);
}
