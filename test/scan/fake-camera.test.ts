/** The fake camera's video: a YUV4MPEG2 file Chromium accepts, whose picture still holds a readable QR code. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePixels } from '../../client/src/features/scan/camera/decode-core.ts';
import { trackerUrl } from '../../contract/scan-paths.ts';
import { FRAME_HEIGHT, FRAME_WIDTH, qrFrame, writeY4m } from '../../e2e/helpers/fake-camera.ts';
import { blank } from '../helpers/code-images.ts';

const LINK = trackerUrl('https://stock.example.com', '5d3c2b1a-0f9e-4d8c-b7a6-958473625140');
const HEADER = 'YUV4MPEG2 W1280 H720 F10:1 Ip A1:1 C420jpeg\n';
const dir = mkdtempSync(path.join(tmpdir(), 'stockledger-y4m-'));

beforeAll(async () => {
  const require = createRequire(import.meta.url);
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
    fireImmediately: true,
  });
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the fake camera’s .y4m', () => {
  it('is the header, then per frame FRAME and the Y, U and V planes of 4:2:0', () => {
    const file = path.join(dir, 'two.y4m');
    const frame = blank(FRAME_WIDTH, FRAME_HEIGHT, 255);
    frame.data.fill(0, 0, 4 * FRAME_WIDTH); // the first row black
    writeY4m(file, frame, 2);
    const bytes = readFileSync(file);
    const planes = FRAME_WIDTH * FRAME_HEIGHT * 1.5;
    expect(bytes.length).toBe(HEADER.length + 2 * ('FRAME\n'.length + planes));
    expect(bytes.subarray(0, HEADER.length).toString()).toBe(HEADER);
    const y = HEADER.length + 'FRAME\n'.length;
    expect(bytes.subarray(HEADER.length, y).toString()).toBe('FRAME\n');
    // Video range: black is 16, white 235, grey has no colour (128).
    expect(bytes[y]).toBe(16);
    expect(bytes[y + FRAME_WIDTH]).toBe(235);
    expect(bytes[y + FRAME_WIDTH * FRAME_HEIGHT]).toBe(128);
    expect(bytes[y + planes - 1]).toBe(128);
  });

  it('holds a frame whose brightness alone the decoder reads as the label’s link', async () => {
    const file = path.join(dir, 'label.y4m');
    writeY4m(file, await qrFrame(LINK));
    const luma = readFileSync(file).subarray(HEADER.length + 'FRAME\n'.length, HEADER.length + 'FRAME\n'.length + FRAME_WIDTH * FRAME_HEIGHT);
    const grey = blank(FRAME_WIDTH, FRAME_HEIGHT);
    for (const [i, value] of luma.entries()) grey.data.fill(value, i * 4, i * 4 + 3);
    expect(await decodePixels(grey)).toEqual([{ text: LINK, format: 'QRCode' }]);
  });
});
