/**
 * A PDF as a printer would put it on paper: every page rendered by poppler's pdftoppm (grey, at the
 * given dpi) into a temporary folder and read back as pixels, and the PDF's text as pdftotext reads
 * it (what a person selecting or searching the text gets).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { MM_PER_INCH } from '../../contract/label-media.ts';

const run = promisify(execFile);

/** One rendered page: grey levels 0 (black) to 255 (white), row by row. */
export interface GreyPage {
  width: number;
  height: number;
  dpi: number;
  grey: Uint8Array;
}

/** Renders every page of `pdf` at `dpi` in grey. */
export async function renderPdf(pdf: Uint8Array, dpi = 300): Promise<GreyPage[]> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-pages-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    await run('pdftoppm', ['-r', String(dpi), '-gray', '-png', join(dir, 'in.pdf'), join(dir, 'page')], { maxBuffer: 1 << 20 });
    // pdftoppm numbers pages with as many digits as the last page needs: sort by the number.
    const files = (await readdir(dir)).filter((f) => f.endsWith('.png')).sort((a, b) => pageNumber(a) - pageNumber(b));
    const pages: GreyPage[] = [];
    for (const file of files) {
      const png = PNG.sync.read(await readFile(join(dir, file)));
      const grey = new Uint8Array(png.width * png.height);
      for (let i = 0; i < grey.length; i++) grey[i] = png.data[i * 4]!;
      pages.push({ width: png.width, height: png.height, dpi, grey });
    }
    return pages;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const pageNumber = (file: string) => Number(/-(\d+)\.png$/.exec(file)?.[1] ?? 0);

/** The text of `pdf` in the order it was drawn (pdftotext -raw). */
export async function pdfText(pdf: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'pdf-text-'));
  try {
    await writeFile(join(dir, 'in.pdf'), pdf);
    const { stdout } = await run('pdftotext', ['-raw', '-enc', 'UTF-8', join(dir, 'in.pdf'), '-'], { maxBuffer: 64 << 20 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export interface MmBox {
  x_mm: number;
  y_mm: number;
  width_mm: number;
  height_mm: number;
}

/** Pixels darker than `threshold` whose centres lie in none of `boxes` (each grown by `tolerance_mm`). */
export function inkOutside(page: GreyPage, boxes: readonly MmBox[], tolerance_mm: number, threshold = 128): Array<{ x_mm: number; y_mm: number }> {
  const pxPerMm = page.dpi / MM_PER_INCH;
  const allowed = new Uint8Array(page.width * page.height);
  for (const box of boxes) {
    // A pixel is allowed when its centre ((i + 0.5) / pxPerMm) lies in the grown box.
    const x0 = Math.max(0, Math.ceil((box.x_mm - tolerance_mm) * pxPerMm - 0.5));
    const x1 = Math.min(page.width - 1, Math.floor((box.x_mm + box.width_mm + tolerance_mm) * pxPerMm - 0.5));
    const y0 = Math.max(0, Math.ceil((box.y_mm - tolerance_mm) * pxPerMm - 0.5));
    const y1 = Math.min(page.height - 1, Math.floor((box.y_mm + box.height_mm + tolerance_mm) * pxPerMm - 0.5));
    for (let y = y0; y <= y1; y++) allowed.fill(1, y * page.width + x0, y * page.width + x1 + 1);
  }
  const outside: Array<{ x_mm: number; y_mm: number }> = [];
  for (let i = 0; i < page.grey.length; i++)
    if (page.grey[i]! < threshold && !allowed[i])
      outside.push({ x_mm: ((i % page.width) + 0.5) / pxPerMm, y_mm: (Math.floor(i / page.width) + 0.5) / pxPerMm });
  return outside;
}

/** Pixels darker than `threshold` on the page. */
export function darkPixels(page: GreyPage, threshold = 128): number {
  let dark = 0;
  for (const level of page.grey) if (level < threshold) dark += 1;
  return dark;
}

/** A box of the page (grown by `margin_mm`, on white beyond the page) as RGBA pixels, as a camera frame holds them. */
export function cropRgba(page: GreyPage, box: MmBox, margin_mm: number): { data: Uint8ClampedArray; width: number; height: number } {
  const pxPerMm = page.dpi / MM_PER_INCH;
  const x0 = Math.floor((box.x_mm - margin_mm) * pxPerMm);
  const y0 = Math.floor((box.y_mm - margin_mm) * pxPerMm);
  const width = Math.ceil((box.width_mm + 2 * margin_mm) * pxPerMm);
  const height = Math.ceil((box.height_mm + 2 * margin_mm) * pxPerMm);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < height; y++) {
    const py = y0 + y;
    if (py < 0 || py >= page.height) continue;
    for (let x = 0; x < width; x++) {
      const px = x0 + x;
      if (px < 0 || px >= page.width) continue;
      const level = page.grey[py * page.width + px]!;
      const at = (y * width + x) * 4;
      data[at] = level;
      data[at + 1] = level;
      data[at + 2] = level;
    }
  }
  return { data, width, height };
}
