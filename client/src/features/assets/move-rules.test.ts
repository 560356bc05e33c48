import { describe, expect, it } from 'vitest';
import { assetRow } from './asset-fixtures.ts';
import { EMPTY_MOVE, inUseBody, moveErrors, MOVES, transferBody } from './move-rules.ts';

describe('the asset return and assign dialogs’ rules', () => {
  it('needs an instance and a user to mark in use, and says so in the spec’s words', () => {
    expect(moveErrors('project-assign', EMPTY_MOVE)).toEqual({ instance: 'Missing instance or user', other: 'Missing instance or user' });
    expect(moveErrors('project-assign', { ...EMPTY_MOVE, instanceId: 'i-1' })).toEqual({ other: 'Missing instance or user' });
    expect(moveErrors('project-unassign', EMPTY_MOVE)).toEqual({ instance: 'Missing instance' });
    expect(moveErrors('project-return', { ...EMPTY_MOVE, instanceId: 'i-1' })).toEqual({ other: 'Select a warehouse to return to.' });
    expect(moveErrors('warehouse-assign', { ...EMPTY_MOVE, instanceId: 'i-1', otherId: 'p-1' })).toEqual({});
  });

  it('offers only In-Use instances to unassign, and only available serialized ones to assign or return', () => {
    const inUse = assetRow({ Status: 'In-Use' });
    const available = assetRow();
    const bulk = assetRow({ kind: 'bulk', instance_id: null, serial_number: null });
    expect(MOVES['project-unassign'].offers(inUse)).toBe(true);
    expect(MOVES['project-unassign'].offers(available)).toBe(false);
    expect(MOVES['project-assign'].offers(inUse)).toBe(false);
    expect(MOVES['project-return'].offers(available)).toBe(true);
    expect(MOVES['project-return'].offers(bulk)).toBe(true);
    expect(MOVES['project-return'].offers({ ...bulk, QtyOnHand: 0 })).toBe(false);
    expect(MOVES['project-assign'].offers(bulk)).toBe(false);
  });

  it('shows the spec’s toasts', () => {
    expect(MOVES['project-assign'].success).toBe('Asset marked in use');
    expect(MOVES['project-unassign'].success).toBe('Asset marked available');
    expect(MOVES['project-return'].success).toBe('Asset returned successfully');
    expect(MOVES['warehouse-assign'].success).toBe('Asset assigned to project');
    expect(MOVES['warehouse-return'].success).toBe('Asset returned to warehouse');
  });

  it('sends the asset transfer body and the in-use body', () => {
    const values = { ...EMPTY_MOVE, instanceId: 'i-1', otherId: 'w-1' };
    expect(transferBody('project-return', values, 'p-1')).toEqual({ instance_id: 'i-1', to_owner_type: 'warehouse', to_owner_id: 'w-1', notes: undefined });
    expect(transferBody('warehouse-return', { ...values, otherId: null }, 'w-9')).toEqual({
      instance_id: 'i-1',
      to_owner_type: 'warehouse',
      to_owner_id: 'w-9',
      notes: undefined,
    });
    expect(inUseBody('project-assign', { ...EMPTY_MOVE, instanceId: 'i-1', otherId: 'u-1', notes: ' on site ' })).toEqual({
      instanceId: 'i-1',
      in_use: true,
      assigned_user_id: 'u-1',
      notes: 'on site',
    });
    expect(inUseBody('project-unassign', { ...EMPTY_MOVE, instanceId: 'i-1' })).toEqual({
      instanceId: 'i-1',
      in_use: false,
      assigned_user_id: null,
      notes: undefined,
    });
  });

  it('moves units of a bulk type by count, named by asset number, no more than are on hand', () => {
    const values = { ...EMPTY_MOVE, instanceId: 'bulk:k-2', otherId: 'p-1', quantity: '6' };
    expect(moveErrors('warehouse-assign', values, { QtyOnHand: 5 })).toEqual({ quantity: 'Insufficient quantity available (5)' });
    expect(moveErrors('warehouse-assign', { ...values, quantity: '0' }, { QtyOnHand: 5 })).toEqual({ quantity: 'Quantity must be at least 1.' });
    expect(moveErrors('warehouse-assign', { ...values, quantity: '5' }, { QtyOnHand: 5 })).toEqual({});
    expect(transferBody('warehouse-assign', { ...values, quantity: '5' }, 'w-1', { AssetNumber: 'CAB-01' })).toEqual({
      instance_id: 'CAB-01',
      to_owner_type: 'project',
      to_owner_id: 'p-1',
      quantity: 5,
      notes: undefined,
    });
  });

  it('counts bulk units back into a warehouse from the project that holds them, no more than it holds', () => {
    const values = { ...EMPTY_MOVE, units: true, instanceId: 'bulk:k-2', quantity: '4' };
    expect(moveErrors('warehouse-return', { ...values, otherId: null }, { QtyOnHand: 3 })).toEqual({
      other: 'Select the project the units come back from.',
      quantity: 'Insufficient quantity available (3)',
    });
    expect(moveErrors('warehouse-return', { ...values, otherId: 'p-1', quantity: '3' }, { QtyOnHand: 3 })).toEqual({});
    expect(transferBody('warehouse-return', { ...values, otherId: 'p-1', quantity: '3' }, 'w-1', { AssetNumber: 'CAB-01' })).toEqual({
      instance_id: 'CAB-01',
      to_owner_type: 'warehouse',
      to_owner_id: 'w-1',
      project_id: 'p-1',
      quantity: 3,
      notes: undefined,
    });
  });
});
