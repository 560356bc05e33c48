/**
 * Draws the app's install icons (client/public/icons) from the product mark in
 * client/src/components/logo.tsx: a rounded blue square with three crates. The PNGs are committed;
 * run `node scripts/make-icons.mjs` again only when the mark changes. The maskable icon fills the
 * whole square with the mark's blue and keeps the crates inside the central 80% safe zone.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'client', 'public', 'icons');

// The mark on its 32-unit grid, as in logo.tsx.
const BLUE = [0x1c, 0x7e, 0xd6];
const WHITE = [0xff, 0xff, 0xff];
const LIGHT = [0xa5, 0xd8, 0xff];
const CRATES = [
  { x: 8, y: 17, w: 7, h: 7, r: 1.5, color: WHITE },
  { x: 17, y: 17, w: 7, h: 7, r: 1.5, color: WHITE },
  { x: 12.5, y: 8, w: 7, h: 7, r: 1.5, color: LIGHT },
];

/** Coverage (0..1) of a rounded rectangle at point (px, py), with a one-unit-wide soft edge. */
function roundedRect(px, py, { x, y, w, h, r }, unit) {
  const cx = Math.min(Math.max(px, x + r), x + w - r);
  const cy = Math.min(Math.max(py, y + r), y + h - r);
  const d = Math.hypot(px - cx, py - cy) - r;
  return Math.min(Math.max(0.5 - d / unit, 0), 1);
}

/** `maskable`: full-bleed background and the crates scaled into the safe zone. */
function draw(size, maskable) {
  const png = new PNG({ width: size, height: size });
  // Grid units per pixel; the maskable icon shows the 32-unit mark in 0.8 of its width, crates only.
  const scale = maskable ? 32 / (size * 0.8) : 32 / size;
  const offset = maskable ? -(32 / 0.8 - 32) / 2 : 0;
  const tile = { x: 2, y: 2, w: 28, h: 28, r: 7 };
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const gx = (px + 0.5) * scale + offset;
      const gy = (py + 0.5) * scale + offset;
      let rgb = [0, 0, 0];
      let alpha = 0;
      const base = maskable ? 1 : roundedRect(gx, gy, tile, scale);
      if (base > 0) {
        rgb = BLUE;
        alpha = base;
      }
      for (const crate of CRATES) {
        const c = roundedRect(gx, gy, crate, scale);
        if (c > 0) rgb = rgb.map((v, i) => Math.round(v * (1 - c) + crate.color[i] * c));
      }
      const i = (py * size + px) * 4;
      png.data[i] = rgb[0];
      png.data[i + 1] = rgb[1];
      png.data[i + 2] = rgb[2];
      png.data[i + 3] = Math.round(alpha * 255);
    }
  }
  return PNG.sync.write(png);
}

mkdirSync(outDir, { recursive: true });
for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon.png', 180, true],
]) {
  writeFileSync(path.join(outDir, name), draw(size, maskable));
}
console.log(`Wrote the icons into ${path.relative(process.cwd(), outDir)}`);
