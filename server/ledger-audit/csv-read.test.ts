import { describe, expect, it } from 'vitest';
import { csvLine } from '../csv.ts';
import { parseCsv } from './csv-read.ts';

describe('reading the CSV the server writes', () => {
  it('gives back every cell, quotes, commas, line breaks and formula guards included', () => {
    const rows = [
      ['Position', 'Note', 'Amount'],
      [1, 'plain', 5],
      [2, 'a "quoted" word, and a comma', -3],
      [3, 'two\r\nlines', null],
      [4, '=SUM(A1)', 0],
    ];
    const text = `\uFEFF${rows.map(csvLine).join('')}`;
    expect(parseCsv(text)).toEqual([
      ['Position', 'Note', 'Amount'],
      ['1', 'plain', '5'],
      ['2', 'a "quoted" word, and a comma', '-3'],
      ['3', 'two\r\nlines', ''],
      ['4', "'=SUM(A1)", '0'],
    ]);
  });
});
