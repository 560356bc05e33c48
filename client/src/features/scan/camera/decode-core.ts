/**
 * Pixels in, codes out: the one decoding step the camera's worker runs and the unit tests run in
 * Node. It reads with ZXing (zxing-wasm's reader build); whoever calls it has loaded the module
 * first, the worker from the bundled .wasm file, Node from the package's file.
 */
import { readBarcodes, type ReaderOptions, type ReadInputBarcodeFormat } from 'zxing-wasm/reader';

/** RGBA pixels, as ImageData holds them (a plain object in Node). */
export interface Pixels {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

export interface DecodedCode {
  text: string;
  /** ZXing's name of the symbology: "QRCode", "DataMatrix", "Code128", "EAN13", … */
  format: string;
}

/**
 * What the product prints (QR, Code 128), what a manufacturer or a shop puts on a box (Data Matrix,
 * Code 39, EAN/UPC), and the other common industrial codes, which cost nothing to look for.
 */
export const READ_FORMATS: ReadInputBarcodeFormat[] = [
  'QRCode',
  'MicroQRCode',
  'DataMatrix',
  'Aztec',
  'PDF417',
  'Code128',
  'Code39',
  'Code93',
  'Codabar',
  'ITF',
  'EAN13',
  'EAN8',
  'UPCA',
  'UPCE',
];

export const READER_OPTIONS: ReaderOptions = {
  formats: READ_FORMATS,
  // Thorough on each frame: a blurred or tilted Code 128 is missed without it.
  tryHarder: true,
  tryRotate: true,
  // The read loop already shrinks frames to 1280 pixels; a second, smaller pass and a search for
  // light-on-dark codes (labels are printed dark on light) each cost about a quarter more on the
  // frames with no code, most frames, and read nothing the tests lacked.
  tryDownscale: false,
  tryInvert: false,
  // A camera frame holds one label at a time; stopping at the first saves the rest of the search.
  maxNumberOfSymbols: 1,
};

/** The codes found in one picture (none is an ordinary answer: most frames hold no code). */
export async function decodePixels(pixels: Pixels, options: ReaderOptions = READER_OPTIONS): Promise<DecodedCode[]> {
  const results = await readBarcodes(pixels as ImageData, options);
  return results.filter((result) => result.isValid && result.text !== '').map((result) => ({ text: result.text, format: result.format }));
}
