/**
 * Reading a preformatted label file in the browser (spec 02 §5, Label import): .csv or .xlsx; each
 * row's non-blank cells, trimmed, are one label's lines. The file is the user's own and never
 * leaves the browser as a file: the labels are sent as JSON.
 */
import { LABEL_LIMITS, type NewLabel } from '@contract/labels.ts';

export const FILE_MESSAGES = {
  wrongType: 'Please select a CSV or XLSX file',
  empty: 'File is empty',
  parse: (reason: string) => `Failed to parse file: ${reason}`,
  read: 'Failed to read file',
} as const;

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i]!;
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i += 1;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (quoted) throw new Error('a quoted field is not closed');
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** Labels from the rows of a preformatted file; rows with no text are skipped. */
export function preformattedLabels(rows: readonly unknown[][], tags: { system: string; clusterPod: string }): NewLabel[] {
  const labels: NewLabel[] = [];
  for (const row of rows) {
    const lines = row
      .map((cell) =>
        cell === null || cell === undefined
          ? ''
          : String(cell)
              .replace(/[\r\n]+/g, ' ')
              .trim(),
      )
      .filter((cell) => cell !== '')
      .map((cell) => cell.slice(0, LABEL_LIMITS.line))
      .slice(0, LABEL_LIMITS.lines);
    if (lines.length > 0) labels.push({ label_lines: lines, system: tags.system.trim() || undefined, cluster_pod: tags.clusterPod.trim() || undefined });
  }
  return labels;
}

/** The rows of a .csv or .xlsx file, or a message saying why not. */
export async function readLabelFile(file: File): Promise<{ rows: unknown[][] } | { error: string }> {
  const name = file.name.toLowerCase();
  if (!name.endsWith('.csv') && !name.endsWith('.xlsx')) return { error: FILE_MESSAGES.wrongType };
  if (file.size === 0) return { error: FILE_MESSAGES.empty };
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch {
    return { error: FILE_MESSAGES.read };
  }
  try {
    if (name.endsWith('.csv')) {
      const rows = parseCsv(new TextDecoder().decode(bytes));
      return rows.length === 0 ? { error: FILE_MESSAGES.empty } : { rows };
    }
    const XLSX = await import('xlsx');
    const book = XLSX.read(bytes, { type: 'array' });
    const sheet = book.Sheets[book.SheetNames[0] ?? ''];
    const rows = sheet ? (XLSX.utils.sheet_to_json(sheet, { header: 1, defval: '' }) as unknown[][]) : [];
    return rows.length === 0 ? { error: FILE_MESSAGES.empty } : { rows };
  } catch (error) {
    return { error: FILE_MESSAGES.parse(error instanceof Error ? error.message : String(error)) };
  }
}
