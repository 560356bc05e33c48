import { describe, expect, it } from 'vitest';
import { findPreset, type Medium } from '../../contract/label-media.ts';
import { PRINT_LIMITS } from '../../contract/label-print.ts';
import type { LabelContent, PrintJob } from './display-list.ts';
import { layoutLabel } from './layout.ts';
import { previewPage } from './svg-writer.ts';

const medium = (id: string): Medium => findPreset(id)!.medium;

async function* labels(count: number, each: (i: number) => LabelContent) {
  for (let i = 0; i < count; i++) yield each(i);
}

const asset = (i: number): LabelContent => ({
  name: `SN-${i + 1}`,
  lines: [`Asset A-${i + 1}`, `SN-${i + 1}`],
  code: { symbology: 'qr', value: `https://stock.example.com/t/${i + 1}` },
});

const count = (svg: string, pattern: RegExp) => svg.match(pattern)?.length ?? 0;

describe('previewing the first page', () => {
  it('draws the page in millimetres with every position’s outline and only the first page’s labels', async () => {
    const job: PrintJob = { medium: medium('avery-l7160'), startAt: 1, minFontPt: 6 };
    const preview = await previewPage(job, labels(30, asset));
    expect(preview).toMatchObject({ labels: 30, pages: 2, warnings: [], warnings_total: 0 });
    const svg = preview.first_page_svg;
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">')).toBe(true);
    // 21 positions, dashed, with the stock's 3 mm corners.
    expect(count(svg, /<rect x="[^"]+" y="[^"]+" width="63.5" height="38.1" rx="3"\/>/g)).toBe(21);
    expect(svg).toContain('stroke-dasharray');
    // Each of the first page's 21 labels: its QR as one path, each of its 2 lines as outlines (no <text>: no browser fonts).
    expect(count(svg, /<path d="M/g)).toBe(21);
    expect(count(svg, /<path transform="translate/g)).toBe(42);
    expect(svg).not.toContain('<text');
  });

  it('places text outlines at the laid-out baseline and size', async () => {
    const job: PrintJob = { medium: medium('roll-62x29'), startAt: 1, minFontPt: 6 };
    const content: LabelContent = { name: 'R', lines: ['Rack 12'] };
    const mark = layoutLabel(job, content, 0).marks[0]!;
    if (mark.kind !== 'text') throw new Error('expected a text mark');
    const preview = await previewPage(
      job,
      labels(1, () => content),
    );
    const scale = Math.round(((mark.size_pt * 25.4) / 72) * 10_000) / 10_000;
    expect(preview.first_page_svg).toContain(
      `<path transform="translate(${Math.round(mark.x_mm * 10_000) / 10_000} ${Math.round(mark.baseline_mm * 10_000) / 10_000}) scale(${scale})"`,
    );
  });

  it('lists the first warnings and counts them all', async () => {
    const job: PrintJob = { medium: medium('avery-5167'), startAt: 1, minFontPt: 6 };
    const long =
      'Cable tray over the cold aisle containment from row 3 to row 4, then down the riser to the meet-me room, and back again along the hot aisle to row 9 cabinet 2';
    const total = PRINT_LIMITS.warningsListed + 150;
    const preview = await previewPage(
      job,
      labels(total, (i) => ({ name: `C-${i + 1}`, lines: [`C-${i + 1}`, long] })),
    );
    expect(preview.labels).toBe(total);
    expect(preview.pages).toBe(Math.ceil(total / 80));
    expect(preview.warnings_total).toBe(total);
    expect(preview.warnings).toHaveLength(PRINT_LIMITS.warningsListed);
    expect(preview.warnings[0]).toEqual({ label: 1, name: 'C-1', message: `Text cut to fit: "${long}"` });
    expect(preview.warnings.at(-1)).toMatchObject({ label: PRINT_LIMITS.warningsListed });
  });
});
