/**
 * Lays one label out in page millimetres: an inner padding, the code (a QR left of the text on a
 * landscape label and above it on a portrait one; a Code 128 along the bottom with its quiet zones
 * inside the label), and the lines fitted to the box that is left. Pure: no database, no I/O.
 */
import { type LabelRect, labelRect, type Medium, mm } from '../../contract/label-media.ts';
import type { PrintWarning } from '../../contract/label-print.ts';
import { DomainError } from '../../ledger/errors.ts';
import { CODE128_QUIET_MODULES, encodeCode128, encodeQr, moduleSize, smallestModuleMm } from './codes.ts';
import type { LabelContent, LaidOutLabel, Mark, PrintJob } from './display-list.ts';
import { missingCharacters } from './fonts.ts';
import { cleanLine, fitText, lineHeightMm, type TextBox } from './text-fit.ts';

/** The QR takes at most this share of the label's inner width (landscape) or height (portrait). */
const QR_SHARE = 0.5;
/** A Code 128's bars take at most this share of the inner height, and never more than 15 mm. */
const CODE128_HEIGHT_SHARE = 0.4;
const CODE128_MAX_HEIGHT_MM = 15;

/** Blank edge inside every label: 4 % of its shorter side, between 1 and 3 mm. */
export const paddingMm = (rect: Pick<LabelRect, 'width_mm' | 'height_mm'>) => Math.min(3, Math.max(1, 0.04 * Math.min(rect.width_mm, rect.height_mm)));

function innerBox(rect: LabelRect): TextBox {
  const pad = paddingMm(rect);
  return { x_mm: rect.x_mm + pad, top_mm: rect.y_mm + pad, width_mm: Math.max(0, rect.width_mm - 2 * pad), height_mm: Math.max(0, rect.height_mm - 2 * pad) };
}

/** Rounds a position up to the printer's dot grid on a roll, so a ZPL field lands on the same dot. */
function snapUp(medium: Medium, value: number): number {
  if (medium.kind !== 'roll') return value;
  const dot = 25.4 / medium.dpi;
  return Math.ceil(value / dot - 1e-9) * dot;
}

interface Placed {
  mark: Mark | null;
  text: TextBox;
  /** Why the code was left out, when it was. */
  omitted?: string;
}

const codeName = { qr: 'QR code', code128: 'Code 128' } as const;

function tooSmall(medium: Medium, symbology: 'qr' | 'code128', modules: number, roomMm: number): string {
  const smallest = smallestModuleMm(medium, symbology);
  return `The ${codeName[symbology]} does not fit: ${modules} modules of the smallest size that scans (${mm(smallest)} mm) need ${mm(modules * smallest)} mm, the label has ${mm(roomMm)} mm.`;
}

function placeQr(medium: Medium, rect: LabelRect, inner: TextBox, value: string): Placed {
  const symbol = encodeQr(value);
  if (!symbol) return { mark: null, text: inner, omitted: 'The QR code was left out: its text is too long for a QR code.' };
  const landscape = rect.width_mm >= rect.height_mm;
  const room = landscape ? Math.min(inner.height_mm, inner.width_mm * QR_SHARE) : Math.min(inner.width_mm, inner.height_mm * QR_SHARE);
  const module = moduleSize(medium, 'qr', room, symbol.size);
  if (module === null) return { mark: null, text: inner, omitted: tooSmall(medium, 'qr', symbol.size, room) };
  const side = module * symbol.size;
  const gap = Math.max(2 * module, 1);
  const x = snapUp(medium, landscape ? inner.x_mm : inner.x_mm + (inner.width_mm - side) / 2);
  const top = snapUp(medium, landscape ? inner.top_mm + (inner.height_mm - side) / 2 : inner.top_mm);
  const mark: Mark = { kind: 'qr', x_mm: x, top_mm: top, module_mm: module, size: symbol.size, dark: symbol.dark, value };
  const text: TextBox = landscape
    ? { x_mm: x + side + gap, top_mm: inner.top_mm, width_mm: Math.max(0, inner.x_mm + inner.width_mm - (x + side + gap)), height_mm: inner.height_mm }
    : { x_mm: inner.x_mm, top_mm: top + side + gap, width_mm: inner.width_mm, height_mm: Math.max(0, inner.top_mm + inner.height_mm - (top + side + gap)) };
  return { mark, text };
}

function placeCode128(medium: Medium, rect: LabelRect, inner: TextBox, value: string): Placed {
  const symbol = encodeCode128(value);
  if (!symbol) return { mark: null, text: inner, omitted: 'The Code 128 was left out: its text has characters Code 128 cannot hold.' };
  // The quiet zones lie inside the label (they may reach into the padding), the bars inside the padding.
  const withQuiet = symbol.modules + 2 * CODE128_QUIET_MODULES;
  const room = Math.min(inner.width_mm, (rect.width_mm * symbol.modules) / withQuiet);
  const module = moduleSize(medium, 'code128', room, symbol.modules);
  if (module === null) return { mark: null, text: inner, omitted: tooSmall(medium, 'code128', withQuiet, rect.width_mm) };
  const width = module * symbol.modules;
  const dot = medium.kind === 'roll' ? 25.4 / medium.dpi : 0;
  let height = Math.min(CODE128_MAX_HEIGHT_MM, inner.height_mm * CODE128_HEIGHT_SHARE);
  if (dot) height = Math.floor(height / dot) * dot;
  const x = snapUp(medium, rect.x_mm + (rect.width_mm - width) / 2);
  const top = snapUp(medium, inner.top_mm + inner.height_mm - height);
  height = Math.min(height, inner.top_mm + inner.height_mm - top);
  const gap = Math.max(1, 2 * module);
  const mark: Mark = { kind: 'code128', x_mm: x, top_mm: top, module_mm: module, height_mm: height, modules: symbol.modules, bars: symbol.bars, value };
  return { mark, text: { ...inner, height_mm: Math.max(0, top - gap - inner.top_mm) } };
}

/** Lays one label out: its code and its lines fitted to its rectangle, with warnings for what did not fit. */
export function layoutLabel(job: PrintJob, content: LabelContent, index: number): LaidOutLabel {
  const rect = labelRect(job.medium, index, job.startAt);
  const inner = innerBox(rect);
  const warnings: PrintWarning[] = [];
  const warn = (message: string) => warnings.push({ label: index + 1, name: content.name, message });
  const marks: Mark[] = [];
  let textBox = inner;
  if (content.code) {
    const placed =
      content.code.symbology === 'qr' ? placeQr(job.medium, rect, inner, content.code.value) : placeCode128(job.medium, rect, inner, content.code.value);
    if (placed.mark) marks.push(placed.mark);
    if (placed.omitted) warn(placed.omitted);
    textBox = placed.text;
  }
  const fitted = fitText(content.lines, textBox, job.minFontPt);
  marks.push(...fitted.marks);
  for (const line of fitted.cut) warn(`Text cut to fit: "${line}"`);
  for (const line of content.lines) {
    const missing = missingCharacters(cleanLine(line));
    if (missing.length > 0) warn(`"${line}" has characters the label font cannot draw: ${missing.join(' ')}`);
  }
  return { index, rect, marks, warnings };
}

/** The text box a label of this medium keeps when a typical code (a 29-module QR or a 100-module Code 128) is placed first. */
function textRoom(medium: Medium, withCode: boolean): TextBox {
  const rect = labelRect(medium, 0, 1);
  const inner = innerBox(rect);
  if (!withCode) return inner;
  const boxes = [placeQr(medium, rect, inner, 'x'.repeat(40)).text, placeCode128(medium, rect, inner, 'X'.repeat(24)).text];
  return boxes.reduce((a, b) => (b.height_mm < a.height_mm ? b : a));
}

/** Refuses (DomainError VALIDATION, with the numbers) a medium whose label cannot hold any text. */
export function checkTextRoom(job: PrintJob, withCode: boolean): void {
  const box = textRoom(job.medium, withCode);
  const need = lineHeightMm(job.minFontPt);
  const needWidth = need; // room for at least a character or two at the smallest size
  if (box.height_mm + 1e-9 >= need && box.width_mm + 1e-9 >= needWidth) return;
  const rect = labelRect(job.medium, 0, 1);
  const leaves = `${mm(box.width_mm)} × ${mm(box.height_mm)} mm for text${withCode ? ' beside its code' : ''}`;
  const lacking = box.height_mm + 1e-9 < need ? `needs ${mm(need)} mm of height` : `needs ${mm(needWidth)} mm of width for a character or two`;
  throw new DomainError(
    'VALIDATION',
    `A ${mm(rect.width_mm)} × ${mm(rect.height_mm)} mm label leaves ${leaves}; the smallest text (${mm(job.minFontPt)} pt) ${lacking}.`,
    'medium',
  );
}
