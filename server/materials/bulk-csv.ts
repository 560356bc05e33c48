/**
 * Reads a bulk CSV with the header `Part Number,Part Name,Part Nickname,Quantity` and marks each row
 * valid or not, by the limits of the receive and return forms. bulk-batch.ts applies the valid rows.
 */
import { parse } from 'csv-parse/sync';
import { isStorableText, notAllowedMessage } from '../../contract/fields.ts';
import { MAX_LENGTH, MAX_QUANTITY } from '../../contract/limits.ts';
import { BULK_HEADER_MESSAGE } from '../../contract/messages.ts';
import type { BulkAction } from '../../contract/materials.ts';
import { FieldError } from '../field-error.ts';

export const BULK_HEADER = ['Part Number', 'Part Name', 'Part Nickname', 'Quantity'] as const;
export const MAX_BULK_ROWS = 5000;

export interface BulkRow {
  row: number;
  part_number: string;
  part_name: string;
  part_nickname: string;
  quantity: number | null;
  valid: boolean;
}

/** The file's first cell that cannot be stored (a NUL or a lone surrogate), named by row and column. */
function refuseUnstorable(rows: string[][]): void {
  for (const [index, cells] of rows.entries()) {
    for (const [column, cell] of cells.entries()) {
      if (!isStorableText(cell)) throw new FieldError('csv', `Row ${index + 1}: ${notAllowedMessage(BULK_HEADER[column] ?? `Column ${column + 1}`)}`);
    }
  }
}

export function parseBulkCsv(text: string, action: BulkAction): BulkRow[] {
  // The parser reads the text as UTF-8 bytes, which would quietly turn a lone surrogate into U+FFFD:
  // look for one in the raw lines first (a file sent inside JSON can carry one).
  if (!isStorableText(text))
    refuseUnstorable(
      text
        .split(/\r?\n/)
        .slice(1)
        .map((line) => line.split(',')),
    );
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    throw new FieldError('csv', `The file is not valid CSV: ${error instanceof Error ? error.message : 'unreadable'}`);
  }
  const [header, ...rows] = records;
  if (!header || header.length !== BULK_HEADER.length || header.some((h, i) => h !== BULK_HEADER[i])) {
    throw new FieldError('csv', BULK_HEADER_MESSAGE);
  }
  if (rows.length > MAX_BULK_ROWS) throw new FieldError('csv', `A bulk file may have at most ${MAX_BULK_ROWS} rows`);
  // A NUL cannot be stored at all: the whole file is refused, naming the cell.
  refuseUnstorable(rows);
  return rows.map((cells, index) => {
    const [partNumber = '', partName = '', partNickname = '', quantityText = ''] = cells;
    const quantity = quantityText === '' || !/^-?\d+(\.\d+)?$/.test(quantityText) ? null : Number(quantityText);
    // The same limits as the forms: a row past them is an invalid row, like a blank part number.
    const withinLimits = partNumber.length <= MAX_LENGTH.partNumber && partName.length <= MAX_LENGTH.partName && partNickname.length <= MAX_LENGTH.partNickname;
    const valid =
      withinLimits &&
      partNumber !== '' &&
      quantity !== null &&
      Number.isInteger(quantity) &&
      quantity > 0 &&
      quantity <= MAX_QUANTITY &&
      (action === 'return' || (partName !== '' && partNickname !== ''));
    return { row: index + 1, part_number: partNumber, part_name: partName, part_nickname: partNickname, quantity, valid };
  });
}
