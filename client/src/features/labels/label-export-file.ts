/**
 * Export of the selected labels (spec 02 §2.12, §7): the server writes the file; only when that
 * fails does the browser build it itself (CSV with a byte-order mark and every cell quoted, or
 * XLSX with a sheet named Labels, columns 50 wide), formula-like text neutralised in both.
 */
import { EXPORT_COLUMN_WIDTH, EXPORT_SHEET_NAME, type ExportFormat, type Label } from '@contract/labels.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
const neutralised = (text: string) => (FORMULA_START.test(text) ? `'${text}` : text);

function rows(labels: readonly Label[]): string[][] {
  const width = Math.max(1, ...labels.map((l) => l.label_lines.length));
  return labels.map((l) => Array.from({ length: width }, (_, i) => neutralised(l.label_lines[i] ?? '')));
}

export function csvText(labels: readonly Label[]): string {
  return `\uFEFF${rows(labels)
    .map((row) => `${row.map((cell) => `"${cell.replace(/"/g, '""')}"`).join(',')}\r\n`)
    .join('')}`;
}

/** The file built in the browser: the fallback when the server's export fails. */
export async function buildFileLocally(labels: readonly Label[], format: ExportFormat): Promise<Blob> {
  if (format === 'csv') return new Blob([csvText(labels)], { type: 'text/csv;charset=utf-8' });
  const XLSX = await import('xlsx');
  const sheet = XLSX.utils.aoa_to_sheet(rows(labels));
  sheet['!cols'] = Array.from({ length: Math.max(1, ...labels.map((l) => l.label_lines.length)) }, () => ({ wch: EXPORT_COLUMN_WIDTH }));
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, EXPORT_SHEET_NAME);
  const bytes = XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer;
  return new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}
