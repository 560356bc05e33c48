/**
 * A small ZPL II reader for tests: reads the bytes a printer would receive, splits them into
 * ^XA…^XZ formats and each format into its fields with where they print and how big they are in
 * dots. Extents are computed the way the printer draws: text is its ^FB box × its ^A0 height, a
 * Code 128 is its modules (as bwip-js encodes the data) × ^BY wide and ^BC tall, a QR is its
 * modules at error correction M (as a byte segment where that is larger) × the ^BQ magnification.
 */
import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';

export type ZplFieldKind = 'text' | 'code128' | 'qr';

export interface ZplField {
  kind: ZplFieldKind;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The field's data as a string: ^FH escapes and the UTF-8 bytes decoded (a QR's without its "MA,"). */
  data: string;
}

export interface ZplLabel {
  /** ^PW and ^LL: the label's size in dots. */
  width: number;
  height: number;
  /** ^CI: the character set (28 is UTF-8). */
  charset: number | undefined;
  fields: ZplField[];
}

interface Command {
  name: string;
  params: string;
}

/**
 * The commands of one format. Every ^ starts a command; a literal ^ in data would have to be
 * escaped, which is what the writer's ^FH does, so a stray one shows up here as a broken field.
 */
function commandsOf(format: string): Command[] {
  return format
    .split('^')
    .slice(1)
    .map((chunk) => ({ name: chunk.slice(0, 2).toUpperCase(), params: chunk.slice(2).replace(/[\r\n]+$/, '') }));
}

/** ^FD data (bytes as latin1 chars) with `_XX` escapes when ^FH_ is on, read as UTF-8. */
export function decodeFieldData(raw: string, hexEscape: string | undefined): string {
  const bytes: number[] = [];
  for (let i = 0; i < raw.length; i += 1) {
    const hex = raw.slice(i + 1, i + 3);
    if (hexEscape !== undefined && raw[i] === hexEscape && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(raw.charCodeAt(i) & 0xff);
  }
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(bytes));
}

/** The n-th comma-separated number of a command's parameters (NaN when it is missing). */
const nth = (params: string, n: number) => Number.parseInt(params.split(',')[n] ?? '', 10);

const code128Modules = (value: string) => {
  const [symbol] = bwipjs.raw('code128', value, {}) as Array<{ sbs: number[] }>;
  return (symbol?.sbs ?? []).reduce((sum, w) => sum + w, 0);
};
/**
 * A QR's side in modules at error correction M. The printer's automatic mode (MA) picks its own
 * segments, so the larger of the shortest mix and one byte segment is the side it may print.
 */
const qrModules = (value: string) =>
  Math.max(
    QRCode.create(value, { errorCorrectionLevel: 'M' }).modules.size,
    QRCode.create([{ data: Buffer.from(value, 'utf8'), mode: 'byte' }], { errorCorrectionLevel: 'M' }).modules.size,
  );

function readFormat(format: string): ZplLabel {
  const label: ZplLabel = { width: Number.NaN, height: Number.NaN, charset: undefined, fields: [] };
  // State of the field being built and of the format (^BY carries over to later fields).
  let origin: [number, number] | undefined;
  let font: number | undefined;
  let box: number | undefined;
  let hexEscape: string | undefined;
  let barcode: { kind: 'code128'; height: number } | { kind: 'qr'; magnification: number } | undefined;
  let moduleWidth = 2;
  let data: string | undefined;
  for (const { name, params } of commandsOf(format)) {
    switch (name) {
      case 'PW':
        label.width = nth(params, 0);
        break;
      case 'LL':
        label.height = nth(params, 0);
        break;
      case 'CI':
        label.charset = nth(params, 0);
        break;
      case 'BY':
        moduleWidth = nth(params, 0);
        break;
      case 'FO':
        origin = [nth(params, 0), nth(params, 1)];
        break;
      case 'A0':
        // ^A0N,h,w: the font's orientation is the first character, its height the first number.
        font = nth(params.slice(2), 0);
        break;
      case 'FB':
        box = nth(params, 0);
        break;
      case 'FH':
        hexEscape = params[0] ?? '_';
        break;
      case 'BC':
        barcode = { kind: 'code128', height: nth(params.slice(2), 0) };
        break;
      case 'BQ':
        barcode = { kind: 'qr', magnification: nth(params.slice(2), 1) };
        break;
      case 'FD':
        data = params;
        break;
      case 'FS': {
        if (origin === undefined || data === undefined) throw new Error(`field without ^FO or ^FD in ${format}`);
        const value = decodeFieldData(data, hexEscape);
        const [x, y] = origin;
        if (barcode?.kind === 'code128') {
          label.fields.push({ kind: 'code128', x, y, width: code128Modules(value) * moduleWidth, height: barcode.height, data: value });
        } else if (barcode?.kind === 'qr') {
          if (!value.startsWith('MA,')) throw new Error(`QR data must start with MA, (error correction M): ${value}`);
          const qrValue = value.slice(3);
          const side = qrModules(qrValue) * barcode.magnification;
          label.fields.push({ kind: 'qr', x, y, width: side, height: side, data: qrValue });
        } else {
          if (font === undefined || box === undefined) throw new Error(`text field without ^A0 or ^FB in ${format}`);
          label.fields.push({ kind: 'text', x, y, width: box, height: font, data: value });
        }
        origin = undefined;
        font = undefined;
        box = undefined;
        hexEscape = undefined;
        barcode = undefined;
        data = undefined;
        break;
      }
      default:
        // ^XA, ^XZ, ^LH and anything else: no part of a field.
        break;
    }
  }
  return label;
}

/**
 * The formats of a ZPL job. Give it the bytes the printer receives (a Buffer) to test the
 * encoding too; a string is taken as those bytes' UTF-8.
 */
export function readZpl(zpl: Buffer | string): ZplLabel[] {
  const bytes = typeof zpl === 'string' ? Buffer.from(zpl, 'utf8') : zpl;
  const text = bytes.toString('latin1');
  const formats: ZplLabel[] = [];
  const pattern = /\^XA([\s\S]*?)\^XZ/g;
  let rest = text;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
    formats.push(readFormat(match[1] ?? ''));
    rest = rest.replace(match[0], '');
  }
  if (rest.trim() !== '') throw new Error(`ZPL outside any ^XA…^XZ: ${JSON.stringify(rest.trim().slice(0, 80))}`);
  return formats;
}

/** The fields of a label that do not lie wholly inside its ^PW × ^LL dots. */
export function fieldsOutside(label: ZplLabel): ZplField[] {
  return label.fields.filter((f) => f.x < 0 || f.y < 0 || f.x + f.width > label.width || f.y + f.height > label.height);
}
