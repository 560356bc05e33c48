import { describe, expect, it } from 'vitest';
import { LOST_FOUND_MESSAGES as M, available, lostFoundErrors, submitDisabled, type LostFoundInput } from './lost-found-rules.ts';

const base: LostFoundInput = {
  mode: 'lost',
  source: 'on_hand',
  quantity: '1',
  userId: null,
  note: '',
  onHand: 10,
  fieldAssigned: 4,
  lost: 3,
  userHolding: null,
};

describe('mark lost', () => {
  it('requires a quantity, and one greater than zero', () => {
    expect(lostFoundErrors({ ...base, quantity: ' ' })).toEqual({ quantity: M.quantityRequired });
    for (const quantity of ['0', '-2']) {
      expect(lostFoundErrors({ ...base, quantity })).toEqual({ quantity: M.quantityPositive });
    }
    expect(lostFoundErrors(base)).toEqual({});
  });

  it('says plainly what is wrong with a fraction, text or a quantity past the limit', () => {
    expect(lostFoundErrors({ ...base, quantity: '1.5' })).toEqual({ quantity: 'Quantity must be a whole number.' });
    expect(lostFoundErrors({ ...base, quantity: 'abc' })).toEqual({ quantity: 'Quantity must be a number.' });
    expect(lostFoundErrors({ ...base, quantity: '99999999999' })).toEqual({ quantity: 'Quantity must be at most 1,000,000,000.' });
    expect(lostFoundErrors({ ...base, note: 'n'.repeat(1001) })).toEqual({ note: 'Note is too long (at most 1,000 characters).' });
  });

  it('cannot take more than is on hand', () => {
    expect(lostFoundErrors({ ...base, quantity: '11' })).toEqual({
      quantity: 'Cannot exceed available on-hand or field-assigned quantity (10)',
    });
    expect(lostFoundErrors({ ...base, quantity: '10' })).toEqual({});
  });

  it('needs the user it was lost from, and no more than they hold', () => {
    const field = { ...base, source: 'field_assigned' as const };
    expect(lostFoundErrors(field)).toEqual({ userId: M.lostUser });
    expect(available(field)).toBe(4);
    const chosen = { ...field, userId: 'u1', userHolding: 2 };
    expect(available(chosen)).toBe(2);
    expect(lostFoundErrors({ ...chosen, quantity: '3' })).toEqual({
      quantity: 'Cannot exceed available on-hand or field-assigned quantity (2)',
    });
    expect(lostFoundErrors({ ...chosen, quantity: '2' })).toEqual({});
  });

  it('is disabled when the chosen source holds nothing', () => {
    expect(submitDisabled({ ...base, onHand: 0 })).toBe(true);
    expect(submitDisabled({ ...base, source: 'field_assigned', fieldAssigned: 0 })).toBe(true);
    expect(submitDisabled(base)).toBe(false);
  });
});

describe('mark found', () => {
  const found = { ...base, mode: 'found' as const };

  it('cannot find more than is outstanding as lost', () => {
    expect(available(found)).toBe(3);
    expect(lostFoundErrors({ ...found, quantity: '4' })).toEqual({ quantity: 'Cannot exceed outstanding lost quantity (3)' });
    expect(lostFoundErrors({ ...found, quantity: '3' })).toEqual({});
  });

  it('needs the user who has it when it goes back to the field', () => {
    expect(lostFoundErrors({ ...found, source: 'field_assigned' })).toEqual({ userId: M.foundUser });
  });

  it('is disabled when nothing is recorded as lost', () => {
    expect(submitDisabled({ ...found, lost: 0 })).toBe(true);
    expect(submitDisabled(found)).toBe(false);
  });
});
