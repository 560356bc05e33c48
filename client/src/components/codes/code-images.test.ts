/**
 * The codes the product draws are read back by ZXing (the decoder the camera uses): the SVG is
 * rasterized as a printer would, black bars or modules on white, and decoded from the PNG.
 */
import { readFileSync } from 'node:fs';
import { locationCode } from '@contract/scan-code.ts';
import { PNG } from 'pngjs';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { beforeAll, describe, expect, it } from 'vitest';
import { CODE_MESSAGES, locationQr, partBarcode, qrImage } from './code-images.ts';

beforeAll(async () => {
  const wasm = readFileSync('node_modules/zxing-wasm/dist/reader/zxing_reader.wasm');
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

type Paint = (x0: number, y0: number, x1: number, y1: number) => void;

function raster(width: number, height: number, draw: (paint: Paint) => void): Uint8Array {
  const png = new PNG({ width, height });
  png.data.fill(255);
  draw((x0, y0, x1, y1) => {
    for (let y = Math.max(0, Math.round(y0)); y < Math.min(height, Math.round(y1)); y++)
      for (let x = Math.max(0, Math.round(x0)); x < Math.min(width, Math.round(x1)); x++) png.data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  });
  return new Uint8Array(PNG.sync.write(png));
}

const viewBox = (svg: string) => /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!.slice(1).map(Number) as [number, number];

/** bwip-js draws each bar as a vertical stroke: "M x y1 L x y2" with the bar's width as stroke-width. */
function rasterBars(svg: string): Uint8Array {
  const [width, height] = viewBox(svg);
  return raster(width, height, (paint) => {
    for (const [, w, d] of svg.matchAll(/stroke-width="([\d.]+)" d="([^"]+)"/g))
      for (const [, x, y1, , y2] of d!.matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
        const half = Number(w) / 2;
        paint(Number(x) - half, Math.min(Number(y1), Number(y2)), Number(x) + half, Math.max(Number(y1), Number(y2)));
      }
  });
}

/** qrcode draws each row of modules as runs: "M x y.5 h n m dx dy h n …", one unit a module. */
function rasterModules(svg: string, scale = 6): Uint8Array {
  const [size] = viewBox(svg);
  const d = /stroke="#000000" d="([^"]+)"/.exec(svg)![1]!;
  return raster(size * scale, size * scale, (paint) => {
    let x = 0;
    let y = 0;
    for (const [, op, a, b] of d.matchAll(/([MmHh])([\d.]+)(?: ([\d.-]+))?/g)) {
      if (op === 'M') [x, y] = [Number(a), Number(b)];
      else if (op === 'm') [x, y] = [x + Number(a), y + Number(b)];
      else {
        const run = op === 'h' ? Number(a) : Number(a) - x;
        paint(x * scale, Math.floor(y) * scale, (x + run) * scale, (Math.floor(y) + 1) * scale);
        x += run;
      }
    }
  });
}

const read = async (png: Uint8Array, format: 'Code128' | 'QRCode') =>
  (await readBarcodes(png, { formats: [format], tryHarder: true })).map((r) => [r.format, r.text]);

describe('the printable codes', () => {
  it('draws a part number as a Code 128 that a scanner reads back as the part number', async () => {
    for (const partNumber of ['BRK-014', 'cab 220/25m', 'A\\B^C~1']) {
      const image = await partBarcode(partNumber);
      expect(image.text).toBe(partNumber);
      expect(await read(rasterBars(image.svg), 'Code128')).toEqual([['Code128', partNumber]]);
    }
  });

  it('refuses a part number Code 128 cannot carry, saying so', async () => {
    await expect(partBarcode('Ø-Ring 12')).rejects.toThrow(CODE_MESSAGES.notCode128);
    await expect(partBarcode('  ')).rejects.toThrow(CODE_MESSAGES.notCode128);
  });

  it('draws a location as a QR of its LOC: code, read back exactly', async () => {
    const place = { rack: 'A 1', shelf: '2', bin: null, zone: 'Yard|East' };
    const image = await locationQr(7, place);
    expect(image.text).toBe(locationCode(7, place));
    expect(image.text).toBe('LOC:7:A 1|2||Yard%7CEast');
    expect(await read(rasterModules(image.svg), 'QRCode')).toEqual([['QRCode', 'LOC:7:A 1|2||Yard%7CEast']]);
  });

  it('draws any text as a QR', async () => {
    const image = await qrImage('TRF:33333333-3333-4333-8333-333333333333');
    expect(await read(rasterModules(image.svg), 'QRCode')).toEqual([['QRCode', 'TRF:33333333-3333-4333-8333-333333333333']]);
  });
});
