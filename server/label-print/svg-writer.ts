/**
 * The preview: every label is laid out (so every warning is found), the first page is drawn as SVG
 * in millimetres from the same marks the PDF prints, with text as the embedded fonts' own glyph
 * outlines, so the browser shows the page exactly as it prints whatever fonts it has.
 */
import { labelRect, mm, pageSize } from '../../contract/label-media.ts';
import { PRINT_LIMITS, type PrintPreview, type PrintWarning } from '../../contract/label-print.ts';
import { qrRuns } from './codes.ts';
import type { LabelContent, LaidOutLabel, Mark, PrintJob } from './display-list.ts';
import { runOutlines } from './fonts.ts';
import { layoutLabel } from './layout.ts';
import { MM_PER_PT } from './text-fit.ts';

const n = (value: number) => String(Math.round(value * 10_000) / 10_000);

function markSvg(mark: Mark): string {
  if (mark.kind === 'text') {
    const scale = mark.size_pt * MM_PER_PT;
    return mark.runs
      .map((run) => {
        const outlines = runOutlines(run);
        if (outlines.length === 0) return '';
        return `<path transform="translate(${n(mark.x_mm + run.dx_mm)} ${n(mark.baseline_mm)}) scale(${n(scale)})" d="${outlines.join('')}"/>`;
      })
      .join('');
  }
  const m = mark.module_mm;
  const rects: string[] = [];
  if (mark.kind === 'code128') {
    for (const [start, width] of mark.bars) rects.push(`M${n(mark.x_mm + start * m)} ${n(mark.top_mm)}h${n(width * m)}v${n(mark.height_mm)}h${n(-width * m)}z`);
  } else {
    for (const [column, row, width] of qrRuns(mark.size, mark.dark))
      rects.push(`M${n(mark.x_mm + column * m)} ${n(mark.top_mm + row * m)}h${n(width * m)}v${n(m)}h${n(-width * m)}z`);
  }
  return `<path d="${rects.join('')}"/>`;
}

/** One page as SVG: white paper, each label's outline (dashed, light grey, with the stock's corners) and its marks. */
export function pageSvg(job: PrintJob, labels: readonly LaidOutLabel[], page = 0): string {
  const size = pageSize(job.medium);
  const radius = job.medium.kind === 'sheet' ? job.medium.corner_radius_mm : 0;
  const outlines: string[] = [];
  if (job.medium.kind === 'sheet') {
    // Every position of the sheet, used or not, as the stock looks.
    const perPage = job.medium.rows * job.medium.columns;
    for (let slot = 0; slot < perPage; slot++) {
      const rect = labelRect(job.medium, slot, 1);
      outlines.push(`<rect x="${n(rect.x_mm)}" y="${n(rect.y_mm)}" width="${n(rect.width_mm)}" height="${n(rect.height_mm)}" rx="${n(radius)}"/>`);
    }
  } else outlines.push(`<rect x="0" y="0" width="${n(size.width_mm)}" height="${n(size.height_mm)}" rx="${n(radius)}"/>`);
  const marks = labels.filter((label) => label.rect.page === page).flatMap((label) => label.marks.map(markSvg));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${mm(size.width_mm)}mm" height="${mm(size.height_mm)}mm" viewBox="0 0 ${n(size.width_mm)} ${n(size.height_mm)}">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<g fill="none" stroke="#c8c8c8" stroke-width="0.2" stroke-dasharray="1 0.6">${outlines.join('')}</g>`,
    `<g fill="#000">${marks.join('')}</g>`,
    '</svg>',
  ].join('');
}

/** The first page as SVG and every label's warnings (lays out all labels, draws one page). */
export async function previewPage(job: PrintJob, labels: AsyncIterable<LabelContent>): Promise<PrintPreview> {
  const firstPage: LaidOutLabel[] = [];
  const warnings: PrintWarning[] = [];
  let total = 0;
  let count = 0;
  let lastPage = -1;
  for await (const content of labels) {
    const laid = layoutLabel(job, content, count);
    count += 1;
    lastPage = laid.rect.page;
    if (laid.rect.page === 0) firstPage.push(laid);
    for (const warning of laid.warnings) {
      total += 1;
      if (warnings.length < PRINT_LIMITS.warningsListed) warnings.push(warning);
    }
  }
  return { labels: count, pages: lastPage + 1, first_page_svg: pageSvg(job, firstPage), warnings, warnings_total: total };
}
