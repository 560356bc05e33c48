import { PassThrough, Writable } from 'node:stream';
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { labelRect, MEDIUM_PRESETS, MM_PER_INCH, type Medium, type RollMedium } from '../../contract/label-media.ts';
import { PRINT_MESSAGES } from '../../contract/label-print.ts';
import { DomainError } from '../../ledger/errors.ts';
import { fieldsOutside, readZpl } from '../../test/helpers/zpl-reader.ts';
import type { LabelContent, LaidOutLabel, Mark, PrintJob } from './display-list.ts';
import { escapeFieldData, writeZpl, zplForLabel } from './zpl-writer.ts';

const MM_PER_POINT = MM_PER_INCH / 72;
const UNICODE_NAME = 'Câble Ø12 – 東京 ✓';
const CONTROL_CHARACTERS = 'A^B~C_D ^FS ~JA _5E';

const job = (medium: Medium): PrintJob => ({ medium, startAt: 1, minFontPt: 6 });
const rolls = MEDIUM_PRESETS.filter((p) => p.medium.kind === 'roll').map((p) => ({ name: p.name, medium: p.medium as RollMedium }));
const customRoll = (dpi: 203 | 300): RollMedium => ({ kind: 'roll', unit: 'mm', label_width_mm: 57.3, label_height_mm: 31.7, dpi });
/** Every roll preset and a custom roll, each at 203 and 300 dpi. */
const mediaUnderTest = [...rolls, { name: 'custom 57.3 × 31.7 mm', medium: customRoll(300) }].flatMap(({ name, medium }) =>
  ([203, 300] as const).map((dpi) => ({ name: `${name} at ${dpi} dpi`, medium: { ...medium, dpi } })),
);
const sheet = MEDIUM_PRESETS.find((p) => p.id === 'avery-l7160')?.medium as Medium;

/**
 * A label as full as a layout makes it, with every mark touching an edge of the label (the worst
 * case for rounding to dots): a QR down the left side, text lines to its right up to the right
 * edge, a Code 128 along the bottom.
 */
function crowdedLabel(medium: RollMedium, index: number, lines: string[], code: string): LaidOutLabel {
  const rect = labelRect(medium, index);
  const { width_mm: w, height_mm: h } = rect;
  const barHeight = h * 0.3;
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const qrSide = Math.min(h - barHeight, w / 2);
  const qrMark: Mark = {
    kind: 'qr',
    x_mm: 0,
    top_mm: 0,
    module_mm: qrSide / qr.modules.size,
    size: qr.modules.size,
    dark: Uint8Array.from(qr.modules.data),
    value: code,
  };
  const [bars] = bwipjs.raw('code128', code, {}) as Array<{ sbs: number[] }>;
  const modules = (bars?.sbs ?? []).reduce((s, v) => s + v, 0);
  const barMark: Mark = { kind: 'code128', x_mm: 0, top_mm: h - barHeight, module_mm: w / modules, height_mm: barHeight, modules, bars: [], value: code };
  const lineHeight = (h - barHeight) / lines.length;
  const sizePt = lineHeight / MM_PER_POINT;
  const textMarks = lines.map((text, i) => textMark(qrSide, i * lineHeight, w - qrSide, sizePt, text));
  return { index, rect, marks: [qrMark, ...textMarks, barMark], warnings: [] };
}

/** A line of text as the layout marks it, drawn in one run of the label font. */
function textMark(x_mm: number, top_mm: number, box_width_mm: number, size_pt: number, text: string): Mark {
  const width_mm = box_width_mm * 0.9;
  return {
    kind: 'text',
    x_mm,
    top_mm,
    baseline_mm: top_mm + size_pt * MM_PER_POINT * 0.8,
    box_width_mm,
    size_pt,
    text,
    width_mm,
    runs: [{ font: 'sans', text, dx_mm: 0, width_mm }],
  };
}

async function* contents(n: number): AsyncIterable<LabelContent> {
  for (let i = 0; i < n; i += 1) yield { name: `L${i}`, lines: [`Line ${i}`], code: { symbology: 'qr', value: `V${i}` } };
}

/** What the built-in layouts and a template print: an asset with its tracker link, a part, a cable's lines. */
const printedKinds: LabelContent[] = [
  {
    name: 'SN-0042',
    lines: [UNICODE_NAME, 'Asset A-100 · SN-0042', 'Serial 7F3K-99'],
    code: { symbology: 'qr', value: 'https://stock.example.test/assets/00000000-0000-4000-8000-000000000042' },
  },
  { name: 'PN-1000', lines: ['PN-1000_^~', 'Patch cable Cat6A 2 m', 'cat6a'], code: { symbology: 'code128', value: 'PN-1000_^~' } },
  { name: 'R-01', lines: ['R-01 | P-24 | 10 GB', 'Hall B, row 4, rack 12, unit 38', 'to core switch 2', 'fibre LC/LC', 'spare'] },
];
async function* printed(): AsyncIterable<LabelContent> {
  yield* printedKinds;
}

/** The ZPL a writer streams into a collecting output. */
async function written(medium: Medium, labels: AsyncIterable<LabelContent>): Promise<{ bytes: Buffer; result: { labels: number; pages: number } }> {
  const chunks: Buffer[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const result = await writeZpl(job(medium), labels, out);
  return { bytes: Buffer.concat(chunks), result };
}

describe('zplForLabel', () => {
  for (const { name, medium } of mediaUnderTest) {
    it(`keeps every field of every label inside the label's dots on ${name}`, () => {
      const dots = (mm: number) => Math.round((mm * medium.dpi) / MM_PER_INCH);
      const zpl = [0, 1, 2].map((i) => zplForLabel(job(medium), crowdedLabel(medium, i, [UNICODE_NAME, `SN-${i}`, 'Rack 4'], `PN-${1000 + i}`))).join('');
      const labels = readZpl(zpl);
      expect(labels).toHaveLength(3);
      for (const label of labels) {
        expect(label.width).toBe(dots(medium.label_width_mm));
        expect(label.height).toBe(dots(medium.label_height_mm));
        expect(label.charset).toBe(28);
        expect(label.fields.map((f) => f.kind)).toEqual(['qr', 'text', 'text', 'text', 'code128']);
        expect(fieldsOutside(label)).toEqual([]);
      }
      // A roll's labels each start at the label's own corner, whatever their place in the job.
      expect(labels[2]?.fields[0]).toMatchObject({ x: 0, y: 0 });
      expect(labels[2]?.fields[4]?.data).toBe('PN-1002');
    });
  }

  it('places marks in dots from the label corner and sizes text from its points at the dpi', () => {
    const medium = customRoll(300);
    const marks = [textMark(2.54, 5.08, 25.4, 12, 'Hi')];
    const zpl = zplForLabel(job(medium), { index: 0, rect: labelRect(medium, 0), marks, warnings: [] });
    // 2.54 mm = 30 dots, 5.08 mm = 60 dots, 12 pt = 1/6 in = 50 dots, 25.4 mm = 300 dots at 300 dpi.
    expect(zpl).toBe('^XA\n^CI28\n^PW677\n^LL374\n^LH0,0\n^FO30,60^A0N,50,50^FB300,1,0,L,0^FH_^FDHi^FS\n^XZ\n');
  });

  it('writes a Code 128 with its module in ^BY and a QR at error correction M with its module as magnification', () => {
    const medium = customRoll(203);
    const marks: Mark[] = [
      { kind: 'code128', x_mm: 1, top_mm: 2, module_mm: 0.375, height_mm: 10, modules: 35, bars: [], value: 'AB' },
      { kind: 'qr', x_mm: 30, top_mm: 2, module_mm: 0.5, size: 21, dark: new Uint8Array(441), value: 'https://x.test/a' },
    ];
    const zpl = zplForLabel(job(medium), { index: 0, rect: labelRect(medium, 0), marks, warnings: [] });
    // 0.375 mm is 2.997 dots at 203 dpi: 2 whole dots keep the code inside its box; 0.5 mm is 3.996 dots.
    expect(zpl).toContain('^BY2^FO8,16^BCN,79,N,N,N,A^FH_^FDAB^FS');
    expect(zpl).toContain('^FO240,16^BQN,2,3^FH_^FDMA,https://x.test/a^FS');
  });

  it('keeps a UTF-8 name byte for byte and escapes ^ ~ _ so they print instead of acting', () => {
    const medium = customRoll(203);
    const zpl = zplForLabel(job(medium), crowdedLabel(medium, 0, [UNICODE_NAME, CONTROL_CHARACTERS], CONTROL_CHARACTERS));
    const bytes = Buffer.from(zpl, 'utf8');
    const [label] = readZpl(bytes);
    expect(label?.fields.map((f) => f.data)).toEqual([CONTROL_CHARACTERS, UNICODE_NAME, CONTROL_CHARACTERS, CONTROL_CHARACTERS]);
    // The escaped data holds no ^ or ~ of its own: the only ones left start commands.
    expect(escapeFieldData(CONTROL_CHARACTERS)).toBe('A_5EB_7EC_5FD _5EFS _7EJA _5F5E');
    expect(zpl).toContain(`^FD${UNICODE_NAME}^FS`);
    expect(bytes.includes(Buffer.from('東京', 'utf8'))).toBe(true);
  });

  it('refuses a sheet medium', () => {
    expect(() => zplForLabel(job(sheet), { index: 0, rect: labelRect(sheet, 0), marks: [], warnings: [] })).toThrow(PRINT_MESSAGES.zplNeedsRoll);
  });
});

describe('writeZpl', () => {
  for (const { name, medium } of mediaUnderTest) {
    it(`lays out assets, parts and template lines with every field inside the label's dots on ${name}`, async () => {
      const { bytes, result } = await written(medium, printed());
      expect(result).toEqual({ labels: 3, pages: 3 });
      const labels = readZpl(bytes);
      expect(labels).toHaveLength(3);
      for (const label of labels) {
        expect(label.charset).toBe(28);
        expect(label.width).toBe(Math.round((medium.label_width_mm * medium.dpi) / MM_PER_INCH));
        expect(label.fields.filter((f) => f.kind === 'text').length).toBeGreaterThan(0);
        expect(fieldsOutside(label)).toEqual([]);
      }
      expect(labels[0]?.fields.find((f) => f.kind === 'qr')?.data).toBe(printedKinds[0]?.code?.value);
      expect(labels[1]?.fields.find((f) => f.kind === 'code128')?.data).toBe('PN-1000_^~');
      expect(labels[2]?.fields.every((f) => f.kind === 'text')).toBe(true);
    });
  }

  it('prints a UTF-8 name whole where the label has room for it on one line', async () => {
    const wide = rolls.find((r) => r.medium.label_width_mm > 100)!.medium;
    const { bytes } = await written(wide, printed());
    const [asset] = readZpl(bytes);
    expect(asset?.fields.filter((f) => f.kind === 'text').map((f) => f.data)).toContain(UNICODE_NAME);
  });

  it('refuses a sheet medium with the message, naming the format', async () => {
    const error = await writeZpl(job(sheet), contents(1), new PassThrough()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ code: 'VALIDATION', status: 400, message: PRINT_MESSAGES.zplNeedsRoll, field: 'format' });
  });

  it('writes one ^XA…^XZ per label, taking the next label only as a slow reader catches up', async () => {
    const chunks: Buffer[] = [];
    const ahead: number[] = [];
    // A reader that takes each chunk a millisecond late and buffers little: the writer must wait for 'drain'.
    const slow = new Writable({
      highWaterMark: 64,
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          chunks.push(chunk);
          done();
        }, 1);
      },
    });
    async function* watched(n: number): AsyncIterable<LabelContent> {
      for await (const content of contents(n)) {
        ahead.push(ahead.length - chunks.length);
        yield content;
      }
    }
    const medium = customRoll(300);
    const result = await writeZpl(job(medium), watched(25), slow);
    expect(slow.writableFinished).toBe(true);
    expect(result).toEqual({ labels: 25, pages: 25 });
    // Without waiting, all 25 labels would be taken before the reader had one.
    expect(Math.max(...ahead)).toBeLessThanOrEqual(2);
    const labels = readZpl(Buffer.concat(chunks));
    expect(labels).toHaveLength(25);
    for (const label of labels) expect(fieldsOutside(label)).toEqual([]);
    expect(labels[24]?.fields.some((f) => f.data === 'Line 24')).toBe(true);
  });

  it('stops with an error when the output closes before the job is written', async () => {
    let taken = 0;
    const leaving = new Writable({
      highWaterMark: 16,
      write(_chunk: Buffer, _encoding, done) {
        taken += 1;
        // The client goes away after the second label, without taking it.
        if (taken === 2) leaving.destroy();
        else done();
      },
    });
    await expect(writeZpl(job(customRoll(203)), contents(1_000), leaving)).rejects.toThrow('The output closed before the ZPL was written.');
    expect(taken).toBe(2);
  });
});
