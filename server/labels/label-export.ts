/**
 * Label export files (spec 02 §9): one row per label, one column per line, no header (each row is
 * a label as a printer reads it). CSV with a byte-order mark and every cell quoted; XLSX with one
 * sheet named `Labels` whose columns are 50 wide. Text a spreadsheet would run as a formula is
 * neutralised with a leading quote in both.
 */
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEET_NAME, type ExportFormat } from '../../contract/labels.ts';
import { csvLine } from '../csv.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

/** The label rows padded to one width, so every row has a cell for every column. */
function rectangular(rows: ReadonlyArray<readonly string[]>): { width: number; rows: string[][] } {
  const width = Math.max(1, ...rows.map((r) => r.length));
  return { width, rows: rows.map((r) => Array.from({ length: width }, (_, i) => r[i] ?? '')) };
}

export function labelsCsv(rows: ReadonlyArray<readonly string[]>): Buffer {
  const { rows: cells } = rectangular(rows);
  // csvLine quotes every cell and neutralises formula-like text.
  let text = '\uFEFF';
  for (const row of cells) text += csvLine(row);
  return Buffer.from(text, 'utf8');
}

/** The spreadsheet library loads on the first XLSX export: a quarter second off every start. */
export async function labelsXlsx(rows: ReadonlyArray<readonly string[]>): Promise<Buffer> {
  const { default: XLSX } = await import('xlsx');
  const { width, rows: cells } = rectangular(rows);
  const sheet = XLSX.utils.aoa_to_sheet(cells.map((row) => row.map(neutralised)));
  sheet['!cols'] = Array.from({ length: width }, () => ({ wch: EXPORT_COLUMN_WIDTH }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXPORT_SHEET_NAME);
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export async function labelsFile(format: ExportFormat, rows: ReadonlyArray<readonly string[]>): Promise<Buffer> {
  return format === 'xlsx' ? labelsXlsx(rows) : labelsCsv(rows);
}
