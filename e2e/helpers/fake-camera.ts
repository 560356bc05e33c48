/**
 * A camera for Chromium to pretend it has: a 1280×720 frame holding a QR code, as a phone held over
 * a label would see it, written as a .y4m video that Chromium plays in a loop with
 * `--use-fake-device-for-media-stream --use-fake-ui-for-media-stream --use-file-for-fake-video-capture=<file>`.
 */
import { writeFileSync } from 'node:fs';
import QRCode from 'qrcode';
import { blank, blur, place, pngToRgba, type Rgba } from '../../test/helpers/code-images.ts';

export const FRAME_WIDTH = 1280;
export const FRAME_HEIGHT = 720;

/** The flags that give Chromium a camera playing `y4mFile`, with the permission already granted. */
export const fakeCameraFlags = (y4mFile: string) => [
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
  `--use-file-for-fake-video-capture=${y4mFile}`,
];

/**
 * A frame holding one QR code of `text`, drawn as the asset label draws it (error correction M,
 * margin 2) `size` pixels wide on a white label, in the middle of a shaded grey desk with a little
 * grain, slightly soft as through a phone's lens.
 */
export async function qrFrame(text: string, { size = 300, width = FRAME_WIDTH, height = FRAME_HEIGHT } = {}): Promise<Rgba> {
  const frame = blank(width, height);
  let seed = 7;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // A fixed pseudo-random grain, so every run draws the same frame.
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      const shade = 150 + Math.round((60 * x) / width) + ((seed >> 16) % 9) - 4;
      const i = (y * width + x) * 4;
      frame.data[i] = shade;
      frame.data[i + 1] = shade;
      frame.data[i + 2] = shade - 6;
    }
  }
  const qr = pngToRgba(await QRCode.toBuffer(text, { errorCorrectionLevel: 'M', margin: 2, width: size }));
  const label = place(blank(qr.width + 40, qr.height + 60), qr, 20, 20);
  place(frame, label, Math.round((width - label.width) / 2), Math.round((height - label.height) / 2));
  return blur(frame, 1);
}

/** BT.601 video range, as a camera sends it. */
const luma = (r: number, g: number, b: number) => Math.round(16 + (65.481 * r + 128.553 * g + 24.966 * b) / 255);
const blueDiff = (r: number, g: number, b: number) => Math.round(128 + (-37.797 * r - 74.203 * g + 112 * b) / 255);
const redDiff = (r: number, g: number, b: number) => Math.round(128 + (112 * r - 93.786 * g - 18.214 * b) / 255);

/** The frame as YUV 4:2:0 planes: Y for every pixel, U and V for every 2×2 block (its average colour). */
export function toYuv420(frame: Rgba): Buffer {
  const { width, height, data } = frame;
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('a 4:2:0 frame has an even width and height');
  const ySize = width * height;
  const cSize = ySize / 4;
  const out = Buffer.alloc(ySize + 2 * cSize);
  for (let i = 0; i < ySize; i += 1) out[i] = luma(data[i * 4]!, data[i * 4 + 1]!, data[i * 4 + 2]!);
  for (let y = 0; y < height / 2; y += 1) {
    for (let x = 0; x < width / 2; x += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 4;
        r += data[i]!;
        g += data[i + 1]!;
        b += data[i + 2]!;
      }
      const c = y * (width / 2) + x;
      out[ySize + c] = blueDiff(r / 4, g / 4, b / 4);
      out[ySize + cSize + c] = redDiff(r / 4, g / 4, b / 4);
    }
  }
  return out;
}

/** Writes `frame` as a YUV4MPEG2 video of `frames` identical frames at 10 per second. */
export function writeY4m(file: string, frame: Rgba, frames = 1): void {
  const header = Buffer.from(`YUV4MPEG2 W${frame.width} H${frame.height} F10:1 Ip A1:1 C420jpeg\n`);
  const planes = toYuv420(frame);
  const parts: Buffer[] = [header];
  for (let i = 0; i < frames; i += 1) parts.push(Buffer.from('FRAME\n'), planes);
  writeFileSync(file, Buffer.concat(parts));
}
