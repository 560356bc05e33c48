/**
 * Reads a bulk CSV with the header `Part Number,Part Name,Part Nickname,Quantity` and marks each row
 * valid or not, by the limits of the receive and return forms. bulk-batch.ts applies the valid rows.
 */
import { parse } from 'csv-parse/sync';
import { DomainError } from '../../ledger/errors.ts';

export const BULK_HEADER = ['Part Number', 'Part Name', 'Part Nickname', 'Quantity'] as const;
export const BULK_HEADER_MESSAGE = 'CSV must have headers: Part Number,Part Name,Part Nickname,Quantity';
export const MAX_BULK_ROWS = 5000;
/** The forms' limits: part number 100 characters, names 200, a quantity from 1 to 1,000,000,000. */
const MAX_PART_NUMBER = 100;
const MAX_NAME = 200;
const MAX_QUANTITY = 1_000_000_000;
// NUL cannot be stored in PostgreSQL text. A lone surrogate is not text at all, and the CSV reader
// would silently turn it into U+FFFD, so a file holding one is refused before it is read.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const LONE_SURROGATE_MESSAGE = 'The file is not valid text: it holds a lone surrogate';

export type BulkAction = 'receive' | 'return';

export interface BulkRow {
  row: number;
  part_number: string;
  part_name: string;
  part_nickname: string;
  quantity: number | null;
  valid: boolean;
}

export function parseBulkCsv(text: string, action: BulkAction): BulkRow[] {
  if (LONE_SURROGATE.test(text)) throw new DomainError('VALIDATION', LONE_SURROGATE_MESSAGE);
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw new DomainError('VALIDATION', `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  const [header, ...rows] = records;
  if (!header || header.length !== BULK_HEADER.length || header.some((h, i) => h !== BULK_HEADER[i])) {
    throw new DomainError('VALIDATION', BULK_HEADER_MESSAGE);
  }
  if (rows.length > MAX_BULK_ROWS) throw new DomainError('VALIDATION', `A bulk file may have at most ${MAX_BULK_ROWS} rows`);
  return rows.map((cells, index) => {
    const [partNumber = '', partName = '', partNickname = '', quantityText = ''] = cells;
    const quantity = quantityText === '' || !/^-?\d+(\.\d+)?$/.test(quantityText) ? null : Number(quantityText);
    const fits =
      quantity !== null &&
      quantity <= MAX_QUANTITY &&
      partNumber.length <= MAX_PART_NUMBER &&
      partName.length <= MAX_NAME &&
      partNickname.length <= MAX_NAME &&
      !cells.some((c) => c.includes('\u0000'));
    const valid =
      partNumber !== '' && quantity !== null && Number.isInteger(quantity) && quantity > 0 && (action === 'return' || (partName !== '' && partNickname !== ''));
    return { row: index + 1, part_number: partNumber, part_name: partName, part_nickname: partNickname, quantity, valid: valid && fits };
  });
}
