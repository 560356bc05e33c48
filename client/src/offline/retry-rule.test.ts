import { describe, expect, it } from 'vitest';
import type { Assignee, InventoryRow } from '../api/material-types.ts';
import { availableNow, figureNeeded, onlyDiscard, retryOffer, withQuantity } from './retry-rule.ts';

const material = (kind: 'assign' | 'unassign' | 'return' | 'lost' | 'found' | 'receive', extra: object = {}) => ({
  kind,
  body: { project_id: 'p1', part_number: 'PN-100', quantity: 5, ...extra },
});

const row = { PartNumber: 'PN-100', part_number: 'PN-100', QtyOnHand: 3, QtyLost: 2 } as InventoryRow;
const holders = [{ uuid: 'u9', quantity: 4 }] as Assignee[];

describe('retry with the quantity now available', () => {
  it('reads on hand for assign, return and lost from on hand', () => {
    for (const action of [material('assign', { user_id: 'u9' }), material('return'), material('lost', { source: 'on_hand' })]) {
      const need = figureNeeded(action);
      expect(need).toEqual({ figure: 'on_hand' });
      expect(need && availableNow(need, 'PN-100', [row], undefined)).toBe(3);
    }
  });

  it('reads what the person holds for unassign and lost from a person, and what is lost for found', () => {
    const unassign = figureNeeded(material('unassign', { user_id: 'u9' }));
    expect(unassign).toEqual({ figure: 'held', userId: 'u9' });
    expect(unassign && availableNow(unassign, 'PN-100', undefined, holders)).toBe(4);
    expect(figureNeeded(material('lost', { source: 'field_assigned', associated_user: 'u8' }))).toEqual({ figure: 'held', userId: 'u8' });
    expect(availableNow({ figure: 'held', userId: 'u8' }, 'PN-100', undefined, holders)).toBe(0);
    const found = figureNeeded(material('found'));
    expect(found && availableNow(found, 'PN-100', [row], undefined)).toBe(2);
  });

  it('is not offered when nothing is available, or when the action has no quantity to change', () => {
    const assign = material('assign', { user_id: 'u9' });
    expect(retryOffer(assign, 3)).toBe(3);
    expect(retryOffer(assign, 0)).toBeNull();
    expect(retryOffer(assign, -2)).toBeNull();
    expect(retryOffer(assign, null)).toBeNull();
    expect(availableNow({ figure: 'on_hand' }, 'PN-404', [row], undefined)).toBe(0);
    expect(retryOffer(material('receive'), 10)).toBeNull();
    expect(retryOffer({ kind: 'count-line', body: { part_number: 'PN-100', counted: 4 } }, 10)).toBeNull();
    expect(retryOffer({ kind: 'material-request', body: { project_id: 'p1', pick_list: [] } }, 10)).toBeNull();
  });

  it('is not offered when what is available covers what was asked: the refusal was about something else', () => {
    const assign = material('assign', { user_id: 'u9' });
    expect(retryOffer(assign, 5)).toBeNull();
    expect(retryOffer(assign, 13)).toBeNull();
  });

  it('leaves only discarding for an action that came back later than the site accepts', () => {
    expect(onlyDiscard({ problem: { status: 422, message: 'too old', code: 'OFFLINE_ACTION_TOO_OLD' } })).toBe(true);
    expect(onlyDiscard({ problem: { status: 422, message: 'Insufficient quantity available', code: 'INSUFFICIENT_QUANTITY' } })).toBe(false);
    expect(onlyDiscard({ problem: null })).toBe(false);
  });

  it('changes only the quantity', () => {
    expect(withQuantity({ project_id: 'p1', part_number: 'PN-100', quantity: 5, user_id: 'u9' }, 3)).toEqual({
      project_id: 'p1',
      part_number: 'PN-100',
      quantity: 3,
      user_id: 'u9',
    });
  });
});
