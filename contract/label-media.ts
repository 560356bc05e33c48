/**
 * Label media: the stock labels are printed on. A sheet (Avery and custom) is a page of rows and
 * columns of labels for an office printer; a roll is one label per print for a thermal printer at
 * 203 or 300 dpi. Every size is in millimetres; `unit` only says how a person entered and reads it.
 * The geometry here (where label N of a job lands) is the one the PDF, ZPL, preview and tests use.
 */
import { z } from 'zod';
import { id, text } from './fields.ts';

export const MM_PER_INCH = 25.4;
export const POINTS_PER_MM = 72 / MM_PER_INCH;
export const THERMAL_DPIS = [203, 300] as const;
export type ThermalDpi = (typeof THERMAL_DPIS)[number];
export const MEDIA_UNITS = ['mm', 'in'] as const;
export type MediaUnit = (typeof MEDIA_UNITS)[number];

export const MEDIA_LIMITS = {
  name: 100,
  /** Largest page or roll label side, in mm (A0 is 1189 mm). */
  side: 1200,
  rowsOrColumns: 100,
  /** Saved media per site. */
  saved: 200,
  /** How far a preset or custom label may overhang its page before it is refused, in mm. */
  overhang: 0.5,
} as const;

const positive = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .refine(Number.isFinite, `${label} must be a number.`)
    .refine((v) => v > 0, `${label} must be greater than 0.`)
    .refine((v) => v <= MEDIA_LIMITS.side, `${label} must be at most ${MEDIA_LIMITS.side} mm.`);
const nonNegative = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .refine(Number.isFinite, `${label} must be a number.`)
    .refine((v) => v >= 0, `${label} cannot be negative.`)
    .refine((v) => v <= MEDIA_LIMITS.side, `${label} must be at most ${MEDIA_LIMITS.side} mm.`);
const count = (label: string) =>
  z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(MEDIA_LIMITS.rowsOrColumns, `${label} must be at most ${MEDIA_LIMITS.rowsOrColumns}.`);

export const sheetMedium = z
  .object({
    kind: z.literal('sheet'),
    unit: z.enum(MEDIA_UNITS).default('mm'),
    page_width_mm: positive('Page width'),
    page_height_mm: positive('Page height'),
    rows: count('Rows'),
    columns: count('Columns'),
    label_width_mm: positive('Label width'),
    label_height_mm: positive('Label height'),
    margin_top_mm: nonNegative('Top margin'),
    margin_left_mm: nonNegative('Left margin'),
    gap_x_mm: nonNegative('Horizontal gap'),
    gap_y_mm: nonNegative('Vertical gap'),
    corner_radius_mm: nonNegative('Corner radius').default(0),
  })
  .superRefine((m, ctx) => {
    const right = m.margin_left_mm + m.columns * m.label_width_mm + (m.columns - 1) * m.gap_x_mm;
    const bottom = m.margin_top_mm + m.rows * m.label_height_mm + (m.rows - 1) * m.gap_y_mm;
    if (right > m.page_width_mm + MEDIA_LIMITS.overhang)
      ctx.addIssue({ code: 'custom', path: ['columns'], message: sheetOverflowMessage('wide', right, m.page_width_mm) });
    if (bottom > m.page_height_mm + MEDIA_LIMITS.overhang)
      ctx.addIssue({ code: 'custom', path: ['rows'], message: sheetOverflowMessage('tall', bottom, m.page_height_mm) });
  });
export type SheetMedium = z.infer<typeof sheetMedium>;

export const rollMedium = z.object({
  kind: z.literal('roll'),
  unit: z.enum(MEDIA_UNITS).default('mm'),
  label_width_mm: positive('Label width'),
  label_height_mm: positive('Label height'),
  dpi: z.union([z.literal(203), z.literal(300)], { error: 'Resolution must be 203 or 300 dpi.' }),
});
export type RollMedium = z.infer<typeof rollMedium>;

export const medium = z.discriminatedUnion('kind', [sheetMedium, rollMedium], { error: 'Medium kind must be sheet or roll.' });
export type Medium = z.infer<typeof medium>;
export type MediumInput = z.input<typeof medium>;

export function sheetOverflowMessage(side: 'wide' | 'tall', needed: number, page: number): string {
  return `The labels are ${mm(needed)} mm ${side === 'wide' ? 'across' : 'down'} but the page is only ${mm(page)} mm ${side === 'wide' ? 'wide' : 'tall'}.`;
}

/** A length for a message: at most two decimals, no trailing zeros. */
export const mm = (value: number) => String(Math.round(value * 100) / 100);

/** Labels on one page: a sheet's rows × columns, a roll's one. */
export const labelsPerPage = (m: Medium) => (m.kind === 'sheet' ? m.rows * m.columns : 1);

/** Where a label sits on its page, in mm from the page's top-left corner. */
export interface LabelRect {
  page: number;
  x_mm: number;
  y_mm: number;
  width_mm: number;
  height_mm: number;
}

/** The page size a medium prints on: a sheet's page, a roll's one label. */
export function pageSize(m: Medium): { width_mm: number; height_mm: number } {
  return m.kind === 'sheet' ? { width_mm: m.page_width_mm, height_mm: m.page_height_mm } : { width_mm: m.label_width_mm, height_mm: m.label_height_mm };
}

/**
 * The rectangle of the `index`-th label of a job (0-based) that starts at sheet position
 * `startAt` (1-based, across then down, so a partly used sheet is finished first).
 */
export function labelRect(m: Medium, index: number, startAt = 1): LabelRect {
  if (m.kind === 'roll') return { page: index, x_mm: 0, y_mm: 0, width_mm: m.label_width_mm, height_mm: m.label_height_mm };
  const slot = index + (startAt - 1);
  const perPage = m.rows * m.columns;
  const onPage = slot % perPage;
  const row = Math.floor(onPage / m.columns);
  const column = onPage % m.columns;
  return {
    page: Math.floor(slot / perPage),
    x_mm: m.margin_left_mm + column * (m.label_width_mm + m.gap_x_mm),
    y_mm: m.margin_top_mm + row * (m.label_height_mm + m.gap_y_mm),
    width_mm: m.label_width_mm,
    height_mm: m.label_height_mm,
  };
}

/** Pages a job of `labels` labels fills when it starts at sheet position `startAt`. */
export const pageCount = (m: Medium, labels: number, startAt = 1) => (labels === 0 ? 0 : Math.ceil((labels + startAt - 1) / labelsPerPage(m)));

const inch = (v: number) => Math.round(v * MM_PER_INCH * 10_000) / 10_000;
const A4 = { page_width_mm: 210, page_height_mm: 297 };
const LETTER = { page_width_mm: inch(8.5), page_height_mm: inch(11) };

export interface MediumPreset {
  id: string;
  name: string;
  medium: Medium;
}

/**
 * Avery's published layouts (A4: L7160, L7163, L7651; US Letter: 5160, 5163, 5167) and common
 * thermal rolls. Each sheet's margins, labels and gaps add up to its page.
 */
export const MEDIUM_PRESETS: readonly MediumPreset[] = [
  {
    id: 'avery-l7160',
    name: 'Avery L7160 (A4, 21 per sheet, 63.5 × 38.1 mm)',
    medium: {
      kind: 'sheet',
      unit: 'mm',
      ...A4,
      rows: 7,
      columns: 3,
      label_width_mm: 63.5,
      label_height_mm: 38.1,
      margin_top_mm: 15.15,
      margin_left_mm: 7.2,
      gap_x_mm: 2.5,
      gap_y_mm: 0,
      corner_radius_mm: 3,
    },
  },
  {
    id: 'avery-l7163',
    name: 'Avery L7163 (A4, 14 per sheet, 99.1 × 38.1 mm)',
    medium: {
      kind: 'sheet',
      unit: 'mm',
      ...A4,
      rows: 7,
      columns: 2,
      label_width_mm: 99.1,
      label_height_mm: 38.1,
      margin_top_mm: 15.15,
      margin_left_mm: 4.65,
      gap_x_mm: 2.5,
      gap_y_mm: 0,
      corner_radius_mm: 3,
    },
  },
  {
    id: 'avery-l7651',
    name: 'Avery L7651 (A4, 65 per sheet, 38.1 × 21.2 mm)',
    medium: {
      kind: 'sheet',
      unit: 'mm',
      ...A4,
      rows: 13,
      columns: 5,
      label_width_mm: 38.1,
      label_height_mm: 21.2,
      margin_top_mm: 10.7,
      margin_left_mm: 4.7,
      gap_x_mm: 2.5,
      gap_y_mm: 0,
      corner_radius_mm: 2,
    },
  },
  {
    id: 'avery-5160',
    name: 'Avery 5160 (Letter, 30 per sheet, 2⅝ × 1 in)',
    medium: {
      kind: 'sheet',
      unit: 'in',
      ...LETTER,
      rows: 10,
      columns: 3,
      label_width_mm: inch(2.625),
      label_height_mm: inch(1),
      margin_top_mm: inch(0.5),
      margin_left_mm: inch(0.1875),
      gap_x_mm: inch(0.125),
      gap_y_mm: 0,
      corner_radius_mm: inch(0.0625),
    },
  },
  {
    id: 'avery-5163',
    name: 'Avery 5163 (Letter, 10 per sheet, 4 × 2 in)',
    medium: {
      kind: 'sheet',
      unit: 'in',
      ...LETTER,
      rows: 5,
      columns: 2,
      label_width_mm: inch(4),
      label_height_mm: inch(2),
      margin_top_mm: inch(0.5),
      margin_left_mm: inch(0.15625),
      gap_x_mm: inch(0.1875),
      gap_y_mm: 0,
      corner_radius_mm: inch(0.0625),
    },
  },
  {
    id: 'avery-5167',
    name: 'Avery 5167 (Letter, 80 per sheet, 1¾ × ½ in)',
    medium: {
      kind: 'sheet',
      unit: 'in',
      ...LETTER,
      rows: 20,
      columns: 4,
      label_width_mm: inch(1.75),
      label_height_mm: inch(0.5),
      margin_top_mm: inch(0.5),
      margin_left_mm: inch(0.28125),
      gap_x_mm: inch(0.3125),
      gap_y_mm: 0,
      corner_radius_mm: inch(0.0625),
    },
  },
  { id: 'roll-62x29', name: 'Roll 62 × 29 mm, 300 dpi', medium: { kind: 'roll', unit: 'mm', label_width_mm: 62, label_height_mm: 29, dpi: 300 } },
  { id: 'roll-4x6', name: 'Roll 4 × 6 in, 203 dpi', medium: { kind: 'roll', unit: 'in', label_width_mm: inch(4), label_height_mm: inch(6), dpi: 203 } },
  {
    id: 'roll-2.25x1.25',
    name: 'Roll 2.25 × 1.25 in, 203 dpi',
    medium: { kind: 'roll', unit: 'in', label_width_mm: inch(2.25), label_height_mm: inch(1.25), dpi: 203 },
  },
];

export const findPreset = (id: string) => MEDIUM_PRESETS.find((p) => p.id === id);

/** A medium saved by name for the whole site (the label admins keep them). */
export const savedMediumBody = z.object({
  name: text({ label: 'Media name', max: MEDIA_LIMITS.name, required: 'Media name is required.' }),
  medium,
});
export type SavedMediumBody = z.input<typeof savedMediumBody>;
export const savedMedium = z.object({
  id: z.string(),
  name: z.string(),
  medium,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedMedium = z.infer<typeof savedMedium>;
export const savedMediumIdParams = z.object({ id: id('Media', 'Media id must be a valid id') });

export const MEDIA_MESSAGES = {
  notFound: 'Label media not found.',
  nameTaken: 'Another saved media already has this name.',
  tooMany: `At most ${MEDIA_LIMITS.saved} saved media.`,
} as const;
