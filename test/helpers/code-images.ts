/**
 * Pictures of codes as a camera would see them, made in plain JavaScript: a PNG read into RGBA
 * (transparency laid on white paper), placed on a larger frame, turned, blurred or faded, so the
 * decoder's tests and the fake camera start from the same pixels.
 */
import { PNG } from 'pngjs';

/** RGBA pixels, four bytes a pixel, row after row (the shape of the browser's ImageData). */
export interface Rgba {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export function blank(width: number, height: number, grey = 255): Rgba {
  const data = new Uint8ClampedArray(width * height * 4).fill(grey);
  return { data, width, height };
}

/**
 * A PNG's pixels. bwip-js draws its bars on a transparent background whose colour bytes are black:
 * read without the alpha, the whole picture is black. A printed label is on white paper, so
 * transparency is laid on white here.
 */
export function pngToRgba(png: Buffer): Rgba {
  const image = PNG.sync.read(png);
  const data = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < data.length; i += 4) {
    const alpha = image.data[i + 3]! / 255;
    for (let c = 0; c < 3; c += 1) data[i + c] = Math.round(image.data[i + c]! * alpha + 255 * (1 - alpha));
    data[i + 3] = 255;
  }
  return { data, width: image.width, height: image.height };
}

/** The picture scaled by a whole factor (nearest neighbour: a printer's dots stay square). */
export function scaleUp(image: Rgba, factor: number): Rgba {
  const out = blank(image.width * factor, image.height * factor);
  for (let y = 0; y < out.height; y += 1) {
    for (let x = 0; x < out.width; x += 1) {
      const from = (Math.floor(y / factor) * image.width + Math.floor(x / factor)) * 4;
      out.data.set(image.data.subarray(from, from + 4), (y * out.width + x) * 4);
    }
  }
  return out;
}

/** `image` copied onto `frame` with its top left corner at (left, top). */
export function place(frame: Rgba, image: Rgba, left: number, top: number): Rgba {
  for (let y = 0; y < image.height; y += 1) {
    const row = image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
    frame.data.set(row, ((top + y) * frame.width + left) * 4);
  }
  return frame;
}

/** `image` in the middle of a white frame `margin` pixels wider on every side. */
export function onWhite(image: Rgba, margin: number): Rgba {
  return place(blank(image.width + 2 * margin, image.height + 2 * margin), image, margin, margin);
}

/**
 * `image` turned by `degrees` about its centre onto a white canvas large enough to hold all of it,
 * each pixel sampled bilinearly from the four it falls between, as a lens sees a tilted label.
 */
export function rotate(image: Rgba, degrees: number): Rgba {
  const angle = (degrees * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const width = Math.ceil(Math.abs(image.width * cos) + Math.abs(image.height * sin)) + 2;
  const height = Math.ceil(Math.abs(image.width * sin) + Math.abs(image.height * cos)) + 2;
  const out = blank(width, height);
  const cx = (image.width - 1) / 2;
  const cy = (image.height - 1) / 2;
  const ox = (width - 1) / 2;
  const oy = (height - 1) / 2;
  const at = (x: number, y: number, c: number) => (x < 0 || y < 0 || x >= image.width || y >= image.height ? 255 : image.data[(y * image.width + x) * 4 + c]!);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      // The point of the source that lands here: the inverse rotation.
      const sx = cos * (x - ox) + sin * (y - oy) + cx;
      const sy = -sin * (x - ox) + cos * (y - oy) + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = (y * width + x) * 4;
      for (let c = 0; c < 3; c += 1) {
        const top = at(x0, y0, c) * (1 - fx) + at(x0 + 1, y0, c) * fx;
        const bottom = at(x0, y0 + 1, c) * (1 - fx) + at(x0 + 1, y0 + 1, c) * fx;
        out.data[i + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return out;
}

/** One pass of a box blur of `radius` along rows or along columns. */
function boxPass(image: Rgba, radius: number, horizontal: boolean): Rgba {
  const { width, height } = image;
  const out = blank(width, height);
  const span = 2 * radius + 1;
  const lines = horizontal ? height : width;
  const length = horizontal ? width : height;
  const index = (line: number, pos: number) => (horizontal ? line * width + pos : pos * width + line) * 4;
  for (let line = 0; line < lines; line += 1) {
    for (let c = 0; c < 3; c += 1) {
      // A running sum over the window, the edge pixel repeated past the ends.
      const value = (pos: number) => image.data[index(line, Math.min(length - 1, Math.max(0, pos))) + c]!;
      let sum = 0;
      for (let k = -radius; k <= radius; k += 1) sum += value(k);
      for (let pos = 0; pos < length; pos += 1) {
        out.data[index(line, pos) + c] = Math.round(sum / span);
        sum += value(pos + radius + 1) - value(pos - radius);
      }
    }
  }
  return out;
}

/**
 * A blur close to a gaussian one: three box blurs of `radius` in each direction (what an
 * out-of-focus lens or a shaking hand does to the edges of the modules).
 */
export function blur(image: Rgba, radius: number): Rgba {
  let out = image;
  for (let pass = 0; pass < 3; pass += 1) out = boxPass(boxPass(out, radius, true), radius, false);
  return out;
}

/** Black becomes `dark` and white becomes `light` (a faded print, a label under poor light). */
export function fade(image: Rgba, dark: number, light: number): Rgba {
  const out = blank(image.width, image.height);
  for (let i = 0; i < image.data.length; i += 4) {
    for (let c = 0; c < 3; c += 1) out.data[i + c] = Math.round(dark + (image.data[i + c]! / 255) * (light - dark));
  }
  return out;
}

/** The picture as PNG bytes (to look at a failing case). */
export function toPng(image: Rgba): Buffer {
  const png = new PNG({ width: image.width, height: image.height });
  png.data = Buffer.from(image.data.buffer, image.data.byteOffset, image.data.length);
  return PNG.sync.write(png);
}
