import { describe, expect, it } from 'vitest';
import { cables, laptops, thinkpad } from './asset-fixtures.ts';
import { emptyReceive, existingInstanceBody, newInstanceBody, RECEIVE_MESSAGES, receiveStepErrors, receiveSteps, type ReceiveValues } from './receive-rules.ts';

const context = {
  catalog: [thinkpad, { ...thinkpad, id: 'k-2', asset_number: 'CAB-01', category: 'c-2', category_kind: 'bulk' as const, serial_required: false }],
  categories: [laptops, cables],
};
const form = (values: Partial<ReceiveValues>) => receiveStepErrors('form', { ...emptyReceive('w-1'), instanceMode: 'newInstance', ...values }, context);

describe('the asset receive wizard’s rules', () => {
  it('asks whether the instance exists, then for a new one which type, and skips the type for an existing one', () => {
    expect(receiveSteps({ instanceMode: null })).toEqual(['exists', 'type', 'form', 'summary']);
    expect(receiveSteps({ instanceMode: 'existing' })).toEqual(['exists', 'form', 'summary']);
    expect(receiveStepErrors('exists', emptyReceive(), context).form).toBeTruthy();
  });

  it('wants an asset definition for an existing type, and a serial where the type requires one', () => {
    expect(form({ receiveMode: 'existing' })).toEqual({ assetCatalogId: 'Select an asset definition to continue.' });
    expect(form({ receiveMode: 'existing', assetCatalogId: 'k-1' })).toEqual({ serialNumber: 'Serial number is required for this asset type.' });
    expect(form({ receiveMode: 'existing', assetCatalogId: 'k-1', serialNumber: 'PF3X9' })).toEqual({});
  });

  it('wants a name, a number and a category for a new type, and a warehouse to receive into', () => {
    expect(form({ receiveMode: 'newCatalog', parentWarehouseId: null, serialNumber: 'S1' })).toEqual({
      assetName: RECEIVE_MESSAGES.newCatalog,
      assetNumber: 'Provide an asset name and number.',
      category: 'Category name is required',
      warehouse: 'Select a warehouse to receive into.',
    });
  });

  it('counts a bulk type instead of asking for a serial', () => {
    expect(form({ receiveMode: 'existing', assetCatalogId: 'k-2', quantity: '0' })).toEqual({ quantity: 'Quantity must be at least 1.' });
    expect(form({ receiveMode: 'newCatalog', assetName: 'Patch cable', assetNumber: 'CAB-02', assetCategory: 'c-2', quantity: '20' })).toEqual({});
    expect(
      form({ receiveMode: 'newCatalog', assetName: 'Patch cable', assetNumber: 'CAB-02', newCategoryName: 'Cords', newCategorySerialized: false }),
    ).toEqual({});
  });

  it('wants an instance when it already exists', () => {
    expect(receiveStepErrors('form', { ...emptyReceive(), instanceMode: 'existing' }, context)).toEqual({ instanceId: 'Select an asset instance to receive.' });
  });

  it('sends an existing instance with its new owner, and a new one with its type, serial, condition and parent warehouse', () => {
    const values = { ...emptyReceive('w-1'), instanceId: 'i-1', notes: ' from site ' };
    expect(existingInstanceBody(values, { type: 'project', id: 'p-1' })).toEqual({
      instance_id: 'i-1',
      to_owner_type: 'project',
      to_owner_id: 'p-1',
      notes: 'from site',
    });
    expect(newInstanceBody({ ...values, serialNumber: ' PF3X9 ', condition: '' }, thinkpad, 'Laptops', false)).toEqual({
      catalog_id: 'k-1',
      serial_number: 'PF3X9',
      asset_name: 'ThinkPad T14',
      condition: 'good',
      notes: 'from site',
      parent_warehouse_id: 'w-1',
      metadata: { asset_name: 'ThinkPad T14', asset_category: 'Laptops', serial_required: true },
    });
    expect(newInstanceBody({ ...values, quantity: '20' }, thinkpad, 'Cables', true)).toMatchObject({
      catalog_id: 'k-1',
      quantity: 20,
      serial_number: undefined,
    });
  });
});
