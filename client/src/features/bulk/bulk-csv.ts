/**
 * Bulk CSV on the client: the template, and a preview that marks the rows the server will refuse,
 * by the server's own rules (spec 01 §5 "Bulk CSV"): the exact header, at most 5000 rows, and a
 * row is invalid when its part number is empty, a text is past its limit, its quantity is not a
 * whole number from 1 to 1,000,000,000, or (receive only) its name or nickname is missing. Pure, so tested against those rules.
 */
import { BULK_HEADER_MESSAGE } from '@contract/messages.ts';
import type { BulkAction } from '../../api/material-types.ts';
import { MAX_LENGTH, MAX_QUANTITY, lengthError } from '../../app/field-limits.ts';

export const BULK_HEADER = ['Part Number', 'Part Name', 'Part Nickname', 'Quantity'] as const;
export { BULK_HEADER_MESSAGE };
export const MAX_BULK_ROWS = 5000;
export const TEMPLATE_FILE_NAME = 'bulk_template.csv';
export const BULK_TEMPLATE = `${BULK_HEADER.join(',')}\n`;
export const INVALID_ROW = 'Invalid row';

export function bulkActionOf(value: string | null): BulkAction {
  return value === 'return' ? 'return' : 'receive';
}

/** RFC 4180 records: quoted fields may hold commas, quotes ("") and line breaks; unquoted ones are trimmed. */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let wasQuoted = false;
  let recordQuoted = false;
  let i = 0;
  const endField = () => {
    record.push(wasQuoted ? field : field.trim());
    field = '';
    wasQuoted = false;
  };
  const endRecord = () => {
    endField();
    // Blank lines are skipped, as the server does; a lone "" is a value, not a blank line.
    if (recordQuoted || !(record.length === 1 && record[0] === '')) records.push(record);
    record = [];
    recordQuoted = false;
  };
  while (i < source.length) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else field += char;
      i += 1;
      continue;
    }
    if (char === '"' && field.trim() === '' && !wasQuoted) {
      quoted = true;
      wasQuoted = true;
      recordQuoted = true;
      field = '';
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      endRecord();
      if (char === '\r' && source[i + 1] === '\n') i += 1;
    } else if (!wasQuoted || char.trim() !== '') {
      if (wasQuoted) throw new Error(`Invalid closing quote at record ${records.length + 1}`);
      field += char;
    }
    i += 1;
  }
  if (quoted) throw new Error('Quote not closed at the end of the file');
  if (field !== '' || wasQuoted || record.length > 0) endRecord();
  return records;
}

export interface PreviewRow {
  /** 1 for the first row under the header, as the server numbers them. */
  row: number;
  part_number: string;
  part_name: string;
  part_nickname: string;
  quantity: string;
  valid: boolean;
  /** Why the row is invalid, for the preview; null when valid. */
  problem: string | null;
}

export type BulkPreview = { ok: true; rows: PreviewRow[] } | { ok: false; message: string };

function rowProblem(action: BulkAction, partNumber: string, name: string, nickname: string, quantityText: string): string | null {
  if (partNumber === '') return 'Part number is empty';
  const tooLong =
    lengthError('Part number', MAX_LENGTH.partNumber, partNumber) ??
    lengthError('Part name', MAX_LENGTH.partName, name) ??
    lengthError('Part nickname', MAX_LENGTH.partNickname, nickname);
  if (tooLong) return tooLong;
  const quantity = /^-?\d+(\.\d+)?$/.test(quantityText) ? Number(quantityText) : null;
  if (quantity === null || !Number.isInteger(quantity) || quantity <= 0) return 'Quantity must be a whole number above zero';
  if (quantity > MAX_QUANTITY) return `Quantity must be at most ${MAX_QUANTITY.toLocaleString('en-US')}.`;
  if (action === 'receive' && (name === '' || nickname === '')) return 'Receive needs a part name and a nickname';
  return null;
}

export function previewBulkCsv(text: string, action: BulkAction): BulkPreview {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    return { ok: false, message: `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}` };
  }
  const [header, ...lines] = records;
  if (!header || header.length !== BULK_HEADER.length || header.some((cell, i) => cell !== BULK_HEADER[i])) {
    return { ok: false, message: BULK_HEADER_MESSAGE };
  }
  if (lines.length > MAX_BULK_ROWS) return { ok: false, message: `A bulk file may have at most ${MAX_BULK_ROWS} rows` };
  const rows = lines.map((cells, index) => {
    const [part_number = '', part_name = '', part_nickname = '', quantity = ''] = cells;
    const problem = rowProblem(action, part_number, part_name, part_nickname, quantity);
    return { row: index + 1, part_number, part_name, part_nickname, quantity, valid: problem === null, problem };
  });
  return { ok: true, rows };
}
