/**
 * A laid-out label as a list of marks in millimetres from its page's top-left corner: the one
 * drawing the PDF writer, the preview's SVG writer and the ZPL writer all turn into their format,
 * so what the preview shows and what the printer prints come from the same numbers.
 */
import type { LabelRect, Medium } from '../../contract/label-media.ts';
import type { PrintWarning } from '../../contract/label-print.ts';

/** One label's content before layout: its lines and, when it has one, the code it carries. */
export interface LabelContent {
  /** How a warning names the label to a person: a serial, a part number, the first line. */
  name: string;
  lines: string[];
  code?: { symbology: 'qr' | 'code128'; value: string };
}

/** A line of text: `top_mm` is the top of its line box, `baseline_mm` where the glyphs stand. */
export interface TextMark {
  kind: 'text';
  x_mm: number;
  top_mm: number;
  baseline_mm: number;
  /** The box the line was fitted to (ZPL's ^FB width); the text's own width is at most this. */
  box_width_mm: number;
  size_pt: number;
  text: string;
  /** The drawn width of `text` (at most `box_width_mm`). */
  width_mm: number;
  /** `text` split by font: each run starts `dx_mm` right of `x_mm` (the fallback font draws CJK). */
  runs: TextRun[];
}

export interface TextRun {
  font: 'sans' | 'cjk';
  text: string;
  dx_mm: number;
  width_mm: number;
}

/** A Code 128: `bars` are [start, width] in modules from `x_mm`, each `height_mm` tall. */
export interface Code128Mark {
  kind: 'code128';
  x_mm: number;
  top_mm: number;
  module_mm: number;
  height_mm: number;
  /** Width of the symbol in modules, without quiet zones. */
  modules: number;
  bars: ReadonlyArray<readonly [number, number]>;
  value: string;
}

/** A QR: `size` × `size` modules, `dark[row * size + column]`, error correction M. */
export interface QrMark {
  kind: 'qr';
  x_mm: number;
  top_mm: number;
  module_mm: number;
  size: number;
  dark: Uint8Array;
  value: string;
}

export type Mark = TextMark | Code128Mark | QrMark;

export interface LaidOutLabel {
  /** 0-based place of the label in the job. */
  index: number;
  rect: LabelRect;
  marks: Mark[];
  /** What did not print as written (text cut with an ellipsis, a code that does not fit). */
  warnings: PrintWarning[];
}

/** What every writer needs to know about the job. */
export interface PrintJob {
  medium: Medium;
  /** 1-based sheet position of the first label. */
  startAt: number;
  minFontPt: number;
}
