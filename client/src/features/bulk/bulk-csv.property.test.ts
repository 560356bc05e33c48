import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseCsv } from './bulk-csv.ts';

// Cells as people write them: plain text, padding, commas, quotes and line breaks (quoted as needed).
const cell = fc.string({ unit: fc.constantFrom('a', 'B', '7', ' ', ',', '"', '\n', '-', '.'), maxLength: 6 });

function writeCell(value: string, quoteAlways: boolean): string {
  return quoteAlways || /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

describe('bulk csv parsing', () => {
  it('reads files exactly as the server does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        (rows, quoteAlways, newline) => {
          const text = rows.map((r) => r.map((c) => writeCell(c, quoteAlways)).join(',')).join(newline) + newline;
          const server = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
          expect(parseCsv(text)).toEqual(server);
        },
      ),
      { numRuns: 400 },
    );
  });
});
