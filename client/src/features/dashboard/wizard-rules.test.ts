import { describe, expect, it } from 'vitest';
import type { CatalogPart, InventoryRow } from '../../api/material-types.ts';
import { EMPTY_WIZARD, MESSAGES, binInfo, parseQuantity, stepErrors, wizardRequest, wizardSteps, type WizardContext } from './wizard-rules.ts';

const bolt = { PartNumber: 'P-100', QtyOnHand: 10 } as InventoryRow;
const catalog: Record<string, CatalogPart> = {
  'P-100': { material_id: 'm1', part_number: 'P-100', part_name: 'Hex bolt', part_nickname: 'Bolt', display: '' },
};
const context = (limit: number | null = null): WizardContext => ({
  catalogPart: (n) => catalog[n],
  projectPart: (n) => (n === 'P-100' ? bolt : undefined),
  limit,
});

describe('wizard steps', () => {
  it('gives receive a part type and details, and return a rack and shelf step only with logistics', () => {
    expect(wizardSteps('receive', true)).toEqual(['mode', 'details', 'confirm']);
    expect(wizardSteps('return', false)).toEqual(['part', 'confirm']);
    expect(wizardSteps('return', true)).toEqual(['part', 'bin', 'confirm']);
    expect(wizardSteps('assign', false)).toEqual(['part', 'user', 'confirm']);
    expect(wizardSteps('unassign', true)).toEqual(['part', 'user', 'confirm']);
  });

  it('takes whole quantities of at least one', () => {
    expect(parseQuantity(' 3 ')).toBe(3);
    expect(['', '0', '-1', '1.5', 'x'].map(parseQuantity)).toEqual([null, null, null, null, null]);
  });
});

describe('receive checks', () => {
  it('needs an existing part that is in the catalogue, and a quantity above zero', () => {
    expect(stepErrors('receive', 'details', EMPTY_WIZARD, context())).toEqual({ partNumber: MESSAGES.enterPart });
    expect(stepErrors('receive', 'details', { ...EMPTY_WIZARD, partNumber: 'P-999' }, context()).partNumber).toBe(MESSAGES.notInCatalog);
    expect(stepErrors('receive', 'details', { ...EMPTY_WIZARD, partNumber: 'P-100', quantity: '0' }, context())).toEqual({
      quantity: MESSAGES.quantity,
    });
    expect(stepErrors('receive', 'details', { ...EMPTY_WIZARD, partNumber: 'P-100' }, context())).toEqual({});
  });

  it('needs a number, a name and a nickname for a new part, and a number not in use', () => {
    const fresh = { ...EMPTY_WIZARD, mode: 'new' as const, partNumber: 'P-200' };
    expect(stepErrors('receive', 'details', fresh, context())).toEqual({
      form: MESSAGES.newPartFields,
      partName: true,
      nickname: true,
    });
    const complete = { ...fresh, partName: 'Nut', nickname: 'Nut' };
    expect(stepErrors('receive', 'details', complete, context())).toEqual({});
    expect(stepErrors('receive', 'details', { ...complete, partNumber: 'P-100' }, context())).toEqual({
      partNumber: MESSAGES.partExists,
    });
  });
});

describe('return, assign and unassign checks', () => {
  it('needs a part of this project', () => {
    expect(stepErrors('assign', 'part', EMPTY_WIZARD, context())).toEqual({ partNumber: MESSAGES.enterPart });
    expect(stepErrors('unassign', 'part', { ...EMPTY_WIZARD, partNumber: 'P-9' }, context())).toEqual({
      partNumber: MESSAGES.notInProject,
    });
    expect(stepErrors('assign', 'part', { ...EMPTY_WIZARD, partNumber: 'P-100' }, context())).toEqual({});
  });

  it('refuses to return more than is on hand', () => {
    const values = { ...EMPTY_WIZARD, partNumber: 'P-100', quantity: '11' };
    expect(stepErrors('return', 'part', values, context())).toEqual({ quantity: MESSAGES.insufficient });
    expect(stepErrors('return', 'part', { ...values, quantity: '10' }, context())).toEqual({});
    expect(stepErrors('return', 'part', { ...values, quantity: '' }, context())).toEqual({ quantity: MESSAGES.quantity });
  });

  it('needs a user, and no more than on hand to assign or than they hold to unassign', () => {
    const values = { ...EMPTY_WIZARD, partNumber: 'P-100', quantity: '5' };
    expect(stepErrors('assign', 'user', values, context(10))).toEqual({ userId: MESSAGES.selectAssignUser });
    expect(stepErrors('unassign', 'user', values, context(2))).toEqual({ userId: MESSAGES.selectUnassignUser });
    const chosen = { ...values, userId: 'u1' };
    expect(stepErrors('assign', 'user', { ...chosen, quantity: '11' }, context(10))).toEqual({ quantity: MESSAGES.insufficient });
    expect(stepErrors('unassign', 'user', chosen, context(2))).toEqual({ quantity: MESSAGES.exceedsAssigned });
    expect(stepErrors('unassign', 'user', { ...chosen, quantity: '0' }, context(2))).toEqual({ quantity: MESSAGES.quantity });
    expect(stepErrors('assign', 'user', chosen, context(10))).toEqual({});
  });
});

describe('requests and messages', () => {
  it('sends names only for a new part, and the rack and shelf as bin info', () => {
    expect(wizardRequest('receive', { ...EMPTY_WIZARD, partNumber: ' P-100 ', quantity: '4' })).toEqual({
      action: 'receive',
      part_number: 'P-100',
      quantity: 4,
    });
    expect(wizardRequest('receive', { ...EMPTY_WIZARD, mode: 'new', partNumber: 'P-2', partName: ' Nut ', nickname: 'N', quantity: '1' })).toEqual({
      action: 'receive',
      part_number: 'P-2',
      quantity: 1,
      part_name: 'Nut',
      standard_name: 'N',
    });
    expect(wizardRequest('return', { ...EMPTY_WIZARD, partNumber: 'P-100', rack: 'A3', shelf: '2' })).toMatchObject({
      bin_info: 'Rack A3, Shelf 2',
    });
    expect(binInfo(' ', '')).toBeNull();
    expect(binInfo('', '4')).toBe('Shelf 4');
    expect(wizardRequest('unassign', { ...EMPTY_WIZARD, partNumber: 'P-100', userId: 'u1', quantity: '2' })).toEqual({
      action: 'unassign',
      part_number: 'P-100',
      quantity: 2,
      user_id: 'u1',
    });
  });
});

describe('limits', () => {
  it('stops a 5,000-character part name or number in the form with a plain sentence', () => {
    const long = 'x'.repeat(5000);
    expect(stepErrors('receive', 'details', { ...EMPTY_WIZARD, mode: 'new', partNumber: 'P-9', partName: long, nickname: 'N' }, context())).toEqual({
      partName: 'Part name is too long (at most 200 characters).',
    });
    expect(stepErrors('assign', 'part', { ...EMPTY_WIZARD, partNumber: long }, context())).toEqual({
      partNumber: 'Part number is too long (at most 100 characters).',
    });
    expect(stepErrors('return', 'bin', { ...EMPTY_WIZARD, rack: long }, context())).toEqual({
      rack: 'Rack and shelf text is too long (at most 200 characters).',
    });
  });

  it('refuses a fraction and a quantity past 1,000,000,000 before sending', () => {
    const receive = (quantity: string) => stepErrors('receive', 'details', { ...EMPTY_WIZARD, partNumber: 'P-100', quantity }, context());
    expect(receive('1.5')).toEqual({ quantity: 'Quantity must be a whole number.' });
    expect(receive('99999999999')).toEqual({ quantity: 'Quantity must be at most 1,000,000,000.' });
    expect(receive('1000000000')).toEqual({});
  });
});
