/**
 * Fits a label's lines into the box its code leaves: each line starts at the largest size the box
 * height allows, shrinks to fit its width down to the smallest size, then wraps at words (a word
 * longer than the box is broken), and what still does not fit is cut with an ellipsis and named.
 */
import { MM_PER_INCH } from '../../contract/label-media.ts';
import type { TextMark } from './display-list.ts';
import { BASELINE_EM, fontRuns, LINE_HEIGHT_EM, runWidthEm, textWidthEm } from './fonts.ts';

export const MM_PER_PT = MM_PER_INCH / 72;
/** The largest text a label gets, however much room it has. */
export const MAX_TEXT_PT = 18;
const ELLIPSIS = '…';
/** Sizes are tried from the largest down in steps of this many points. */
const SIZE_STEP_PT = 0.25;

export interface TextBox {
  x_mm: number;
  top_mm: number;
  width_mm: number;
  height_mm: number;
}

export interface FittedText {
  marks: TextMark[];
  /** The original lines that were cut (with an ellipsis, or left out for lack of room). */
  cut: string[];
}

interface Row {
  text: string;
  size: number;
}

/** The text as it prints on one line: NFC, controls and line breaks as spaces. */
export function cleanLine(line: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are exactly what is replaced
  return line.normalize('NFC').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ');
}

/** The text height one line needs at `sizePt`, in mm. */
export const lineHeightMm = (sizePt: number) => sizePt * LINE_HEIGHT_EM * MM_PER_PT;

/** Greedy word wrap at `widthPt` for text at `size`: rows of at most that width, long words broken. */
export function wrapLine(text: string, size: number, widthPt: number): string[] {
  const fits = (candidate: string) => textWidthEm(candidate) * size <= widthPt;
  const rows: string[] = [];
  let row = '';
  for (const word of text.split(' ').filter((w) => w !== '')) {
    const candidate = row === '' ? word : `${row} ${word}`;
    if (fits(candidate)) {
      row = candidate;
      continue;
    }
    if (row !== '') rows.push(row);
    row = '';
    if (fits(word)) {
      row = word;
      continue;
    }
    // A word wider than the box: break it between characters.
    for (const char of word) {
      if (row === '' || fits(row + char)) row += char;
      else {
        rows.push(row);
        row = char;
      }
    }
  }
  if (row !== '' || rows.length === 0) rows.push(row);
  return rows;
}

/** The longest start of `text` that fits with an ellipsis after it. */
export function withEllipsis(text: string, size: number, widthPt: number): string {
  const chars = Array.from(text.trimEnd());
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (textWidthEm(`${chars.slice(0, mid).join('').trimEnd()}${ELLIPSIS}`) * size <= widthPt) low = mid;
    else high = mid - 1;
  }
  return `${chars.slice(0, low).join('').trimEnd()}${ELLIPSIS}`;
}

/** Each line's rows at cap size `cap`: fits, shrinks (not below `min`) or wraps at `cap`. */
function rowsAt(lines: string[], widths: number[], cap: number, min: number, widthPt: number): Row[][] {
  return lines.map((text, i) => {
    const width = widths[i]!;
    if (width * cap <= widthPt) return [{ text, size: cap }];
    if (width * min <= widthPt) return [{ text, size: widthPt / width }];
    return wrapLine(text, cap, widthPt).map((row) => ({ text: row, size: cap }));
  });
}

const heightPt = (rows: Row[][]) => rows.reduce((sum, line) => sum + line.reduce((s, row) => s + row.size * LINE_HEIGHT_EM, 0), 0);

/** At the smallest size, keeps rows until the box is full; the lines that lose rows end in an ellipsis. */
function cutToFit(lines: string[], min: number, widthPt: number, heightAvailablePt: number): { rows: Row[][]; cut: Set<number> } {
  const wrapped = lines.map((text) => wrapLine(text, min, widthPt));
  const kept = wrapped.map((rows) => rows.length);
  const room = Math.max(0, Math.floor(heightAvailablePt / (min * LINE_HEIGHT_EM) + 1e-9));
  let total = kept.reduce((a, b) => a + b, 0);
  while (total > room) {
    // Take a row from the line with the most, the later one on a tie; once every line has one row, drop lines from the end.
    let longest = kept.length - 1;
    for (let i = kept.length - 1; i >= 0; i--) if (kept[i]! > kept[longest]!) longest = i;
    if (kept[longest]! <= 1) while (longest > 0 && kept[longest] === 0) longest -= 1;
    kept[longest]! -= 1;
    total -= 1;
  }
  const cut = new Set<number>();
  const rows = wrapped.map((lineRows, i) => {
    const keep = kept[i]!;
    if (keep === lineRows.length) return lineRows.map((text) => ({ text, size: min }));
    cut.add(i);
    if (keep === 0) return [];
    const rest = lineRows.slice(keep - 1).join(' ');
    return [...lineRows.slice(0, keep - 1), withEllipsis(rest, min, widthPt)].map((text) => ({ text, size: min }));
  });
  return { rows, cut };
}

/** The lines as text marks in `box`, vertically centred, with the lines that had to be cut. */
export function fitText(lines: readonly string[], box: TextBox, minPt: number, maxPt = MAX_TEXT_PT): FittedText {
  const cleaned = lines.map(cleanLine);
  if (cleaned.length === 0) return { marks: [], cut: [] };
  const widthPt = box.width_mm / MM_PER_PT;
  const heightAvailablePt = box.height_mm / MM_PER_PT;
  const widths = cleaned.map(textWidthEm);
  const start = Math.min(maxPt, heightAvailablePt / (cleaned.length * LINE_HEIGHT_EM));
  let rows: Row[][] | null = null;
  let cut = new Set<number>();
  for (let cap = start; cap >= minPt - 1e-9; cap = cap === minPt ? -1 : Math.max(minPt, Math.ceil(cap / SIZE_STEP_PT - 1) * SIZE_STEP_PT)) {
    const candidate = rowsAt(cleaned, widths, cap, minPt, widthPt);
    if (heightPt(candidate) <= heightAvailablePt + 1e-9) {
      rows = candidate;
      break;
    }
  }
  if (!rows) ({ rows, cut } = cutToFit(cleaned, minPt, widthPt, heightAvailablePt));

  const used = heightPt(rows) * MM_PER_PT;
  let top = box.top_mm + Math.max(0, (box.height_mm - used) / 2);
  const marks: TextMark[] = [];
  for (const line of rows)
    for (const row of line) {
      const sizeMm = row.size * MM_PER_PT;
      if (row.text.trim() !== '') marks.push(textMark(row.text, row.size, box, top, sizeMm));
      top += sizeMm * LINE_HEIGHT_EM;
    }
  return { marks, cut: [...cut].map((i) => lines[i]!) };
}

function textMark(text: string, size: number, box: TextBox, top: number, sizeMm: number): TextMark {
  let dx = 0;
  const runs = fontRuns(text).map((run) => {
    const width = runWidthEm(run) * sizeMm;
    const placed = { font: run.font, text: run.text, dx_mm: dx, width_mm: width };
    dx += width;
    return placed;
  });
  return {
    kind: 'text',
    x_mm: box.x_mm,
    top_mm: top,
    baseline_mm: top + BASELINE_EM * sizeMm,
    box_width_mm: box.width_mm,
    size_pt: size,
    text,
    width_mm: dx,
    runs,
  };
}
