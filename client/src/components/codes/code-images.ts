/**
 * The codes the product prints, as pure functions that return the code's text and an SVG drawing
 * of it: a part number as Code 128 (what handheld scanners read best on a shelf edge), a warehouse
 * location as a QR of its LOC: code. A label-printing page lays these out; screens show them.
 */
import { locationCode, type LocationPlace } from '@contract/scan-code.ts';
import QRCode from 'qrcode';

export interface CodeImage {
  /** What a scanner reads back. */
  text: string;
  /** The drawing, black on white with the quiet zone scanners need. */
  svg: string;
}

export const CODE_MESSAGES = {
  notCode128: 'This part number has characters Code 128 cannot carry, so it has no barcode.',
} as const;

/** Code 128 holds ASCII; anything else cannot be drawn faithfully. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range is what Code 128 carries
const CODE128_TEXT = /^[\u0000-\u007f]+$/;

/** A part number as Code 128, with the number printed under the bars. Rejects what Code 128 cannot carry. */
export async function partBarcode(partNumber: string): Promise<CodeImage> {
  const text = partNumber.trim();
  if (!text || !CODE128_TEXT.test(text)) throw new Error(CODE_MESSAGES.notCode128);
  // Loaded on first use: the encoder is large and only code screens need it.
  const { code128, drawingSVG } = await import('bwip-js/browser');
  const svg = code128(
    { bcid: 'code128', text, scale: 2, height: 12, includetext: true, textxalign: 'center', paddingwidth: 10, paddingheight: 4, backgroundcolor: 'FFFFFF' },
    drawingSVG(),
  );
  return { text, svg };
}

/** Any text as a QR; error correction M survives a scuffed label. */
export async function qrImage(text: string): Promise<CodeImage> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { text, svg };
}

/** A warehouse location's QR: LOC:<warehouse number>:<rack>|<shelf>|<bin>|<zone>. */
export const locationQr = (warehouseNum: number, place: LocationPlace): Promise<CodeImage> => qrImage(locationCode(warehouseNum, place));

/** An SVG as an image address, for an <img> on the screen or in a print window. */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
