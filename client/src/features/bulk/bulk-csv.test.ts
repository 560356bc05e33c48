import { describe, expect, it } from 'vitest';
import { BULK_HEADER_MESSAGE, BULK_TEMPLATE, bulkActionOf, parseCsv, previewBulkCsv } from './bulk-csv.ts';

const HEADER = 'Part Number,Part Name,Part Nickname,Quantity';

describe('bulk template and action', () => {
  it('is the exact header the server asks for', () => {
    expect(BULK_TEMPLATE).toBe(`${HEADER}\n`);
    expect(previewBulkCsv(BULK_TEMPLATE, 'receive')).toEqual({ ok: true, rows: [] });
  });

  it('defaults the action to receive', () => {
    expect(bulkActionOf(null)).toBe('receive');
    expect(bulkActionOf('bogus')).toBe('receive');
    expect(bulkActionOf('return')).toBe('return');
  });
});

describe('csv parsing', () => {
  it('reads quotes, escaped quotes, commas and line breaks inside quotes, CRLF, a BOM and blank lines', () => {
    const text = '\uFEFFa, b ,"c, d"\r\n\r\n"say ""hi""","two\nlines", x \n';
    expect(parseCsv(text)).toEqual([
      ['a', 'b', 'c, d'],
      ['say "hi"', 'two\nlines', 'x'],
    ]);
  });

  it('refuses an unclosed quote', () => {
    expect(() => parseCsv('"a,b\n')).toThrow();
    expect(previewBulkCsv('"Part Number,x\n', 'receive')).toMatchObject({ ok: false });
  });
});

describe('bulk preview', () => {
  it('requires the exact header', () => {
    expect(previewBulkCsv('Part,Name,Nick,Qty\nP-1,a,b,1\n', 'receive')).toEqual({ ok: false, message: BULK_HEADER_MESSAGE });
    expect(previewBulkCsv(`${HEADER},Extra\n`, 'receive')).toEqual({ ok: false, message: BULK_HEADER_MESSAGE });
    expect(previewBulkCsv('', 'return')).toEqual({ ok: false, message: BULK_HEADER_MESSAGE });
  });

  it('marks the rows the server will refuse, numbered from the first data row', () => {
    const text = [HEADER, 'P-1,Bolt,B,5', ',Nut,N,1', 'P-3,Washer,W,0', 'P-4,Screw,S,abc', 'P-5,Pin,,2', 'P-6,Pin,P,1.5', 'P-7,Cap,C,-1'].join('\n');
    const preview = previewBulkCsv(text, 'receive');
    expect(preview.ok).toBe(true);
    if (!preview.ok) return;
    expect(preview.rows.map((r) => [r.row, r.valid])).toEqual([
      [1, true],
      [2, false],
      [3, false],
      [4, false],
      [5, false],
      [6, false],
      [7, false],
    ]);
    expect(preview.rows[1]?.problem).toBe('Part number is empty');
    expect(preview.rows[4]?.problem).toBe('Receive needs a part name and a nickname');
  });

  it('marks a row past the limits invalid, saying which text is too long', () => {
    const preview = previewBulkCsv(`${HEADER}\nP-1,${'x'.repeat(5000)},Nick,4\nP-2,Name,Nick,99999999999\n`, 'receive');
    expect(preview.ok && preview.rows.map((r) => [r.valid, r.problem])).toEqual([
      [false, 'Part name is too long (at most 200 characters).'],
      [false, 'Quantity must be at most 1,000,000,000.'],
    ]);
  });

  it('does not need names to return', () => {
    const preview = previewBulkCsv(`${HEADER}\nP-1,,,3\n`, 'return');
    expect(preview).toEqual({
      ok: true,
      rows: [{ row: 1, part_number: 'P-1', part_name: '', part_nickname: '', quantity: '3', valid: true, problem: null }],
    });
  });

  it('refuses more than 5000 rows', () => {
    const text = [HEADER, ...Array.from({ length: 5001 }, (_, i) => `P-${i},a,b,1`)].join('\n');
    expect(previewBulkCsv(text, 'receive')).toEqual({ ok: false, message: 'A bulk file may have at most 5000 rows' });
  });
});
