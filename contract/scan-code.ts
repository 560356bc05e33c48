/**
 * What a scanned code can be, read once for the camera, a keyboard-mode scanner and a typed code.
 * The codes the product prints carry a prefix that names their kind (the asset tracker link, LOC:,
 * TRF:, REQ:, LBL:); anything else is text the server looks up as a serial number, an asset number
 * and a part number, so a manufacturer's Code 128 or an EAN on a box finds what it names.
 */
import { TRACK_PARAM } from './scan-paths.ts';
import { isUuid } from './fields.ts';

export const SCAN_CODE_MAX = 256;

export const SCAN_MESSAGES = {
  empty: 'Scan or type a code.',
  tooLong: `A code is at most ${SCAN_CODE_MAX} characters.`,
  control: 'The code holds characters a scanner does not send; scan it again.',
  brokenAssetLink: 'This asset link is damaged: it does not name an asset. Scan the label again or type the serial number.',
  brokenLocation: 'A location code reads LOC:<warehouse number>:<rack>|<shelf>|<bin>|<zone>.',
  brokenTransfer: 'A transfer code reads TRF: and the transfer id.',
  brokenRequest: 'A request code reads R- and the request number, or REQ: and the request id.',
  brokenLabel: 'A label code reads LBL: and the label id.',
} as const;

/** How many recent scans a scan screen lists. */
export const SCAN_RECENT = 5;

export const noMatchMessage = (code: string) => `No match for “${code}”.`;
/** "R-12" scanned outside a project: request numbers count within a project. */
export const requestNumberNeedsProject = (code: string) => `Open a project first: “${code}” is a request number, and each project numbers its own.`;

/** The naming fields of a warehouse location, as the location code carries them. */
export interface LocationPlace {
  rack: string | null;
  shelf: string | null;
  bin: string | null;
  zone: string | null;
}

export type ScanCode =
  /** The tracker link an asset's QR holds, or an asset's id typed bare. */
  | { kind: 'asset'; instanceId: string }
  /** A bare id: an asset, a transfer, a request or a label; the server says which. */
  | { kind: 'id'; id: string }
  | { kind: 'location'; warehouseNum: number; place: LocationPlace }
  | { kind: 'transfer'; id: string }
  | { kind: 'request'; id: string }
  /** "R-12": a request of the current project by its number. */
  | { kind: 'request-number'; num: number }
  | { kind: 'label'; id: string }
  /** A serial number, an asset number or a part number; `gtin` when it is a valid EAN/UPC. */
  | { kind: 'text'; text: string; gtin: boolean };

export type ParsedScan = { ok: true; code: ScanCode } | { ok: false; message: string };

// Tab and the GS1 group separator (\x1d) come from real scanners and are read as spaces; any other control character is a misread.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u0008\u000a-\u001c\u001e-\u001f\u007f]/;

/** True for an EAN-8, UPC-A (12) or EAN-13 whose check digit is right. */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13})$/.test(value)) return false;
  const digits = [...value].map(Number);
  const check = digits.pop()!;
  const sum = digits.reverse().reduce((total, digit, i) => total + digit * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === check;
}

function parseLink(value: string): ParsedScan | null {
  if (!/^https?:\/\//i.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (!url.searchParams.has(TRACK_PARAM)) return null;
  const id = url.searchParams.get(TRACK_PARAM) ?? '';
  return isUuid(id) ? { ok: true, code: { kind: 'asset', instanceId: id.toLowerCase() } } : { ok: false, message: SCAN_MESSAGES.brokenAssetLink };
}

const decodePart = (part: string | undefined): string | null => {
  if (part === undefined) return null;
  try {
    return decodeURIComponent(part).trim() || null;
  } catch {
    return part.trim() || null;
  }
};

function parseLocation(rest: string): ParsedScan {
  const match = /^(\d{1,9}):(.*)$/.exec(rest);
  if (!match) return { ok: false, message: SCAN_MESSAGES.brokenLocation };
  const parts = match[2]!.split('|');
  if (parts.length > 4) return { ok: false, message: SCAN_MESSAGES.brokenLocation };
  const place: LocationPlace = { rack: decodePart(parts[0]), shelf: decodePart(parts[1]), bin: decodePart(parts[2]), zone: decodePart(parts[3]) };
  return { ok: true, code: { kind: 'location', warehouseNum: Number(match[1]), place } };
}

const PREFIXED: Record<string, (rest: string) => ParsedScan> = {
  LOC: parseLocation,
  TRF: (rest) => (isUuid(rest) ? { ok: true, code: { kind: 'transfer', id: rest.toLowerCase() } } : { ok: false, message: SCAN_MESSAGES.brokenTransfer }),
  REQ: (rest) => (isUuid(rest) ? { ok: true, code: { kind: 'request', id: rest.toLowerCase() } } : { ok: false, message: SCAN_MESSAGES.brokenRequest }),
  LBL: (rest) => (isUuid(rest) ? { ok: true, code: { kind: 'label', id: rest.toLowerCase() } } : { ok: false, message: SCAN_MESSAGES.brokenLabel }),
};

/** Reads one scanned or typed code; a malformed one is refused with a message that says what it should be. */
export function parseScanCode(raw: string): ParsedScan {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the GS1 group separator is read as a space
  const value = raw.replace(/[\t\u001d]/g, ' ').trim();
  if (value === '') return { ok: false, message: SCAN_MESSAGES.empty };
  if (value.length > SCAN_CODE_MAX) return { ok: false, message: SCAN_MESSAGES.tooLong };
  if (CONTROL.test(value) || /[\uD800-\uDFFF]/u.test(value)) return { ok: false, message: SCAN_MESSAGES.control };
  const link = parseLink(value);
  if (link) return link;
  const prefixed = /^(LOC|TRF|REQ|LBL):(.*)$/i.exec(value);
  if (prefixed) return PREFIXED[prefixed[1]!.toUpperCase()]!(prefixed[2]!.trim());
  const requestNumber = /^R-(\d{1,9})$/i.exec(value);
  if (requestNumber) return { ok: true, code: { kind: 'request-number', num: Number(requestNumber[1]) } };
  if (isUuid(value)) return { ok: true, code: { kind: 'id', id: value.toLowerCase() } };
  return { ok: true, code: { kind: 'text', text: value, gtin: isGtin(value) } };
}

const encodePart = (value: string | null) => encodeURIComponent((value ?? '').trim()).replace(/%20/g, ' ');

/** The code a warehouse location's label carries: LOC:<num_id>:<rack>|<shelf>|<bin>|<zone>. */
export function locationCode(warehouseNum: number, place: LocationPlace): string {
  const parts = [place.rack, place.shelf, place.bin, place.zone].map(encodePart);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return `LOC:${warehouseNum}:${parts.join('|')}`;
}

export const transferCode = (id: string) => `TRF:${id}`;
export const requestCode = (id: string) => `REQ:${id}`;
export const labelCode = (id: string) => `LBL:${id}`;
