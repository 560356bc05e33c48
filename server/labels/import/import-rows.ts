/**
 * From a parsed file to labels (spec 02 §5, Label import). A preformatted file is labels already:
 * each row's non-blank cells, trimmed, are its lines, except a first row that names the columns
 * (as the person says, or as header-row.ts judges when they have not said). A raw file is a table: its first row names
 * the columns, each later row is a record (`data_points`, values trimmed) formatted by a template's
 * lines with the one formatting function (contract/label-format.ts); without a template a record's
 * non-blank values are its lines as they stand. Blank rows are skipped. Every label is checked
 * against the label limits here, so a job never stops half-way on a line it could have refused first.
 */
import { createHash } from 'node:crypto';
import { formatLabel, type DataRow, type TemplateLineSpec } from '../../../contract/label-format.ts';
import { isStorableText } from '../../../contract/fields.ts';
import { LABEL_LIMITS } from '../../../contract/labels.ts';
import { looksLikeHeader } from './header-row.ts';
import { IMPORT_FILE_MESSAGES, ImportFileError } from './parse-file.ts';

export type ImportType = 'preformatted' | 'raw';

export interface ImportRecord {
  /** The row's number in the file, from 1. */
  rowNumber: number;
  /** Preformatted: the row's non-blank cells, trimmed. */
  cells: string[];
  /** Raw: column name → trimmed value (own properties only, whatever the column is called). */
  data: DataRow | null;
}

/** A preformatted file's first non-blank row: whether it looks like column names, and whether it is left out. */
export interface FirstRow {
  cells: string[];
  looksLikeHeader: boolean;
  skipped: boolean;
}

export interface ImportTable {
  importType: ImportType;
  /** Raw: the header's column names; preformatted: Line 1 … Line N for the most cells in a row. */
  columns: string[];
  records: ImportRecord[];
  /** Preformatted files only (a raw file's first row always names its columns). */
  firstRow: FirstRow | null;
}

// A column so named is how a file tries to reach an object's prototype through its keys.
const RESERVED_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

const clean = (cell: string) => cell.replace(/[\r\n]+/g, ' ').trim();

/**
 * The file's rows as records. `firstRowHeader` is the person's word on a preformatted file's first
 * row (true: leave it out; false: a label); undefined leaves it to the file's look.
 */
export function readTable(rows: readonly string[][], importType: ImportType, firstRowHeader?: boolean): ImportTable {
  if (importType === 'preformatted') {
    const found: ImportRecord[] = [];
    rows.forEach((row, i) => {
      const cells = row.map(clean).filter((cell) => cell !== '');
      if (cells.length > 0) found.push({ rowNumber: i + 1, cells, data: null });
    });
    const first = found[0];
    const looksLike = looksLikeHeader(found);
    const skipped = first !== undefined && (firstRowHeader ?? looksLike);
    const records = skipped ? found.slice(1) : found;
    const widest = records.reduce((most, record) => Math.max(most, record.cells.length), 0);
    return {
      importType,
      columns: Array.from({ length: widest }, (_, i) => `Line ${i + 1}`),
      records,
      firstRow: first ? { cells: first.cells, looksLikeHeader: looksLike, skipped } : null,
    };
  }
  const headerAt = rows.findIndex((row) => row.some((cell) => clean(cell) !== ''));
  const header = rows[headerAt] ?? [];
  const columns: string[] = [];
  const taken = new Set<string>();
  header.forEach((cell, i) => {
    const base = clean(cell) || `Column ${i + 1}`;
    if (RESERVED_NAMES.has(base)) throw new ImportFileError(IMPORT_FILE_MESSAGES.parse(`a column may not be called "${base}"`));
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base} (${n})`;
    taken.add(name);
    columns.push(name.slice(0, LABEL_LIMITS.columnName));
  });
  if (columns.length > LABEL_LIMITS.templateColumns)
    throw new ImportFileError(IMPORT_FILE_MESSAGES.parse(`the file has more than ${LABEL_LIMITS.templateColumns} columns`));
  const records: ImportRecord[] = [];
  for (let i = headerAt + 1; i < rows.length; i += 1) {
    const row = rows[i]!;
    const values = columns.map((_, c) => clean(row[c] ?? ''));
    if (values.every((v) => v === '')) continue;
    records.push({ rowNumber: i + 1, cells: values.filter((v) => v !== ''), data: Object.fromEntries(columns.map((name, c) => [name, values[c]!])) });
  }
  return { importType, columns, records, firstRow: null };
}

/** A label's lines from one record: the template's formatting, or the record's values as they are. */
export function linesOf(record: ImportRecord, template: readonly TemplateLineSpec[] | null): string[] {
  if (record.data && template) return formatLabel(template, record.data, 'import');
  return record.cells;
}

/** The same check the label API applies to a label's lines, naming the file's row. */
export function checkLines(lines: readonly string[], rowNumber: number): void {
  const problem =
    lines.length > LABEL_LIMITS.lines
      ? `has more than ${LABEL_LIMITS.lines} lines`
      : lines.some((line) => line.length > LABEL_LIMITS.line)
        ? `has a line longer than ${LABEL_LIMITS.line} characters`
        : lines.some((line) => !isStorableText(line))
          ? 'contains a character that is not allowed'
          : null;
  if (problem) throw new ImportFileError(IMPORT_FILE_MESSAGES.parse(`row ${rowNumber} ${problem}`));
}

/** Every label of the file, checked; records the template leaves with no text are skipped. */
export function labelLinesOf(table: ImportTable, template: readonly TemplateLineSpec[] | null): string[][] {
  const out: string[][] = [];
  for (const record of table.records) {
    const lines = linesOf(record, template);
    if (!lines.some((line) => line !== '')) continue;
    checkLines(lines, record.rowNumber);
    out.push(lines);
  }
  return out;
}

/**
 * The id of the n-th label of an import, the same every time the job runs: a batch written again
 * would carry the same ids, and an undo knows its labels without a list of them.
 */
export function importLabelId(importId: string, index: number): string {
  const hex = createHash('sha256').update(`${importId}:${index}`).digest('hex');
  // RFC 9562 version 8 (custom) with the RFC variant bits.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
