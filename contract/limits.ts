/**
 * The limits of every input, in one place: the server refuses past them with a 400 naming the
 * field, and the client's forms stop at the same numbers.
 */

/** The most of one part a single movement may carry. */
export const MAX_QUANTITY = 1_000_000_000;

/** Longest text accepted in each field, in characters (UTF-16 code units, as `String.length`). */
export const MAX_LENGTH = {
  partNumber: 100,
  partName: 200,
  partNickname: 200,
  binInfo: 200,
  note: 1000,
  /** RFC 5321: the longest address a mail server carries. */
  email: 254,
  firstName: 100,
  lastName: 100,
  password: 1024,
  projectName: 200,
  projectCustomer: 200,
  projectNumber: 100,
  /** Search boxes of every list. */
  search: 200,
  /** One-time codes e-mailed to people. */
  oneTimeCode: 20,
  /** Tokens of invitation and reset links. */
  linkToken: 200,
  /** A threshold typed as text. */
  threshold: 20,
} as const;

/** Shortest password accepted when one is set. */
export const MIN_PASSWORD_LENGTH = 8;

/** Largest page a paged list answers. */
export const MAX_PAGE_SIZE = 500;

/** Log counts stop here: past it a screen shows "10,000+" rather than counting a year of rows. */
export const LOG_COUNT_CAP = 10_000;

/** Users listed a page at a time on the users screen. */
export const USER_PAGE_SIZE = 25;

/** Outbox messages a page. */
export const OUTBOX_PAGE_SIZE = 25;

/** Pickers show at most this many matches (spec 01 §9). */
export const PICKER_LIMIT = 25;
