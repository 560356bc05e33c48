/**
 * Pure rules of the counting page: how lines are grouped by place and named, which line a typed
 * line number, part number or serial means, and how a scanned batch becomes counted lines.
 */
import type { CountEntryBody, CounterLine } from '@contract/counts.ts';
import { type LocationPlace, parseScanCode } from '@contract/scan-code.ts';
import { normalizePlace, placeKey, placeLabel } from '@contract/place.ts';

export const NO_PLACE = 'No location';

export const LINE_STATUS_LABELS: Record<CounterLine['status'], string> = { to_count: 'To count', counted: 'Counted', recount: 'Recount' };
export const LINE_STATUS_COLORS: Record<CounterLine['status'], string> = { to_count: 'gray', counted: 'green', recount: 'orange' };

/** What a line counts: the part number, or the asset and its serial. */
export const lineWhat = (line: Pick<CounterLine, 'part_number' | 'asset_number' | 'serial_number'>): string =>
  line.part_number ?? [line.asset_number, line.serial_number && `S/N ${line.serial_number}`].filter(Boolean).join(' ');

/** "Line 3 · PN-100 at Rack A · Bin 2" */
export const lineLabel = (line: CounterLine): string => `Line ${line.seq} · ${lineWhat(line)}${line.place_label ? ` at ${line.place_label}` : ''}`;

export interface PlaceGroup {
  label: string;
  lines: CounterLine[];
}

/** Lines grouped by where they are, in the order of their first line (the plan's walking order). */
export function groupByPlace(lines: readonly CounterLine[]): PlaceGroup[] {
  const groups = new Map<string, PlaceGroup>();
  for (const line of lines) {
    const label = line.place_label ?? NO_PLACE;
    const group = groups.get(label) ?? { label, lines: [] };
    group.lines.push(line);
    groups.set(label, group);
  }
  return [...groups.values()];
}

const same = (a: string | null | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** Lines matching a search: line number, part number or name, place, asset or serial. */
export function searchLines(lines: readonly CounterLine[], term: string): CounterLine[] {
  const t = term.trim().toLowerCase();
  if (!t) return [...lines];
  if (/^#?\d+$/.test(t)) {
    const seq = Number(t.replace('#', ''));
    const exact = lines.filter((line) => line.seq === seq);
    if (exact.length > 0) return exact;
  }
  return lines.filter((line) =>
    [line.part_number, line.part_name, line.place_label, line.asset_number, line.serial_number].some((v) => (v ?? '').toLowerCase().includes(t)),
  );
}

const lineOfPlace = (line: CounterLine, place: LocationPlace | null) =>
  place === null || line.place === null ? true : placeKey(line.place) === placeKey(normalizePlace(place));

/**
 * The line a typed entry means: "12" or "#12" is line 12; otherwise a part number or serial, at the
 * place given when there is one, preferring a line still to count. Null when no line matches.
 */
export function findLine(lines: readonly CounterLine[], typed: string, place: LocationPlace | null = null, bySeq = true): CounterLine | null {
  const t = typed.trim();
  const seq = bySeq ? /^#?(\d+)$/.exec(t) : null;
  if (seq) {
    const numbered = lines.find((line) => line.seq === Number(seq[1]));
    if (numbered) return numbered;
  }
  const matching = lines.filter((line) => (same(line.part_number, t) || same(line.serial_number, t)) && lineOfPlace(line, place));
  return matching.find((line) => line.status !== 'counted') ?? matching[0] ?? null;
}

/** The body of one counted line: a planned line by id, else what was found (part or serial) at the place. */
export function entryBody(line: CounterLine | null, typed: string, counted: number, countedAt: string, place: LocationPlace | null): CountEntryBody {
  if (line) return { line_id: line.line_id, counted, counted_at: countedAt };
  return { part_number: typed.trim(), ...(place ? { place: normalizePlace(place) } : {}), counted, counted_at: countedAt };
}

/** A part scanned into the batch: one unit per scan, where the batch's place was when scanned. */
export interface BatchLine {
  code: string;
  place: LocationPlace | null;
  units: number;
  /** When its last unit was scanned: the moment the count of it was complete. */
  lastAt: string;
}

export const batchKey = (code: string, place: LocationPlace | null) => `${code.trim().toLowerCase()}@${place ? placeKey(normalizePlace(place)) : ''}`;

export const placeText = (place: LocationPlace | null) => (place ? placeLabel(normalizePlace(place)) : NO_PLACE);

export type ScanReading = { kind: 'place'; place: LocationPlace } | { kind: 'code'; code: string } | { kind: 'refused'; message: string };

export const SCAN_A_PART = 'Scan a part number, a serial number or a location label.';

/** What a scan means while counting: a location label sets the place, a text code is a part or serial. */
export function readScan(raw: string): ScanReading {
  const parsed = parseScanCode(raw);
  if (!parsed.ok) return { kind: 'refused', message: parsed.message };
  if (parsed.code.kind === 'location') return { kind: 'place', place: parsed.code.place };
  if (parsed.code.kind === 'text') return { kind: 'code', code: parsed.code.text };
  return { kind: 'refused', message: SCAN_A_PART };
}

/** One more unit of `code` at `place`. */
export function addToBatch(batch: readonly BatchLine[], code: string, place: LocationPlace | null, at: string): BatchLine[] {
  const key = batchKey(code, place);
  const found = batch.find((line) => batchKey(line.code, line.place) === key);
  if (!found) return [...batch, { code, place, units: 1, lastAt: at }];
  return batch.map((line) => (line === found ? { ...line, units: line.units + 1, lastAt: at } : line));
}

/** The batch as lines to send, each matched to a planned line where one fits. */
export function batchEntries(lines: readonly CounterLine[], batch: readonly BatchLine[]): { body: CountEntryBody; label: string }[] {
  return batch
    .filter((b) => b.units > 0)
    .map((b) => {
      // A scanned code is never a line number, even when it is all digits.
      const line = findLine(lines, b.code, b.place, false);
      return {
        body: entryBody(line, b.code, b.units, b.lastAt, b.place),
        label: line ? `${lineLabel(line)}: ${b.units}` : `${b.code} at ${placeText(b.place)}: ${b.units}`,
      };
    });
}
