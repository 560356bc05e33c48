/**
 * The codes a label carries, encoded once and drawn as vector modules: Code 128 as bar widths in
 * modules (bwip-js), QR as a module matrix with error correction M (the qrcode package, the encoder
 * the asset screen's QR uses; bwip-js's QR takes about 4 ms a symbol, too slow for 10,000 labels).
 * Module sizes: on a sheet as large as fits between the smallest that scans and a sensible largest;
 * on a thermal roll a whole number of printer dots, never under two.
 */
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { MM_PER_INCH, type Medium } from '../../contract/label-media.ts';
import { withBestMask } from './qr-mask.ts';

export const CODE128_QUIET_MODULES = 10;
export const MODULE_LIMITS_MM = {
  code128: { min: 0.19, max: 0.5 },
  qr: { min: 0.25, max: 1 },
} as const;
/** A thermal module is at least this many dots (QR modules also at least MODULE_LIMITS_MM.qr.min). */
export const MIN_MODULE_DOTS = 2;
/** ZPL's ^BY and ^BQ take at most 10 dots a module, so a roll's preview never shows a larger one than prints. */
export const MAX_MODULE_DOTS = 10;

export interface Code128Symbol {
  modules: number;
  bars: Array<[number, number]>;
}

export interface QrSymbol {
  size: number;
  dark: Uint8Array;
}

/** Code 128 bars as [start, width] in modules; null when the value is empty or not ASCII. */
export function encodeCode128(value: string): Code128Symbol | null {
  // ASCII only: bwip-js would write other characters as bytes that scanners read back as other text.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range is all of ASCII
  if (value === '' || !/^[\u0000-\u007f]+$/.test(value)) return null;
  let sbs: number[];
  try {
    const [first] = bwipjs.raw({ bcid: 'code128', text: value }) as Array<{ sbs?: number[] }>;
    if (!first?.sbs) return null;
    sbs = first.sbs;
  } catch {
    return null;
  }
  const bars: Array<[number, number]> = [];
  let at = 0;
  sbs.forEach((width, i) => {
    // sbs alternates bar, space, bar… from the first bar.
    if (i % 2 === 0) bars.push([at, width]);
    at += width;
  });
  return { modules: at, bars };
}

const ALPHANUMERIC = /^[0-9A-Z $%*+\-./:]*$/;

/** How the qrcode package is asked for a value: alphanumeric text as it likes, anything else as one byte segment. */
export function qrSegments(value: string): string | Array<{ data: Buffer; mode: 'byte' }> {
  // Text beyond QR's alphanumeric set (any lower case: links, ids) is one byte segment; the
  // package's search for the shortest mix of segments costs more than the rest of the encoding.
  return ALPHANUMERIC.test(value) ? value : [{ data: Buffer.from(value, 'utf8'), mode: 'byte' }];
}

/** A QR with error correction M and the standard's best mask; null when the value is too long for any QR version. */
export function encodeQr(value: string): QrSymbol | null {
  try {
    const qr = QRCode.create(qrSegments(value), { errorCorrectionLevel: 'M', maskPattern: 0 });
    const modules = qr.modules as typeof qr.modules & { reservedBit: Uint8Array };
    return { size: modules.size, dark: withBestMask(Uint8Array.from(modules.data), modules.reservedBit, modules.size) };
  } catch {
    return null;
  }
}

/** The printer's dot in mm, for a roll; null for a sheet. */
export const dotMm = (medium: Medium): number | null => (medium.kind === 'roll' ? MM_PER_INCH / medium.dpi : null);

/**
 * The fewest dots a module takes on a roll: two (the printer's own smallest bar), and for a QR also
 * the sheet's smallest, since a phone camera does not read QR modules much under a quarter millimetre.
 */
function minDots(dot: number, symbology: 'qr' | 'code128'): number {
  return symbology === 'qr' ? Math.max(MIN_MODULE_DOTS, Math.ceil(MODULE_LIMITS_MM.qr.min / dot - 1e-9)) : MIN_MODULE_DOTS;
}

/**
 * The module size for a code that may take `room_mm` for `modules` modules: the largest allowed,
 * whole dots on a roll; null when even the smallest does not fit.
 */
export function moduleSize(medium: Medium, symbology: 'qr' | 'code128', roomMm: number, modules: number): number | null {
  const limits = MODULE_LIMITS_MM[symbology];
  const dot = dotMm(medium);
  const largest = Math.min(limits.max, roomMm / modules);
  if (dot === null) return largest >= limits.min ? largest : null;
  const dots = Math.min(MAX_MODULE_DOTS, Math.floor(largest / dot + 1e-9));
  return dots >= minDots(dot, symbology) ? dots * dot : null;
}

/** Runs of dark modules per row, merged into rectangles [column, row, width] in modules. */
export function qrRuns(size: number, dark: Uint8Array): Array<[number, number, number]> {
  const runs: Array<[number, number, number]> = [];
  for (let row = 0; row < size; row++) {
    let column = 0;
    while (column < size) {
      if (!dark[row * size + column]) {
        column++;
        continue;
      }
      const start = column;
      while (column < size && dark[row * size + column]) column++;
      runs.push([start, row, column - start]);
    }
  }
  return runs;
}

/** The smallest module a code may have on this medium, in mm. */
export const smallestModuleMm = (medium: Medium, symbology: 'qr' | 'code128') => {
  const dot = dotMm(medium);
  return dot === null ? MODULE_LIMITS_MM[symbology].min : minDots(dot, symbology) * dot;
};
