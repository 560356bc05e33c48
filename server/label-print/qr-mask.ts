/**
 * The QR standard's mask choice (the lowest penalty of the eight patterns, scored as the qrcode
 * package scores them) on flat arrays. The package's own search costs about 0.3 ms a symbol through
 * per-module method calls, more than the rest of a label; this gives the identical symbol in a
 * fraction of that, from the package's symbol built with mask 0.
 */

/** Whether mask `pattern` flips the module at row i, column j (ISO/IEC 18004 table 10). */
function flips(pattern: number, i: number, j: number): boolean {
  switch (pattern) {
    case 0:
      return (i + j) % 2 === 0;
    case 1:
      return i % 2 === 0;
    case 2:
      return j % 3 === 0;
    case 3:
      return (i + j) % 3 === 0;
    case 4:
      return (Math.floor(i / 2) + Math.floor(j / 3)) % 2 === 0;
    case 5:
      return ((i * j) % 2) + ((i * j) % 3) === 0;
    case 6:
      return (((i * j) % 2) + ((i * j) % 3)) % 2 === 0;
    default:
      return (((i * j) % 3) + ((i + j) % 2)) % 2 === 0;
  }
}

const bchDigit = (value: number) => (value === 0 ? 0 : 32 - Math.clz32(value));
const G15 = (1 << 10) | (1 << 8) | (1 << 5) | (1 << 4) | (1 << 2) | (1 << 1) | 1;
const G15_MASK = (1 << 14) | (1 << 12) | (1 << 10) | (1 << 4) | (1 << 1);

/** The 15 format bits for error correction M (level bits 00) and a mask pattern. */
export function formatBitsM(mask: number): number {
  const data = mask;
  let d = data << 10;
  while (bchDigit(d) - bchDigit(G15) >= 0) d ^= G15 << (bchDigit(d) - bchDigit(G15));
  return ((data << 10) | d) ^ G15_MASK;
}

const FORMAT_BITS_M = Array.from({ length: 8 }, (_, mask) => formatBitsM(mask));

/** Writes the format bits where the qrcode package writes them (and its fixed dark module). */
function writeFormat(m: Uint8Array, size: number, bits: number): void {
  for (let i = 0; i < 15; i++) {
    const bit = (bits >> i) & 1;
    const row = i < 6 ? i : i < 8 ? i + 1 : size - 15 + i;
    m[row * size + 8] = bit;
    const col = i < 8 ? size - i - 1 : i < 9 ? 15 - i : 15 - i - 1;
    m[8 * size + col] = bit;
  }
  m[(size - 8) * size + 8] = 1;
}

/** The penalty N1 + N2 + N3 + N4 exactly as the qrcode package counts it. */
export function penalty(m: Uint8Array, size: number): number {
  let points = 0;
  for (let row = 0; row < size; row++) {
    let sameCol = 0;
    let sameRow = 0;
    let lastCol = -1;
    let lastRow = -1;
    let bitsCol = 0;
    let bitsRow = 0;
    for (let col = 0; col < size; col++) {
      const a = m[row * size + col]!;
      if (a === lastCol) sameCol++;
      else {
        if (sameCol >= 5) points += 3 + (sameCol - 5);
        lastCol = a;
        sameCol = 1;
      }
      const b = m[col * size + row]!;
      if (b === lastRow) sameRow++;
      else {
        if (sameRow >= 5) points += 3 + (sameRow - 5);
        lastRow = b;
        sameRow = 1;
      }
      bitsCol = ((bitsCol << 1) & 0x7ff) | a;
      if (col >= 10 && (bitsCol === 0x5d0 || bitsCol === 0x05d)) points += 40;
      bitsRow = ((bitsRow << 1) & 0x7ff) | b;
      if (col >= 10 && (bitsRow === 0x5d0 || bitsRow === 0x05d)) points += 40;
    }
    if (sameCol >= 5) points += 3 + (sameCol - 5);
    if (sameRow >= 5) points += 3 + (sameRow - 5);
  }
  let blocks = 0;
  for (let row = 0; row < size - 1; row++)
    for (let col = 0; col < size - 1; col++) {
      const at = row * size + col;
      const sum = m[at]! + m[at + 1]! + m[at + size]! + m[at + size + 1]!;
      if (sum === 4 || sum === 0) blocks++;
    }
  points += blocks * 3;
  let dark = 0;
  for (let i = 0; i < m.length; i++) dark += m[i]!;
  points += Math.abs(Math.ceil((dark * 100) / m.length / 5) - 10) * 10;
  return points;
}

// Per symbol size: each pattern's flips on the data modules (the function modules are the same for
// every symbol of one version, so of one size).
const flipsBySize = new Map<number, Uint8Array[]>();

function patternFlips(reserved: Uint8Array, size: number): Uint8Array[] {
  let patterns = flipsBySize.get(size);
  if (!patterns) {
    patterns = Array.from({ length: 8 }, (_, pattern) => {
      const flip = new Uint8Array(size * size);
      for (let row = 0; row < size; row++)
        for (let col = 0; col < size; col++) if (!reserved[row * size + col] && flips(pattern, row, col)) flip[row * size + col] = 1;
      return flip;
    });
    flipsBySize.set(size, patterns);
  }
  return patterns;
}

/**
 * The symbol with its best mask, from the same symbol built with mask 0 and the map of function
 * modules (finder, timing, alignment, format and version: the modules no mask touches).
 */
export function withBestMask(masked0: Uint8Array, reserved: Uint8Array, size: number): Uint8Array {
  const patterns = patternFlips(reserved, size);
  const length = size * size;
  const base = new Uint8Array(length);
  const zero = patterns[0]!;
  for (let i = 0; i < length; i++) base[i] = masked0[i]! ^ zero[i]!;
  let best = masked0;
  let lowest = Number.POSITIVE_INFINITY;
  const candidate = new Uint8Array(length);
  for (let pattern = 0; pattern < 8; pattern++) {
    const flip = patterns[pattern]!;
    for (let i = 0; i < length; i++) candidate[i] = base[i]! ^ flip[i]!;
    writeFormat(candidate, size, FORMAT_BITS_M[pattern]!);
    const score = penalty(candidate, size);
    if (score < lowest) {
      lowest = score;
      best = Uint8Array.from(candidate);
    }
  }
  return best;
}
