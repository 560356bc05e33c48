/**
 * The label fonts: DejaVu Sans for most scripts, Noto Sans SC for what DejaVu lacks (Chinese,
 * Japanese kana and kanji). Text is split into runs by font, and each run is measured exactly as
 * pdfkit lays it out (fontkit's default shaping, word by word at spaces and tabs), so a measured
 * width is the drawn width, in the PDF and in the preview's outlines alike.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import * as fontkit from 'fontkit';

export type FontName = 'sans' | 'cjk';

const FONT_MODULES: Record<FontName, string> = {
  sans: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  cjk: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
};

/** Line box height in ems; the baseline sits where DejaVu's ascent and descent are centred in it. */
export const LINE_HEIGHT_EM = 1.2;
const SANS_ASCENT_EM = 1901 / 2048;
const SANS_DESCENT_EM = 483 / 2048;
export const BASELINE_EM = (LINE_HEIGHT_EM - SANS_ASCENT_EM - SANS_DESCENT_EM) / 2 + SANS_ASCENT_EM;

// Resolved from the running program (not this module's file), so the bundled server in dist-server/
// finds the same node_modules as the sources do.
function resolveModuleFile(specifier: string): string {
  const from = createRequire(process.argv[1] ? resolve(process.argv[1]) : join(process.cwd(), 'index.js'));
  try {
    return from.resolve(specifier);
  } catch {
    return createRequire(join(process.cwd(), 'index.js')).resolve(specifier);
  }
}

const files = new Map<FontName, Buffer>();
const fonts = new Map<FontName, fontkit.Font>();

/** The font file's bytes (read once; pdfkit embeds a subset of them in each PDF). */
export function fontBytes(name: FontName): Buffer {
  let bytes = files.get(name);
  if (!bytes) {
    bytes = readFileSync(resolveModuleFile(FONT_MODULES[name]));
    files.set(name, bytes);
  }
  return bytes;
}

/** The parsed font; Noto Sans SC (10 MB) is only read when a text needs it. */
export function labelFont(name: FontName): fontkit.Font {
  let font = fonts.get(name);
  if (!font) {
    font = fontkit.create(fontBytes(name)) as fontkit.Font;
    fonts.set(name, font);
  }
  return font;
}

// Characters that take no glyph of their own: they stay in the run around them.
const isNeutral = (code: number) =>
  code === 0x20 || (code >= 0x200b && code <= 0x200f) || (code >= 0x2060 && code <= 0x2064) || (code >= 0xfe00 && code <= 0xfe0f) || code === 0xfeff;
const fontOfCodePoint = new Map<number, FontName | null>();

/** The font that draws a character, or null when neither has it. */
export function fontFor(codePoint: number): FontName | null {
  let name = fontOfCodePoint.get(codePoint);
  if (name === undefined) {
    name = labelFont('sans').hasGlyphForCodePoint(codePoint) ? 'sans' : labelFont('cjk').hasGlyphForCodePoint(codePoint) ? 'cjk' : null;
    fontOfCodePoint.set(codePoint, name);
  }
  return name;
}

export interface FontRun {
  font: FontName;
  text: string;
}

/** The text split into runs of one font each; spaces and ignorables join the run they are in. */
export function fontRuns(text: string): FontRun[] {
  const runs: FontRun[] = [];
  let current: FontRun | null = null;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const font: FontName = isNeutral(code) && current ? current.font : (fontFor(code) ?? 'sans');
    if (current && current.font === font) current.text += char;
    else {
      current = { font, text: char };
      runs.push(current);
    }
  }
  return runs;
}

/** The characters neither font can draw (each once, in order). */
export function missingCharacters(text: string): string[] {
  const missing: string[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (isNeutral(code)) continue;
    if (fontFor(code) === null && !missing.includes(char)) missing.push(char);
  }
  return missing;
}

/** pdfkit lays text out word by word, each word with the spaces or tab after it; so do we. */
export function layoutPieces(text: string): string[] {
  const pieces: string[] = [];
  let last = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === ' ' || c === '\t') {
      pieces.push(text.slice(last, i + 1));
      last = i + 1;
    }
  }
  if (last < text.length) pieces.push(text.slice(last));
  return pieces;
}

// Advance widths in ems per piece; bounded so a job of unique serials does not grow it forever.
const WIDTH_CACHE_LIMIT = 50_000;
const widthCache: Record<FontName, Map<string, number>> = { sans: new Map(), cjk: new Map() };

function pieceWidthEm(font: FontName, piece: string): number {
  const cache = widthCache[font];
  let width = cache.get(piece);
  if (width === undefined) {
    const f = labelFont(font);
    width = f.layout(piece).advanceWidth / f.unitsPerEm;
    if (cache.size >= WIDTH_CACHE_LIMIT) cache.clear();
    cache.set(piece, width);
  }
  return width;
}

/** Width of one run at 1 pt, in points (ems). */
export function runWidthEm(run: FontRun): number {
  let width = 0;
  for (const piece of layoutPieces(run.text)) width += pieceWidthEm(run.font, piece);
  return width;
}

/** Width of a text at 1 pt, in points: the sum of its runs as they are drawn. */
export function textWidthEm(text: string): number {
  let width = 0;
  for (const run of fontRuns(text)) width += runWidthEm(run);
  return width;
}

/**
 * One run's glyph outlines as SVG path data, in ems with y down and the origin on the baseline:
 * the preview draws these, placed by the same word-by-word layout the PDF uses.
 */
export function runOutlines(run: FontRun): string[] {
  const f = labelFont(run.font);
  const scale = 1 / f.unitsPerEm;
  const paths: string[] = [];
  let x = 0;
  for (const piece of layoutPieces(run.text)) {
    const laid = f.layout(piece);
    for (let i = 0; i < laid.glyphs.length; i++) {
      const glyph = laid.glyphs[i]!;
      const position = laid.positions[i]!;
      const ox = x + position.xOffset;
      const oy = position.yOffset;
      const outline = glyph.path
        .scale(scale, -scale)
        .translate(ox * scale, -oy * scale)
        .toSVG();
      if (outline) paths.push(outline);
      x += position.xAdvance;
    }
  }
  return paths;
}
