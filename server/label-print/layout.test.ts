import PDFDocument from 'pdfkit';
import { describe, expect, it } from 'vitest';
import { findPreset, type Medium, MM_PER_INCH, POINTS_PER_MM } from '../../contract/label-media.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { Code128Mark, LaidOutLabel, PrintJob, QrMark, TextMark } from './display-list.ts';
import { fontBytes } from './fonts.ts';
import { checkTextRoom, layoutLabel, paddingMm } from './layout.ts';
import { MAX_TEXT_PT } from './text-fit.ts';

const preset = (id: string): Medium => findPreset(id)!.medium;
const jobOn = (id: string, minFontPt = 6): PrintJob => ({ medium: preset(id), startAt: 1, minFontPt });
const texts = (label: LaidOutLabel) => label.marks.filter((m): m is TextMark => m.kind === 'text');
const qrOf = (label: LaidOutLabel) => label.marks.find((m): m is QrMark => m.kind === 'qr');
const code128Of = (label: LaidOutLabel) => label.marks.find((m): m is Code128Mark => m.kind === 'code128');
const LINK = 'https://stock.example.com/t/0b9f8e2a-3c4d-4e5f-8a9b-1c2d3e4f5a6b';
const EPS = 1e-6;

function expectInside(label: LaidOutLabel, x: number, y: number, right: number, bottom: number) {
  expect(x).toBeGreaterThanOrEqual(label.rect.x_mm - EPS);
  expect(y).toBeGreaterThanOrEqual(label.rect.y_mm - EPS);
  expect(right).toBeLessThanOrEqual(label.rect.x_mm + label.rect.width_mm + EPS);
  expect(bottom).toBeLessThanOrEqual(label.rect.y_mm + label.rect.height_mm + EPS);
}

describe('fitting text', () => {
  it('sets short lines at the largest size (18 pt) and shrinks a wider line to its box, not below the minimum', () => {
    const label = layoutLabel(jobOn('avery-l7163'), { name: 'A', lines: ['Rack 12', 'Patch panel PP-0042 port 17 to switch SW-3'] }, 0);
    const [short, wide] = texts(label);
    expect(short!.size_pt).toBe(MAX_TEXT_PT);
    expect(wide!.size_pt).toBeLessThan(MAX_TEXT_PT);
    expect(wide!.size_pt).toBeGreaterThanOrEqual(6);
    // Shrunk exactly to the box: its width is the box's width.
    expect(wide!.width_mm).toBeCloseTo(wide!.box_width_mm, 6);
    expect(label.warnings).toEqual([]);
  });

  it('shrinks every line when many lines share the height', () => {
    const lines = ['one', 'two', 'three', 'four', 'five'];
    const label = layoutLabel(jobOn('avery-l7160'), { name: 'A', lines }, 0);
    const inner = 38.1 - 2 * paddingMm({ width_mm: 63.5, height_mm: 38.1 });
    const size = texts(label)[0]!.size_pt;
    expect(size).toBeCloseTo(inner / (5 * 1.2 * (MM_PER_INCH / 72)), 6);
    expect(texts(label).map((m) => m.text)).toEqual(lines);
  });

  it('wraps a line too long for one row at the smallest size at word boundaries, with no warning', () => {
    const line = 'Fibre trunk from MDA row 3 cabinet 14 to HDA row 9 cabinet 2 via tray T-7';
    const label = layoutLabel(jobOn('avery-l7160'), { name: 'T-7', lines: [line] }, 0);
    const rows = texts(label);
    expect(rows.length).toBeGreaterThan(1);
    expect(rows.map((r) => r.text).join(' ')).toBe(line);
    for (const row of rows) expect(row.width_mm).toBeLessThanOrEqual(row.box_width_mm + EPS);
    expect(label.warnings).toEqual([]);
  });

  it('cuts what does not fit even wrapped with an ellipsis and names the label and the line', () => {
    const line = `Do not remove: ${'this cable feeds the core switch and must stay in place '.repeat(6)}`.trim();
    const label = layoutLabel(jobOn('avery-5167'), { name: 'C-17', lines: ['C-17', line] }, 2);
    const rows = texts(label);
    expect(rows.at(-1)!.text.endsWith('…')).toBe(true);
    expect(rows.every((r) => r.size_pt === 6)).toBe(true);
    for (const row of rows) {
      expect(row.width_mm).toBeLessThanOrEqual(row.box_width_mm + EPS);
      expect(row.top_mm + row.size_pt * 1.2 * (MM_PER_INCH / 72)).toBeLessThanOrEqual(label.rect.y_mm + label.rect.height_mm);
    }
    expect(label.warnings).toEqual([{ label: 3, name: 'C-17', message: `Text cut to fit: "${line}"` }]);
  });

  it('measures each run exactly as pdfkit draws it', () => {
    const line = 'AVA Wolf fi ffi — Café';
    const label = layoutLabel(jobOn('avery-l7163'), { name: 'A', lines: [line] }, 0);
    const mark = texts(label)[0]!;
    const doc = new PDFDocument({ autoFirstPage: false });
    doc.registerFont('sans', fontBytes('sans'));
    const drawn = doc.font('sans').fontSize(mark.size_pt).widthOfString(line);
    expect(mark.width_mm * POINTS_PER_MM).toBeCloseTo(drawn, 9);
  });

  it('draws CJK with the fallback font in a run of its own and measures both runs', () => {
    const label = layoutLabel(jobOn('avery-l7163'), { name: '服务器', lines: ['Server 服务器 A-3'] }, 0);
    const mark = texts(label)[0]!;
    expect(mark.runs.map((r) => [r.font, r.text])).toEqual([
      ['sans', 'Server '],
      ['cjk', '服务器 '],
      ['sans', 'A-3'],
    ]);
    expect(mark.runs[1]!.dx_mm).toBeCloseTo(mark.runs[0]!.width_mm, 9);
    expect(label.warnings).toEqual([]);
  });

  it('warns about characters neither font has (Hangul, a newer emoji), naming the label', () => {
    const label = layoutLabel(jobOn('avery-l7163'), { name: 'K-1', lines: ['Rack 한 🫠'] }, 4);
    expect(label.warnings).toEqual([{ label: 5, name: 'K-1', message: '"Rack 한 🫠" has characters the label font cannot draw: 한 🫠' }]);
  });
});

describe('placing codes', () => {
  it('puts the QR left of the text on a landscape label, inside the label, at least 0.25 mm a module', () => {
    const label = layoutLabel(jobOn('avery-l7160'), { name: 'A', lines: ['Server', 'A-1'], code: { symbology: 'qr', value: LINK } }, 4);
    const qr = qrOf(label)!;
    const side = qr.size * qr.module_mm;
    expect(qr.module_mm).toBeGreaterThanOrEqual(0.25);
    expectInside(label, qr.x_mm, qr.top_mm, qr.x_mm + side, qr.top_mm + side);
    for (const text of texts(label)) {
      expect(text.x_mm).toBeGreaterThanOrEqual(qr.x_mm + side + 2 * qr.module_mm - EPS);
      expectInside(label, text.x_mm, text.top_mm, text.x_mm + text.width_mm, text.top_mm + text.size_pt * 1.2 * (MM_PER_INCH / 72));
    }
  });

  it('puts the QR above the text on a portrait label', () => {
    const label = layoutLabel(jobOn('roll-4x6'), { name: 'A', lines: ['Server', 'A-1'], code: { symbology: 'qr', value: LINK } }, 0);
    const qr = qrOf(label)!;
    const bottom = qr.top_mm + qr.size * qr.module_mm;
    for (const text of texts(label)) expect(text.top_mm).toBeGreaterThanOrEqual(bottom);
  });

  it('runs a Code 128 along the bottom with ten modules of quiet zone inside the label on each side', () => {
    const label = layoutLabel(jobOn('avery-5167'), { name: 'PN', lines: ['PN-4711-A'], code: { symbology: 'code128', value: 'PN-4711-A' } }, 7);
    const code = code128Of(label)!;
    expect(code.module_mm).toBeGreaterThanOrEqual(0.19);
    expect(code.modules).toBe(code.bars.at(-1)![0] + code.bars.at(-1)![1]);
    expectInside(label, code.x_mm - 10 * code.module_mm, code.top_mm, code.x_mm + (code.modules + 10) * code.module_mm, code.top_mm + code.height_mm);
    for (const text of texts(label)) expect(text.top_mm + text.size_pt * 1.2 * (MM_PER_INCH / 72)).toBeLessThanOrEqual(code.top_mm);
  });

  it('sizes a roll’s modules and places its codes in whole printer dots, at least two', () => {
    for (const id of ['roll-62x29', 'roll-2.25x1.25']) {
      const medium = preset(id);
      const dot = MM_PER_INCH / (medium.kind === 'roll' ? medium.dpi : 0);
      const job = jobOn(id);
      for (const code of [{ symbology: 'qr', value: LINK } as const, { symbology: 'code128', value: 'PN-4711-A' } as const]) {
        const mark = layoutLabel(job, { name: 'A', lines: ['A'], code }, 0).marks.find((m) => m.kind !== 'text')!;
        const dots = mark.module_mm / dot;
        expect(dots).toBeCloseTo(Math.round(dots), 9);
        expect(Math.round(dots)).toBeGreaterThanOrEqual(2);
        expect(mark.x_mm / dot).toBeCloseTo(Math.round(mark.x_mm / dot), 9);
        expect(mark.top_mm / dot).toBeCloseTo(Math.round(mark.top_mm / dot), 9);
      }
    }
  });

  it('leaves a code out that cannot fit at the smallest module, with a warning naming the label', () => {
    const tiny: Medium = { kind: 'roll', unit: 'mm', label_width_mm: 20, label_height_mm: 10, dpi: 203 };
    const label = layoutLabel(
      { medium: tiny, startAt: 1, minFontPt: 6 },
      { name: 'PN-1', lines: ['PN-1'], code: { symbology: 'code128', value: 'PN-4711-A-LONG-PART-NUMBER' } },
      0,
    );
    expect(code128Of(label)).toBeUndefined();
    expect(label.warnings).toHaveLength(1);
    expect(label.warnings[0]).toMatchObject({ label: 1, name: 'PN-1' });
    // 26 characters: start, 26 symbols and a check of 11 modules, a stop of 13, and 2 × 10 of quiet zone.
    expect(label.warnings[0]!.message).toBe(
      'The Code 128 does not fit: 341 modules of the smallest size that scans (0.25 mm) need 85.33 mm, the label has 20 mm.',
    );
    expect(texts(label).map((t) => t.text)).toEqual(['PN-1']);
  });
});

describe('refusing a label too small for text', () => {
  const small: Medium = {
    kind: 'sheet',
    unit: 'mm',
    page_width_mm: 210,
    page_height_mm: 297,
    rows: 1,
    columns: 1,
    label_width_mm: 10,
    label_height_mm: 3,
    margin_top_mm: 0,
    margin_left_mm: 0,
    gap_x_mm: 0,
    gap_y_mm: 0,
    corner_radius_mm: 0,
  };

  it('refuses with the label, the room left and the height the smallest text needs', () => {
    let refused: unknown;
    try {
      checkTextRoom({ medium: small, startAt: 1, minFontPt: 6 }, false);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      code: 'VALIDATION',
      field: 'medium',
      message: 'A 10 × 3 mm label leaves 8 × 1 mm for text; the smallest text (6 pt) needs 2.54 mm of height.',
    });
  });

  it('accepts every preset with and without a code at the default smallest size', () => {
    for (const id of ['avery-l7160', 'avery-l7163', 'avery-l7651', 'avery-5160', 'avery-5163', 'avery-5167', 'roll-62x29', 'roll-4x6', 'roll-2.25x1.25']) {
      expect(() => checkTextRoom(jobOn(id), true)).not.toThrow();
      expect(() => checkTextRoom(jobOn(id), false)).not.toThrow();
    }
  });
});
