import { describe, expect, it } from 'vitest';
import { isColumnName, looksLikeHeader } from './header-row.ts';

const data = [
  ['CAB-0001', 'Rack 1', 'Port 1'],
  ['CAB-0002', 'Rack 1', 'Port 2'],
];
/** The file's rows as records, the first row given. */
const file = (first: string[], rest: string[][]) => [first, ...rest].map((cells) => ({ cells }));

describe('a header row of a preformatted file', () => {
  it('is a row of numbered column names or label field names', () => {
    for (const name of [
      'Line1',
      'Line 2',
      'line_3',
      'LINE-4',
      'Column 1',
      'col5',
      'Field 2',
      'Label 1',
      'Label',
      'System',
      'Cluster/Pod',
      'cluster_pod',
      'Text',
    ])
      expect(isColumnName(name), name).toBe(true);
    for (const label of ['CAB-0001', 'Rack 1', 'Port 1', 'Line card 3', 'Linear 2', 'Line 12345', 'System A']) expect(isColumnName(label), label).toBe(false);
  });

  it('stands apart from the rows after it', () => {
    expect(looksLikeHeader(file(['Line1', 'Line2', 'Line3'], data))).toBe(true);
    expect(looksLikeHeader(file(['Label', 'System', 'Cluster/Pod'], data))).toBe(true);
    expect(looksLikeHeader(file(['CAB-0000', 'Rack 0', 'Port 0'], data))).toBe(false);
    // One cell that is not a name makes the row a label.
    expect(looksLikeHeader(file(['Line1', 'Rack 9'], data))).toBe(false);
  });

  it('is not taken from a file made only of such rows, nor from a file of one row', () => {
    expect(looksLikeHeader(file(['Line 1'], [['Line 2'], ['Line 3']]))).toBe(false);
    expect(looksLikeHeader(file(['Line1', 'Line2'], []))).toBe(false);
    expect(looksLikeHeader(file([], data))).toBe(false);
  });
});
