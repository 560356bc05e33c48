/**
 * The camera's decoder on real pictures: the codes the product prints (drawn by the same qrcode
 * package and options as the asset label), and codes another library draws (bwip-js: a part
 * number's Code 128, a serial's Data Matrix, a box's EAN-13), plain, turned, blurred and faded, each
 * read to its exact text and format and then handed to the one scan parser.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { beforeAll, describe, expect, it } from 'vitest';
import { decodePixels } from '../../client/src/features/scan/camera/decode-core.ts';
import { locationCode, parseScanCode, type ScanCode } from '../../contract/scan-code.ts';
import { trackerUrl } from '../../contract/scan-paths.ts';
import { qrFrame } from '../../e2e/helpers/fake-camera.ts';
import { blank, blur, fade, onWhite, pngToRgba, rotate, type Rgba } from '../helpers/code-images.ts';

const INSTANCE = '0b9f8e2a-3c4d-4e5f-8a9b-1c2d3e4f5a6b';
const LINK = trackerUrl('https://stock.example.com', INSTANCE);
const LOCATION = locationCode(12, { rack: 'A', shelf: '3', bin: '07', zone: null });
const PART_NUMBER = 'PN-4711-A';
const SERIAL = 'SN-2024-000183';
const EAN = '4006381333931';

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

/** The asset label's QR code: the same call and options as asset-qr-code.tsx. */
const labelQr = async (text: string) => onWhite(pngToRgba(await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, width: 240 })), 20);
const code128 = async (text: string) => onWhite(pngToRgba(await bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 20 })), 30);
const dataMatrix = async (text: string) => onWhite(pngToRgba(await bwipjs.toBuffer({ bcid: 'datamatrix', text, scale: 6 })), 30);
const ean13 = async (text: string) => onWhite(pngToRgba(await bwipjs.toBuffer({ bcid: 'ean13', text, scale: 3, height: 20, includetext: true })), 30);

/** The share of pixels that are neither near black nor near white: how far a picture is from crisp. */
function greyShare(image: Rgba): number {
  let grey = 0;
  for (let i = 0; i < image.data.length; i += 4) if (image.data[i]! > 40 && image.data[i]! < 215) grey += 1;
  return grey / (image.width * image.height);
}

function contrast(image: Rgba): number {
  let low = 255;
  let high = 0;
  for (let i = 0; i < image.data.length; i += 4) {
    low = Math.min(low, image.data[i]!);
    high = Math.max(high, image.data[i]!);
  }
  return (high - low) / 255;
}

const assetCode: ScanCode = { kind: 'asset', instanceId: INSTANCE };
const locationScan: ScanCode = { kind: 'location', warehouseNum: 12, place: { rack: 'A', shelf: '3', bin: '07', zone: null } };
const partScan: ScanCode = { kind: 'text', text: PART_NUMBER, gtin: false };
const serialScan: ScanCode = { kind: 'text', text: SERIAL, gtin: false };
const eanScan: ScanCode = { kind: 'text', text: EAN, gtin: true };

interface Case {
  name: string;
  image: () => Promise<Rgba>;
  text: string;
  format: string;
  scan: ScanCode;
}

const cases: Case[] = [
  { name: 'the asset label’s tracker link QR', image: () => labelQr(LINK), text: LINK, format: 'QRCode', scan: assetCode },
  { name: 'a warehouse location’s QR', image: () => labelQr(LOCATION), text: LOCATION, format: 'QRCode', scan: locationScan },
  { name: 'a part number’s Code 128 (bwip-js)', image: () => code128(PART_NUMBER), text: PART_NUMBER, format: 'Code128', scan: partScan },
  { name: 'a serial’s Data Matrix (bwip-js)', image: () => dataMatrix(SERIAL), text: SERIAL, format: 'DataMatrix', scan: serialScan },
  { name: 'a box’s EAN-13 (bwip-js)', image: () => ean13(EAN), text: EAN, format: 'EAN13', scan: eanScan },
  { name: 'the tracker link QR turned 17°', image: async () => rotate(await labelQr(LINK), 17), text: LINK, format: 'QRCode', scan: assetCode },
  { name: 'a Code 128 turned 17°', image: async () => rotate(await code128(PART_NUMBER), 17), text: PART_NUMBER, format: 'Code128', scan: partScan },
  { name: 'a Code 128 turned 90°', image: async () => rotate(await code128(PART_NUMBER), 90), text: PART_NUMBER, format: 'Code128', scan: partScan },
  { name: 'a Data Matrix turned 17°', image: async () => rotate(await dataMatrix(SERIAL), 17), text: SERIAL, format: 'DataMatrix', scan: serialScan },
  { name: 'an EAN-13 turned 90°', image: async () => rotate(await ean13(EAN), 90), text: EAN, format: 'EAN13', scan: eanScan },
  { name: 'the location QR turned 90°', image: async () => rotate(await labelQr(LOCATION), 90), text: LOCATION, format: 'QRCode', scan: locationScan },
];

describe('decoding clean and turned codes', () => {
  it.each(cases)('reads $name as $format and the parser takes it', async ({ image, text, format, scan }) => {
    const codes = await decodePixels(await image());
    expect(codes).toEqual([{ text, format }]);
    expect(parseScanCode(codes[0]!.text)).toEqual({ ok: true, code: scan });
  });
});

describe('decoding codes a camera sees badly', () => {
  it('reads the tracker link QR blurred to a sigma of about half a module', async () => {
    const image = blur(await labelQr(LINK), 2);
    expect(greyShare(image)).toBeGreaterThan(0.2);
    const codes = await decodePixels(image);
    expect(codes).toEqual([{ text: LINK, format: 'QRCode' }]);
    expect(parseScanCode(codes[0]!.text)).toEqual({ ok: true, code: assetCode });
  });

  it('reads a blurred Code 128 of a part number', async () => {
    const image = blur(await code128(PART_NUMBER), 1);
    expect(greyShare(image)).toBeGreaterThan(0.2);
    const codes = await decodePixels(image);
    expect(codes).toEqual([{ text: PART_NUMBER, format: 'Code128' }]);
    expect(parseScanCode(codes[0]!.text)).toEqual({ ok: true, code: partScan });
  });

  it('reads a Data Matrix printed dark grey on light grey (a quarter of full contrast)', async () => {
    const image = fade(await dataMatrix(SERIAL), 140, 205);
    expect(contrast(image)).toBeCloseTo(0.25, 2);
    const codes = await decodePixels(image);
    expect(codes).toEqual([{ text: SERIAL, format: 'DataMatrix' }]);
    expect(parseScanCode(codes[0]!.text)).toEqual({ ok: true, code: serialScan });
  });

  it('reads a low-contrast EAN-13 turned 17°', async () => {
    const image = rotate(fade(await ean13(EAN), 140, 205), 17);
    const codes = await decodePixels(image);
    expect(codes).toEqual([{ text: EAN, format: 'EAN13' }]);
    expect(parseScanCode(codes[0]!.text)).toEqual({ ok: true, code: eanScan });
  });

  it('reads the tracker link QR in a 1280×720 camera frame (the fake camera’s picture)', async () => {
    const codes = await decodePixels(await qrFrame(LINK));
    expect(codes).toEqual([{ text: LINK, format: 'QRCode' }]);
  });

  it('finds nothing in a frame with no code, and says so with an empty list', async () => {
    expect(await decodePixels(blank(1280, 720, 180))).toEqual([]);
  });
});
