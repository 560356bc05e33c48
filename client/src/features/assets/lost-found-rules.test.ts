import { describe, expect, it } from 'vitest';
import { assetRow, I1, P1, W1 } from './asset-fixtures.ts';
import { assetInventoryCsv, assetInventoryFileName } from './asset-inventory-csv.ts';
import { assetLostFoundErrors, lostFoundBody, offersLostFound } from './lost-found-rules.ts';

const cable = assetRow({ AssetNumber: 'CAB-01', AssetName: 'Patch cable', kind: 'bulk', instance_id: null, serial_number: null, QtyOnHand: 5, QtyLost: 2 });

describe('marking assets lost and found', () => {
  it('offers Mark Lost for an instance not lost and Mark Found for a lost one; for bulk units, only when there is something to count', () => {
    expect(offersLostFound('lost', assetRow())).toBe(true);
    expect(offersLostFound('lost', assetRow({ Status: 'In-Use' }))).toBe(true);
    expect(offersLostFound('found', assetRow())).toBe(false);
    expect(offersLostFound('lost', assetRow({ Status: 'Lost' }))).toBe(false);
    expect(offersLostFound('found', assetRow({ Status: 'Lost' }))).toBe(true);
    expect(offersLostFound('lost', cable)).toBe(true);
    expect(offersLostFound('lost', { ...cable, QtyOnHand: 0 })).toBe(false);
    expect(offersLostFound('found', { ...cable, QtyLost: 0 })).toBe(false);
  });

  it('counts bulk units in the spec’s words: required, above zero, no more than on hand or outstanding lost', () => {
    expect(assetLostFoundErrors('lost', cable, '', '')).toEqual({ quantity: 'Quantity is required' });
    expect(assetLostFoundErrors('lost', cable, '0', '')).toEqual({ quantity: 'Enter a quantity greater than zero' });
    expect(assetLostFoundErrors('lost', cable, '6', '')).toEqual({ quantity: 'Cannot exceed available on-hand or field-assigned quantity (5)' });
    expect(assetLostFoundErrors('found', cable, '3', '')).toEqual({ quantity: 'Cannot exceed outstanding lost quantity (2)' });
    expect(assetLostFoundErrors('lost', cable, '5', '')).toEqual({});
    // An instance is lost whole: no quantity to check.
    expect(assetLostFoundErrors('lost', assetRow(), '', '')).toEqual({});
  });

  it('sends where, and the instance by id or the bulk type by asset number and count', () => {
    expect(lostFoundBody({ type: 'project', id: P1 }, assetRow(), '1', ' left at site ')).toEqual({
      project_id: P1,
      instance_id: I1,
      source: 'on_hand',
      note: 'left at site',
    });
    expect(lostFoundBody({ type: 'warehouse', id: W1 }, cable, ' 3 ', '')).toEqual({
      warehouse_id: W1,
      asset_number: 'CAB-01',
      quantity: 3,
      source: 'on_hand',
      note: null,
    });
  });
});

describe('the assets mode’s CSV export', () => {
  it('writes the Asset rows quoted, after a byte-order mark, with formulas neutralised', () => {
    const csv = assetInventoryCsv([assetRow({ AssetName: '=SUM(A1)', assigned_user_name: 'Ada "A" Lovelace' }), cable]);
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(lines[0]).toBe(
      '"AssetNumber","AssetName","StandardName","Category","serial_number","Status","QtyOnHand","AssignedQty","QtyLost","AssignedTo","instance_id"',
    );
    expect(lines[1]).toBe(`"LAP-01","'=SUM(A1)","Laptop","Laptops","PF3X9","Available","1","0","0","Ada ""A"" Lovelace","${I1}"`);
    expect(lines[2]).toBe('"CAB-01","Patch cable","Laptop","Laptops","","Available","5","0","2","",""');
    expect(assetInventoryFileName('3001 / A', new Date('2026-11-24T13:05:09.123Z'))).toBe('asset_inventory_3001_A_2026-11-24T13-05-09Z.csv');
  });
});
