import { describe, expect, it } from 'vitest';
import { BULK_TEMPLATE, bulkActionOf } from './bulk-csv.ts';

describe('bulk template and action', () => {
  it('is the exact header the server asks for', () => {
    expect(BULK_TEMPLATE).toBe('Part Number,Part Name,Part Nickname,Quantity\n');
  });

  it('defaults the action to receive', () => {
    expect(bulkActionOf(null)).toBe('receive');
    expect(bulkActionOf('bogus')).toBe('receive');
    expect(bulkActionOf('return')).toBe('return');
  });
});
