/**
 * Counting by scanning against a list (a transfer's pick list, a request's lines): each scanned
 * part number is one unit of its line, never more than the line allows; a code that is not on the
 * list is named back to the person. What was counted is sent as `lines: [{part_number, quantity}]`.
 */
import { parseScanCode } from '@contract/scan-code.ts';

export interface CountLine {
  /** The line's own key (a request's line id; a transfer's part number). */
  key: string;
  part_number: string;
  part_name: string;
  /** The most this step may take of the line (left to send, in transit, asked for). */
  max: number;
}

export type Counts = Readonly<Record<string, number>>;

export const SCAN_COUNT_MESSAGES = {
  notOnList: (code: string) => `“${code}” is not on this list.`,
  full: (part: string, max: number) => `All ${max} of ${part} are counted already.`,
  tooMany: (max: number) => `At most ${max}.`,
  whole: 'Count in whole units, 0 or more.',
  nothing: 'Scan or count at least one item.',
} as const;

export type CountAnswer = { ok: true; counts: Counts; key: string } | { ok: false; message: string };

const sameCode = (a: string, b: string) => a.trim().toUpperCase() === b.trim().toUpperCase();

/** One scan: one more unit of the first line of that part with room left, or why not. */
export function countScan(lines: readonly CountLine[], counts: Counts, raw: string): CountAnswer {
  const parsed = parseScanCode(raw);
  if (!parsed.ok) return { ok: false, message: parsed.message };
  const code = parsed.code.kind === 'text' ? parsed.code.text : raw.trim();
  const ofPart = lines.filter((line) => sameCode(line.part_number, code));
  if (ofPart.length === 0) return { ok: false, message: SCAN_COUNT_MESSAGES.notOnList(code) };
  const line = ofPart.find((l) => (counts[l.key] ?? 0) < l.max);
  if (!line) {
    const max = ofPart.reduce((sum, l) => sum + l.max, 0);
    return { ok: false, message: SCAN_COUNT_MESSAGES.full(ofPart[0]!.part_number, max) };
  }
  return { ok: true, key: line.key, counts: { ...counts, [line.key]: (counts[line.key] ?? 0) + 1 } };
}

/** Why a count typed by hand cannot be sent, or null. */
export function countError(line: CountLine, count: number): string | null {
  if (!Number.isInteger(count) || count < 0) return SCAN_COUNT_MESSAGES.whole;
  return count > line.max ? SCAN_COUNT_MESSAGES.tooMany(line.max) : null;
}

/** The counted lines to send, in list order; nothing counted, nothing sent. */
export function countedLines(lines: readonly CountLine[], counts: Counts): { part_number: string; quantity: number }[] {
  return lines.filter((line) => (counts[line.key] ?? 0) > 0).map((line) => ({ part_number: line.part_number, quantity: counts[line.key]! }));
}

/** Why the counts cannot be sent yet, or null. */
export function countsProblem(lines: readonly CountLine[], counts: Counts): string | null {
  if (lines.some((line) => countError(line, counts[line.key] ?? 0) !== null)) return 'Fix the counts marked in red.';
  return countedLines(lines, counts).length === 0 ? SCAN_COUNT_MESSAGES.nothing : null;
}
