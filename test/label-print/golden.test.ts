/**
 * Golden tests of printed labels: for every preset medium and two custom ones, a page of mixed
 * labels is written as PDF, rendered by poppler at 300 dpi, and checked as a person holding the
 * sheet would: every bit of ink lies on its label (within 0.2 mm), each code scans to its value
 * with the camera's decoder, the text is real text (accents and CJK included), and the text that
 * could not fit is named in the preview's warnings.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Writable } from 'node:stream';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePixels } from '../../client/src/features/scan/camera/decode-core.ts';
import { labelRect, labelsPerPage, MEDIUM_PRESETS, type Medium } from '../../contract/label-media.ts';
import type { LabelContent, PrintJob } from '../../server/label-print/display-list.ts';
import { writePdf } from '../../server/label-print/pdf-writer.ts';
import { previewPage } from '../../server/label-print/svg-writer.ts';
import { cropRgba, darkPixels, inkOutside, pdfText, renderPdf } from '../helpers/pdf-pages.ts';

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

const CUSTOM_SHEET: Medium = {
  kind: 'sheet',
  unit: 'mm',
  page_width_mm: 148,
  page_height_mm: 210,
  rows: 4,
  columns: 2,
  label_width_mm: 70,
  label_height_mm: 50,
  margin_top_mm: 2,
  margin_left_mm: 3,
  gap_x_mm: 2,
  gap_y_mm: 2,
  corner_radius_mm: 2,
};
const CUSTOM_ROLL: Medium = { kind: 'roll', unit: 'mm', label_width_mm: 40, label_height_mm: 60, dpi: 203 };

const MEDIA: Array<{ name: string; medium: Medium }> = [
  ...MEDIUM_PRESETS.map((p) => ({ name: p.id, medium: p.medium })),
  { name: 'custom A5 sheet of 4 × 2', medium: CUSTOM_SHEET },
  { name: 'custom 40 × 60 mm roll at 203 dpi', medium: CUSTOM_ROLL },
];

const TOO_LONG = `Route: ${'from hall A row 3 cabinet 14 over tray T-7 to hall B row 9 cabinet 2 '.repeat(90)}`.trim();

/** Five kinds of label, in turn: an asset, a part, a text far too long, accents, a CJK name. */
function content(i: number): LabelContent {
  const n = String(i + 1).padStart(4, '0');
  switch (i % 5) {
    case 0:
      return {
        name: `SN-${n}`,
        lines: ['Dell PowerEdge R750', `Asset A-${n}`, `SN-2024-${n}`],
        code: { symbology: 'qr', value: `https://stock.example.com/t/0b9f8e2a-3c4d-4e5f-8a9b-1c2d3e4f${n}` },
      };
    case 1:
      return { name: `PN-47${n}`, lines: [`PN-47${n}`, 'Patch cable Cat6A 2 m'], code: { symbology: 'code128', value: `PN-47${n}` } };
    case 2:
      return { name: `Route ${n}`, lines: [`Route ${n}`, TOO_LONG] };
    case 3:
      return { name: `Café ${n}`, lines: ['Café Größe Łódź', `Ærø Ñandú ${n}`] };
    default:
      return { name: `服务器 ${n}`, lines: [`服务器 机柜 ${n}`, '网络交换机'] };
  }
}

/** A sheet's one page of labels; a roll's five labels, one of each kind. */
const countFor = (medium: Medium) => (medium.kind === 'roll' ? 5 : labelsPerPage(medium));

async function print(job: PrintJob, count: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  async function* labels() {
    for (let i = 0; i < count; i++) yield content(i);
  }
  const written = await writePdf(job, labels(), out);
  expect(written).toEqual({ labels: count, pages: job.medium.kind === 'roll' ? count : 1 });
  return Buffer.concat(chunks);
}

const squash = (text: string) => text.replace(/\s+/g, '');

describe.each(MEDIA)('printing on $name', ({ medium }) => {
  it('keeps every label’s ink on the label, codes scan, text is text, and too-long text is named', async () => {
    const job: PrintJob = { medium, startAt: 1, minFontPt: 6 };
    const count = countFor(medium);
    const pdf = await print(job, count);
    const pages = await renderPdf(pdf, 300);
    expect(pages).toHaveLength(medium.kind === 'roll' ? count : 1);

    // Ink: every dark pixel is on some label of its page, give or take 0.2 mm.
    for (const [pageIndex, page] of pages.entries()) {
      const rects = Array.from({ length: count }, (_, i) => labelRect(medium, i, 1)).filter((r) => r.page === pageIndex);
      expect(darkPixels(page)).toBeGreaterThan(1000);
      const stray = inkOutside(page, rects, 0.2);
      expect(stray.slice(0, 5), `ink outside the labels on page ${pageIndex + 1}`).toEqual([]);
    }

    // Codes: every QR and Code 128 on the page reads back to its value from the rendered page.
    const coded = Array.from({ length: count }, (_, i) => i).filter((i) => content(i).code);
    expect(coded.length).toBeGreaterThan(0);
    for (const i of coded) {
      const rect = labelRect(medium, i, 1);
      const decoded = await decodePixels(cropRgba(pages[rect.page]!, rect, 1));
      const code = content(i).code!;
      expect(decoded, `label ${i + 1}`).toEqual([{ text: code.value, format: code.symbology === 'qr' ? 'QRCode' : 'Code128' }]);
    }

    // Text: selectable, in the order drawn, accents and CJK included (rows may wrap: compare without spaces).
    const text = squash(await pdfText(pdf));
    for (const i of [0, 1, 3, 4]) for (const line of content(i).lines) expect(text).toContain(squash(line));

    // Warnings: the preview names every label whose text was cut, and the SVG is the page in mm.
    async function* labels() {
      for (let i = 0; i < count; i++) yield content(i);
    }
    const preview = await previewPage(job, labels());
    const cut = Array.from({ length: count }, (_, i) => i).filter((i) => i % 5 === 2);
    expect(preview.warnings).toEqual(cut.map((i) => ({ label: i + 1, name: content(i).name, message: `Text cut to fit: "${TOO_LONG}"` })));
    expect(preview.warnings_total).toBe(cut.length);
    expect(preview.labels).toBe(count);
    const size = medium.kind === 'sheet' ? [medium.page_width_mm, medium.page_height_mm] : [medium.label_width_mm, medium.label_height_mm];
    expect(preview.first_page_svg).toContain(`viewBox="0 0 ${size[0]} ${size[1]}"`);
  });
});
