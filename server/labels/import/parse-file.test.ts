/**
 * The XLSX reader gives each sheet row as the spreadsheet shows it: formatted text of numbers,
 * booleans and dates, '' for a gap, a blank row kept as an empty one (the row numbers of errors must match the sheet).
 */
import XLSX from 'xlsx';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARSE_LIMITS, parseImportFile, ParseTimeoutError } from './parse-file.ts';

function workbook(sheet: XLSX.WorkSheet): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Sheet1');
  return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer;
}

describe('parseImportFile, XLSX', () => {
  it('reads text, numbers, booleans, gaps and blank rows as the sheet shows them', async () => {
    const sheet = XLSX.utils.aoa_to_sheet([['Rack', 'Port', 'Up'], ['R1', 12, true], [], ['R3', null, false], ['R4', 3.5]]);
    expect(await parseImportFile(workbook(sheet), 'xlsx')).toEqual([['Rack', 'Port', 'Up'], ['R1', '12', 'TRUE'], [], ['R3', '', 'FALSE'], ['R4', '3.5', '']]);
  });
});

describe('parseImportFile, time limit', () => {
  it('ends a parse that runs past its time, naming the file, and the next parse runs', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => [`R${i}`, String(i)]);
    const file = workbook(XLSX.utils.aoa_to_sheet(rows));
    const slow = parseImportFile(file, 'xlsx', { limits: { ...DEFAULT_PARSE_LIMITS, timeoutMs: 1 }, fileName: 'racks.xlsx' });
    await expect(slow).rejects.toBeInstanceOf(ParseTimeoutError);
    await expect(slow).rejects.toThrow(
      'Failed to parse file: racks.xlsx took longer than 1 ms to read and was stopped. Save it as CSV or split it into smaller files.',
    );
    expect(await parseImportFile(file, 'xlsx', { fileName: 'racks.xlsx' })).toHaveLength(5000);
  });
});
