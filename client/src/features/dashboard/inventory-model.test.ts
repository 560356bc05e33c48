import { describe, expect, it } from 'vitest';
import type { InventoryRow } from '../../api/material-types.ts';
import { matchesSearch, stockLevel, visibleInventory } from './inventory-model.ts';

function part(number: string, name: string, nickname: string, onHand: number, extra: Partial<InventoryRow> = {}): InventoryRow {
  return {
    ProjectID: 'p1',
    warehouse_id: null,
    material_id: `m-${number}`,
    PartNumber: number,
    PartName: name,
    StandardName: nickname,
    part_number: number,
    part_name: name,
    part_nickname: nickname,
    MatVendorQty: onHand,
    QtyOnHand: onHand,
    FieldAssigned: 0,
    QtyLost: 0,
    QtyInTransit: 0,
    QtyIncoming: 0,
    LowStockWarning: 15,
    CriticalStockWarning: 0,
    ...extra,
  };
}

describe('stock colouring', () => {
  it('is red at or below zero and at or below the critical threshold', () => {
    expect(stockLevel({ QtyOnHand: 0, LowStockWarning: 15, CriticalStockWarning: 0 })).toBe('critical');
    expect(stockLevel({ QtyOnHand: -2, LowStockWarning: 15, CriticalStockWarning: 0 })).toBe('critical');
    expect(stockLevel({ QtyOnHand: 5, LowStockWarning: 15, CriticalStockWarning: 5 })).toBe('critical');
  });

  it('warns below the low threshold and not at it', () => {
    expect(stockLevel({ QtyOnHand: 6, LowStockWarning: 15, CriticalStockWarning: 5 })).toBe('low');
    expect(stockLevel({ QtyOnHand: 14, LowStockWarning: 15, CriticalStockWarning: 0 })).toBe('low');
    expect(stockLevel({ QtyOnHand: 15, LowStockWarning: 15, CriticalStockWarning: 0 })).toBe('ok');
  });

  it('lets critical win when both thresholds are crossed', () => {
    expect(stockLevel({ QtyOnHand: 3, LowStockWarning: 2, CriticalStockWarning: 3 })).toBe('critical');
  });
});

describe('inventory view', () => {
  const rows = [part('P-10', 'Hex bolt M8', 'Bolt', 40), part('P-2', 'Washer', 'Flat washer', 3), part('C-1', 'Copper cable 2.5mm', '', 120)];

  it('searches number, name and nickname, every word, without case', () => {
    expect(matchesSearch(rows[0]!, 'bolt')).toBe(true);
    expect(matchesSearch(rows[1]!, 'FLAT p-2')).toBe(true);
    expect(matchesSearch(rows[1]!, 'flat bolt')).toBe(false);
    expect(visibleInventory(rows, { search: '  ', sort: null, useNicknames: false })).toHaveLength(3);
  });

  it('sorts part numbers naturally and quantities by value, both ways', () => {
    const numbers = (view: Parameters<typeof visibleInventory>[1]) => visibleInventory(rows, view).map((r) => r.PartNumber);
    expect(numbers({ search: '', sort: { key: 'part_number', direction: 'asc' }, useNicknames: false })).toEqual(['C-1', 'P-2', 'P-10']);
    expect(numbers({ search: '', sort: { key: 'on_hand', direction: 'desc' }, useNicknames: false })).toEqual(['C-1', 'P-10', 'P-2']);
  });

  it('sorts the name column by what it shows: nicknames when they are on, names otherwise', () => {
    const numbers = (useNicknames: boolean) =>
      visibleInventory(rows, { search: '', sort: { key: 'part_name', direction: 'asc' }, useNicknames }).map((r) => r.PartNumber);
    expect(numbers(false)).toEqual(['C-1', 'P-10', 'P-2']);
    // C-1 has no nickname and shows its name.
    expect(numbers(true)).toEqual(['P-10', 'C-1', 'P-2']);
  });
});
