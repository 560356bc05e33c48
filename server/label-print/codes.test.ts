import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { findPreset } from '../../contract/label-media.ts';
import { encodeCode128, encodeQr, moduleSize, qrRuns, qrSegments } from './codes.ts';
import { formatBitsM } from './qr-mask.ts';

const VALUES = [
  'https://stock.example.com/t/0b9f8e2a-3c4d-4e5f-8a9b-1c2d3e4f5a6b',
  'LOC:12:A:3:07',
  'PN-4711-A',
  'x',
  'Größe 服务器',
  ...Array.from({ length: 40 }, (_, i) => `https://stock.example.com/t/${(0x1000_0000 + i * 7919).toString(16)}-${'a'.repeat(i)}`),
];

describe('encoding codes', () => {
  it('gives exactly the QR the qrcode package gives with its own mask search, for every value', () => {
    for (const value of VALUES) {
      const reference = QRCode.create(qrSegments(value), { errorCorrectionLevel: 'M' });
      const ours = encodeQr(value)!;
      expect(ours.size, value).toBe(reference.modules.size);
      expect(Buffer.from(ours.dark).equals(Buffer.from(reference.modules.data)), value).toBe(true);
    }
  });

  it('knows the format bits of error correction M', () => {
    // ISO/IEC 18004 table C.1, level M, masks 0 to 7.
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(formatBitsM)).toEqual([0x5412, 0x5125, 0x5e7c, 0x5b4b, 0x45f9, 0x40ce, 0x4f97, 0x4aa0]);
  });

  it('turns Code 128 bar widths into bars of [start, width] modules', () => {
    const symbol = encodeCode128('PN-4711-A')!;
    const [raw] = bwipjs.raw({ bcid: 'code128', text: 'PN-4711-A' }) as Array<{ sbs: number[] }>;
    expect(symbol.modules).toBe(raw!.sbs.reduce((a, b) => a + b, 0));
    // Start (11), 9 characters and a check (11 each), stop (13).
    expect(symbol.modules).toBe(11 + 9 * 11 + 11 + 13);
    expect(symbol.bars[0]).toEqual([0, 2]);
    expect(symbol.bars.at(-1)).toEqual([symbol.modules - 2, 2]);
  });

  it('refuses a Code 128 of characters it cannot hold', () => {
    expect(encodeCode128('服务器')).toBeNull();
  });

  it('merges a QR row’s dark modules into runs', () => {
    expect(qrRuns(3, Uint8Array.from([1, 1, 0, 0, 1, 1, 1, 0, 1]))).toEqual([
      [0, 0, 2],
      [1, 1, 2],
      [0, 2, 1],
      [2, 2, 1],
    ]);
  });

  it('sizes modules between the limits on a sheet and in whole dots on a roll', () => {
    const sheet = findPreset('avery-l7160')!.medium;
    expect(moduleSize(sheet, 'qr', 10, 25)).toBeCloseTo(0.4, 9);
    expect(moduleSize(sheet, 'qr', 100, 25)).toBe(1);
    expect(moduleSize(sheet, 'qr', 5, 25)).toBeNull();
    const roll = findPreset('roll-62x29')!.medium; // 300 dpi: a dot is 0.0847 mm
    expect(moduleSize(roll, 'code128', 20, 100)).toBeCloseTo((2 * 25.4) / 300, 9);
    expect(moduleSize(roll, 'qr', 20, 25)).toBeCloseTo((9 * 25.4) / 300, 9);
    expect(moduleSize(roll, 'code128', 15, 100)).toBeNull();
    // Room for 11.8 dots a module, but ZPL's ^BQ and ^BY stop at 10: the layout stops there too.
    expect(moduleSize(roll, 'qr', 25, 25)).toBeCloseTo((10 * 25.4) / 300, 9);
  });
});
