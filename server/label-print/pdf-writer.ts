/**
 * Labels as a PDF: each page written out as soon as the next one starts (pdfkit without buffered
 * pages), the output's backpressure honoured between labels, so a job of 100,000 labels holds one
 * page at a time. Text is real text in the embedded, subset fonts (selectable, searchable); codes
 * are filled rectangles; sheet labels get no printed outline (the stock has its own).
 */
import { finished } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import PDFDocument from 'pdfkit';
import { POINTS_PER_MM, pageSize } from '../../contract/label-media.ts';
import { qrRuns } from './codes.ts';
import type { LabelContent, LaidOutLabel, Mark, PrintJob } from './display-list.ts';
import { type FontName, fontBytes } from './fonts.ts';
import { layoutLabel } from './layout.ts';
import { drainedOrClosed } from './output.ts';

/** Bytes the PDF may hold ahead of a slow reader before the labels wait for it. */
const BUFFER_LIMIT = 1 << 20;
/** pdfkit keeps every word it has laid out; forgetting them this often keeps a long job's memory flat. */
const LAYOUT_CACHE_LABELS = 2_000;

const pt = (mm: number) => Math.round(mm * POINTS_PER_MM * 1000) / 1000;

/**
 * A code's modules as one filled path, in a coordinate system scaled to one module, so each
 * rectangle is a few small integers (pdfkit's user space is y-down, in points).
 */
function codePath(mark: Exclude<Mark, { kind: 'text' }>): string {
  const m = pt(mark.module_mm);
  const parts: string[] = [];
  if (mark.kind === 'code128') {
    const height = pt(mark.height_mm);
    parts.push(`q ${m} 0 0 1 ${pt(mark.x_mm)} ${pt(mark.top_mm)} cm`);
    for (const [start, width] of mark.bars) parts.push(`${start} 0 ${width} ${height} re`);
  } else {
    parts.push(`q ${m} 0 0 ${m} ${pt(mark.x_mm)} ${pt(mark.top_mm)} cm`);
    for (const [column, row, width] of qrRuns(mark.size, mark.dark)) parts.push(`${column} ${row} ${width} 1 re`);
  }
  parts.push('f Q');
  return parts.join('\n');
}

const registeredFonts = new WeakMap<PDFKit.PDFDocument, Set<FontName>>();

/** Selects a label font, registering it with the document on first use: most prints never read Noto's 10 MB. */
function selectFont(doc: PDFKit.PDFDocument, name: FontName): void {
  let registered = registeredFonts.get(doc);
  if (!registered) {
    registered = new Set();
    registeredFonts.set(doc, registered);
  }
  if (!registered.has(name)) {
    doc.registerFont(name, fontBytes(name));
    registered.add(name);
  }
  doc.font(name);
}

export function drawLabel(doc: PDFKit.PDFDocument, label: LaidOutLabel): void {
  for (const mark of label.marks) {
    if (mark.kind !== 'text') {
      doc.addContent(codePath(mark));
      continue;
    }
    const size = mark.size_pt;
    for (const run of mark.runs) {
      selectFont(doc, run.font);
      doc.fontSize(size);
      // textWidth: the width we measured with the same layout, so pdfkit need not measure again.
      doc.text(run.text, pt(mark.x_mm + run.dx_mm), pt(mark.baseline_mm), {
        lineBreak: false,
        baseline: 'alphabetic',
        textWidth: run.width_mm * POINTS_PER_MM,
      } as PDFKit.Mixins.TextOptions);
    }
  }
}

const hasLayoutCache = (font: unknown): font is { layoutCache: object } => typeof font === 'object' && font !== null && 'layoutCache' in font;

function forgetLayouts(doc: PDFKit.PDFDocument): void {
  // pdfkit keeps no public handle on its embedded fonts; a pdfkit without this field keeps its cache.
  const families: unknown = Reflect.get(doc, '_fontFamilies');
  if (typeof families !== 'object' || families === null) return;
  for (const font of Object.values(families)) if (hasLayoutCache(font)) font.layoutCache = Object.create(null);
}

/**
 * Between pages: gives the event loop a turn (the output flows, its errors surface, other requests
 * are served), then waits while the PDF holds more than BUFFER_LIMIT bytes the output has not taken.
 */
async function keepUp(doc: PDFKit.PDFDocument, out: Writable, failed: () => Error | null): Promise<void> {
  await new Promise<void>((resolve) => setImmediate(resolve));
  for (;;) {
    const error = failed();
    if (error) throw error;
    if (doc.readableLength <= BUFFER_LIMIT) return;
    if (out.writableNeedDrain) await drainedOrClosed(out);
    else await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** Streams the labels as a PDF into `out` (and ends it), page by page; never holds more than one page. */
export async function writePdf(job: PrintJob, labels: AsyncIterable<LabelContent>, out: Writable): Promise<{ labels: number; pages: number }> {
  const size = pageSize(job.medium);
  const doc = new PDFDocument({
    autoFirstPage: false,
    bufferPages: false,
    margin: 0,
    info: { Title: 'Labels', Creator: 'StockLedger' },
  });
  let outError: Error | null = null;
  out.once('error', (error) => {
    outError = error;
  });
  const failed = () => outError ?? (out.destroyed && !out.writableFinished ? new Error('The output closed before the PDF was written.') : null);
  doc.pipe(out);

  let count = 0;
  let page = -1;
  try {
    for await (const content of labels) {
      const laid = layoutLabel(job, content, count);
      if (laid.rect.page !== page) {
        // A new page: a sheet's first label on it (or a start position past the first), a roll's every label.
        while (page < laid.rect.page) {
          doc.addPage({ size: [size.width_mm * POINTS_PER_MM, size.height_mm * POINTS_PER_MM], margin: 0 });
          page += 1;
        }
        await keepUp(doc, out, failed);
      }
      drawLabel(doc, laid);
      count += 1;
      if (count % LAYOUT_CACHE_LABELS === 0) forgetLayouts(doc);
    }
  } catch (error) {
    // The reader failed (or the labels did): leaving the loop closed the source; drop the half-written PDF.
    doc.unpipe(out);
    doc.destroy();
    throw error;
  }
  doc.end();
  await finished(out);
  return { labels: count, pages: page + 1 };
}
