/**
 * The medium as the print dialog edits it: the numbers a person reads and types in their unit
 * (mm or in), turned into the contract's medium in millimetres and checked with the same zod
 * schema the server uses, each message kept with the field it is about.
 */
import { MM_PER_INCH, type Medium, type MediumInput, type MediaUnit, medium as mediumSchema, MEDIUM_PRESETS } from '@contract/label-media.ts';

export const SHEET_LENGTHS = [
  'page_width_mm',
  'page_height_mm',
  'label_width_mm',
  'label_height_mm',
  'margin_top_mm',
  'margin_left_mm',
  'gap_x_mm',
  'gap_y_mm',
  'corner_radius_mm',
] as const;
export type SheetLength = (typeof SHEET_LENGTHS)[number];
export type SheetCount = 'rows' | 'columns';
export const ROLL_LENGTHS = ['label_width_mm', 'label_height_mm'] as const;
export type RollLength = (typeof ROLL_LENGTHS)[number];

/** A number box's value: a number, or the text of one being typed ('' when empty). */
export type Entry = number | string;

export type PageSize = 'a4' | 'letter' | 'custom';
export const PAGE_SIZES: Record<Exclude<PageSize, 'custom'>, { width_mm: number; height_mm: number }> = {
  a4: { width_mm: 210, height_mm: 297 },
  letter: { width_mm: 215.9, height_mm: 279.4 },
};

/**
 * The exact length in mm behind a shown one: a length converted to the other unit is shown rounded
 * (A4's 210 mm is 8.2677 in), and reading the rounded number back would move it. While the box still
 * shows that number, the exact length is the one printed.
 */
type ExactMm = Partial<Record<string, number>>;

export interface SheetDraft {
  kind: 'sheet';
  unit: MediaUnit;
  page: PageSize;
  lengths: Record<SheetLength, Entry>;
  exactMm: ExactMm;
  rows: Entry;
  columns: Entry;
}

export interface RollDraft {
  kind: 'roll';
  unit: MediaUnit;
  lengths: Record<RollLength, Entry>;
  exactMm: ExactMm;
  dpi: 203 | 300;
}

export type MediumDraft = SheetDraft | RollDraft;

/** A length in mm as shown in `unit`: inches to four decimals (0.1875 in), mm to three. */
export function shownIn(unit: MediaUnit, valueMm: number): number {
  return unit === 'in' ? Math.round((valueMm / MM_PER_INCH) * 10_000) / 10_000 : Math.round(valueMm * 1_000) / 1_000;
}

/** What a person typed in `unit`, in mm (NaN when it is not a number yet). */
export function toMm(unit: MediaUnit, entry: Entry): number {
  const value = typeof entry === 'number' ? entry : entry.trim() === '' ? Number.NaN : Number(entry);
  if (!Number.isFinite(value)) return Number.NaN;
  return unit === 'in' ? Math.round(value * MM_PER_INCH * 10_000) / 10_000 : value;
}

const toCount = (entry: Entry) => (typeof entry === 'number' ? entry : entry.trim() === '' ? Number.NaN : Number(entry));

function pageOf(widthMm: number, heightMm: number): PageSize {
  for (const [page, size] of Object.entries(PAGE_SIZES) as [Exclude<PageSize, 'custom'>, { width_mm: number; height_mm: number }][])
    if (Math.abs(size.width_mm - widthMm) < 0.01 && Math.abs(size.height_mm - heightMm) < 0.01) return page;
  return 'custom';
}

/** The editor's numbers for a medium (a preset, a saved one), in the unit it was entered in. */
export function draftOf(m: Medium): MediumDraft {
  if (m.kind === 'roll') {
    return {
      kind: 'roll',
      unit: m.unit,
      dpi: m.dpi,
      lengths: { label_width_mm: shownIn(m.unit, m.label_width_mm), label_height_mm: shownIn(m.unit, m.label_height_mm) },
      exactMm: { label_width_mm: m.label_width_mm, label_height_mm: m.label_height_mm },
    };
  }
  const lengths = Object.fromEntries(SHEET_LENGTHS.map((key) => [key, shownIn(m.unit, m[key])])) as Record<SheetLength, Entry>;
  const exactMm = Object.fromEntries(SHEET_LENGTHS.map((key) => [key, m[key]]));
  return { kind: 'sheet', unit: m.unit, page: pageOf(m.page_width_mm, m.page_height_mm), lengths, exactMm, rows: m.rows, columns: m.columns };
}

/** The length in mm a box stands for: its exact length while it still shows it, else what it shows. */
function lengthMm(draft: MediumDraft, key: string): number {
  const entry = (draft.lengths as Record<string, Entry>)[key] ?? '';
  const exact = draft.exactMm[key];
  if (exact !== undefined && typeof entry === 'number' && entry === shownIn(draft.unit, exact)) return exact;
  return toMm(draft.unit, entry);
}

/** The same numbers read in another unit. */
export function withUnit(draft: MediumDraft, unit: MediaUnit): MediumDraft {
  if (draft.unit === unit) return draft;
  const lengths: Record<string, Entry> = {};
  const exactMm: ExactMm = {};
  for (const [key, entry] of Object.entries(draft.lengths)) {
    const mm = lengthMm(draft, key);
    lengths[key] = Number.isNaN(mm) ? entry : shownIn(unit, mm);
    if (!Number.isNaN(mm)) exactMm[key] = mm;
  }
  return { ...draft, unit, lengths, exactMm } as MediumDraft;
}

/** A sheet's page size chosen by name: A4 and Letter fill the width and height. */
export function withPage(draft: SheetDraft, page: PageSize): SheetDraft {
  if (page === 'custom') return { ...draft, page };
  const size = PAGE_SIZES[page];
  return {
    ...draft,
    page,
    lengths: { ...draft.lengths, page_width_mm: shownIn(draft.unit, size.width_mm), page_height_mm: shownIn(draft.unit, size.height_mm) },
    exactMm: { ...draft.exactMm, page_width_mm: size.width_mm, page_height_mm: size.height_mm },
  };
}

/** The contract's medium (every length in mm) the draft describes, before it is checked. */
export function mediumOf(draft: MediumDraft): MediumInput {
  if (draft.kind === 'roll') {
    return {
      kind: 'roll',
      unit: draft.unit,
      dpi: draft.dpi,
      label_width_mm: lengthMm(draft, 'label_width_mm'),
      label_height_mm: lengthMm(draft, 'label_height_mm'),
    };
  }
  const lengths = Object.fromEntries(SHEET_LENGTHS.map((key) => [key, lengthMm(draft, key)])) as Record<SheetLength, number>;
  return { kind: 'sheet', unit: draft.unit, ...lengths, rows: toCount(draft.rows), columns: toCount(draft.columns) };
}

export type MediumCheck = { ok: true; medium: Medium } | { ok: false; errors: Partial<Record<string, string>> };

/** The draft checked by the contract's schema: the medium, or the first message of each field. */
export function checkDraft(draft: MediumDraft): MediumCheck {
  const parsed = mediumSchema.safeParse(mediumOf(draft));
  if (parsed.success) return { ok: true, medium: parsed.data };
  const errors: Partial<Record<string, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'kind');
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

export const CUSTOM_SHEET = 'custom-sheet';
export const CUSTOM_ROLL = 'custom-roll';
export const savedChoice = (id: string) => `saved:${id}`;

/** A blank custom sheet starts as Avery L7160, so every box holds a number that works. */
export const firstSheet = (): Medium => MEDIUM_PRESETS.find((p) => p.medium.kind === 'sheet')!.medium;
export const firstRoll = (): Medium => MEDIUM_PRESETS.find((p) => p.medium.kind === 'roll')!.medium;
