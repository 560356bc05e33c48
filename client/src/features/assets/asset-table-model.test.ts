import { describe, expect, it } from 'vitest';
import { assetRow } from './asset-fixtures.ts';
import { STATUS_COLORS, statusLabel, visibleAssets } from './asset-table-model.ts';

describe('the asset table', () => {
  it('colours Available green and In-Use red, and reads In-Use as In Use', () => {
    expect(STATUS_COLORS.Available).toBe('green');
    expect(STATUS_COLORS['In-Use']).toBe('red');
    expect(statusLabel('In-Use')).toBe('In Use');
    expect(statusLabel('Available')).toBe('Available');
  });

  it('finds rows by type, name, serial or holder, and sorts by any column', () => {
    const rows = [
      assetRow({ instance_id: 'a', AssetNumber: 'LAP-10', serial_number: 'ZZ1' }),
      assetRow({ instance_id: 'b', AssetNumber: 'LAP-2', serial_number: 'AA9', Status: 'In-Use', assigned_user_name: 'Ada Lovelace' }),
    ];
    expect(visibleAssets(rows, 'aa9', null).map((r) => r.instance_id)).toEqual(['b']);
    expect(visibleAssets(rows, 'lovelace', null).map((r) => r.instance_id)).toEqual(['b']);
    expect(visibleAssets(rows, '', { key: 'type', direction: 'asc' }).map((r) => r.AssetNumber)).toEqual(['LAP-2', 'LAP-10']);
    expect(visibleAssets(rows, '', { key: 'serial', direction: 'asc' }).map((r) => r.serial_number)).toEqual(['AA9', 'ZZ1']);
  });
});
