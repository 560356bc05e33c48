import { describe, expect, it } from 'vitest';
import { logTypeColor } from '../../components/log-colors.ts';
import { EMPTY_LOCATION, hasPlace, locationBody, locationLabel, samePlace } from './location.ts';
import { EMPTY_MOVE, moveErrors } from './move-rules.ts';
import { movePath } from './warehouse-log-table.tsx';
import { boltRow } from './warehouse-fixtures.ts';
import { warehouseFormErrors } from './warehouse-form.ts';
import { visibleWarehouseStock, warehouseStockLevel } from './warehouse-stock-model.ts';

describe('warehouse locations', () => {
  it('read rack, shelf, bin and zone in that order, and "No location" when none is set', () => {
    expect(locationLabel({ zone: 'North', rack: 'A', shelf: '2' })).toBe('Rack A · Shelf 2 · Zone North');
    expect(locationLabel({ rack: '  ' })).toBe('No location');
  });

  it('are sent trimmed, without blank fields, and need one naming field (notes name no place)', () => {
    const typed = { ...EMPTY_LOCATION, rack: ' A ', notes: ' by the door ' };
    expect(locationBody(typed)).toEqual({ rack: 'A', notes: 'by the door' });
    expect(hasPlace({ ...EMPTY_LOCATION, notes: 'x' })).toBe(false);
    expect(hasPlace(typed)).toBe(true);
  });

  it('are the same place without regard to case or spaces', () => {
    expect(samePlace({ rack: 'A', shelf: '2' }, { rack: ' a', shelf: '2', bin: '' })).toBe(true);
    expect(samePlace({ rack: 'A' }, { rack: 'A', shelf: '2' })).toBe(false);
  });
});

describe('warehouse stock', () => {
  it('is coloured as on the dashboard: red at or below critical, yellow below the warning limit', () => {
    expect(warehouseStockLevel({ qty_on_hand: 0, warning_stock_limit: 15, critical_stock_limit: 0 })).toBe('critical');
    expect(warehouseStockLevel({ qty_on_hand: 10, warning_stock_limit: 15, critical_stock_limit: 0 })).toBe('low');
    expect(warehouseStockLevel({ qty_on_hand: 30, warning_stock_limit: 15, critical_stock_limit: 0 })).toBe('ok');
  });

  it('is searched by part, names and location', () => {
    expect(visibleWarehouseStock([boltRow], 'bolt rack b')).toHaveLength(1);
    expect(visibleWarehouseStock([boltRow], 'zone')).toHaveLength(0);
  });
});

describe('warehouse logs', () => {
  it('name both sides of a move, or the one side a row has', () => {
    expect(movePath({ location_a: '#1 · North Yard', location_b: '3001 · Riverside Depot' })).toBe('#1 · North Yard → 3001 · Riverside Depot');
    expect(movePath({ location_a: null, location_b: 'Rack A' })).toBe('Rack A');
    expect(movePath({ location_a: null, location_b: null })).toBe('—');
  });

  it('colour a relocation apart from the movements both logs share', () => {
    expect(logTypeColor('relocate')).toBe('indigo');
    expect(logTypeColor('Assign')).toBe('violet');
  });
});

describe('warehouse forms', () => {
  it('return needs a material, then a location and a quantity it holds', () => {
    expect(moveErrors('return', EMPTY_MOVE, { row: undefined, projectOnHand: undefined })).toEqual({ material: 'Select a material.' });
    const chosen = { ...EMPTY_MOVE, materialId: 'm-1', source: boltRow.locations[1]!.place_key, quantity: '11' };
    expect(moveErrors('return', chosen, { row: boltRow, projectOnHand: undefined })).toEqual({ quantity: 'Quantity exceeds the 10 available at Rack B' });
    expect(moveErrors('return', { ...chosen, quantity: '0' }, { row: boltRow, projectOnHand: undefined })).toEqual({
      quantity: 'Quantity must be at least 1.',
    });
  });

  it('a warehouse needs a name, within its length', () => {
    expect(warehouseFormErrors({ name: ' ', location: '', capacitySummary: '' })).toEqual({ name: 'Warehouse name is required' });
    expect(warehouseFormErrors({ name: 'x'.repeat(201), location: '', capacitySummary: '' }).name).toMatch(/too long/);
  });
});
