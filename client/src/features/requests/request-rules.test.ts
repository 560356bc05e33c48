import { describe, expect, it } from 'vitest';
import { FILTER_STATES } from '@contract/requests.ts';
import {
  ACTIONS_BY_STATUS,
  addToCart,
  allowsAll,
  everyLineSettled,
  holdReason,
  MANAGE_FILTERS,
  MATERIAL_FILTERS,
  partialError,
  quantityError,
  searchReady,
  TIME_FILTERS,
  uncoveredParts,
} from './request-rules.ts';
import type { RequestLine } from './requests-api.ts';

const line = (part: string, qty: number, status: RequestLine['status'] = 'requested'): RequestLine => ({
  line_id: `${part}-${qty}-${status}`,
  part_number: part,
  part_name: part,
  qty,
  status,
  notes: null,
  requested_part_number: null,
  split_from: null,
});

describe('the filters of both pages', () => {
  it('Manage Requests offers open, fulfilled, on-hold, denied and all; open means requested or partial', () => {
    expect(MANAGE_FILTERS.map((f) => f.value)).toEqual(['open', 'fulfilled', 'on-hold', 'denied', 'all']);
    expect(FILTER_STATES.open).toEqual(['requested', 'partial']);
  });
  it('the Material Requests page offers requested, partial, on-hold, fulfilled, denied and all', () => {
    expect(MATERIAL_FILTERS.map((f) => f.value)).toEqual(['requested', 'partial', 'on-hold', 'fulfilled', 'denied', 'all']);
  });
  it('the time filter is 1 Day, 1 Week, 1 Month, 1 Year and All as 1, 7, 30, 365 days', () => {
    expect(TIME_FILTERS.map((f) => `${f.label}=${f.value}`)).toEqual(['1 Day=1', '1 Week=7', '1 Month=30', '1 Year=365', 'All=all']);
  });
});

describe('the state table', () => {
  it('lets a requested request be fulfilled, held or denied, and an on-hold one re-opened', () => {
    expect(ACTIONS_BY_STATUS.requested).toEqual(['fulfil', 'hold', 'deny']);
    expect(ACTIONS_BY_STATUS['on-hold']).toContain('reopen');
    expect(ACTIONS_BY_STATUS['on-hold']).not.toContain('hold');
  });
  it('allows a bulk action only when every selected request allows it', () => {
    expect(allowsAll(['requested', 'partial'], 'hold')).toBe(true);
    expect(allowsAll(['requested', 'on-hold'], 'hold')).toBe(false);
    expect(allowsAll(['fulfilled'], 'deny')).toBe(false);
    expect(allowsAll([], 'fulfil')).toBe(false);
  });
  it('finalises once every line is fulfilled, on hold or denied', () => {
    expect(everyLineSettled([line('A', 1, 'fulfilled'), line('B', 1, 'on-hold'), line('C', 1, 'denied')])).toBe(true);
    expect(everyLineSettled([line('A', 1, 'fulfilled'), line('B', 1)])).toBe(false);
  });
});

describe('Fulfill All and on hand', () => {
  const onHand = new Map([
    ['CAB-1', 10],
    ['BOLT', 3],
  ]);
  it('is covered when on hand covers the open lines of every selected request added up', () => {
    expect(uncoveredParts([{ picklist: [line('CAB-1', 6), line('BOLT', 3)] }], onHand)).toEqual([]);
  });
  it('names each part on hand does not cover, across the selection, ignoring settled lines', () => {
    const requests = [{ picklist: [line('CAB-1', 6), line('BOLT', 2, 'fulfilled')] }, { picklist: [line('CAB-1', 5), line('NEW', 1, 'on-hold')] }];
    expect(uncoveredParts(requests, onHand)).toEqual([
      { part: 'CAB-1', needed: 11, onHand: 10 },
      { part: 'NEW', needed: 1, onHand: 0 },
    ]);
  });
});

describe('the request form', () => {
  it('searches from 2 characters', () => {
    expect(searchReady('c')).toBe(false);
    expect(searchReady(' c ')).toBe(false);
    expect(searchReady('ca')).toBe(true);
  });
  it('takes a whole quantity of at least 1, blank meaning the default 1', () => {
    expect(quantityError(1)).toBeNull();
    expect(quantityError('')).toBeNull();
    expect(quantityError(0)).toBe('Quantity must be at least 1');
    expect(quantityError(1.5)).toBe('Quantity must be at least 1');
  });
  it('adds the same item again to its line instead of a second line', () => {
    const one = addToCart([], { number: 'CAB-1', name: 'Cable', qty: 2, notes: '' });
    const two = addToCart(one, { number: 'CAB-1', name: 'Cable', qty: 3, notes: 'for level 2' });
    expect(two).toEqual([{ number: 'CAB-1', name: 'Cable', qty: 5, notes: 'for level 2' }]);
    expect(addToCart(two, { number: 'BOLT', name: 'Bolt', qty: 1, notes: '' })).toHaveLength(2);
  });
});

describe('a partial fulfil', () => {
  it('takes a quantity above 0 and not above the line; blank skips the line', () => {
    expect(partialError('', { qty: 5 })).toBeNull();
    expect(partialError(2, { qty: 5 })).toBeNull();
    expect(partialError(5, { qty: 5 })).toBeNull();
    expect(partialError(6, { qty: 5 })).toBe('Quantity must be greater than zero and not more than the line quantity.');
  });
  it('holds waiting on delivery, with a reason, or with none', () => {
    expect(holdReason('waiting_delivery', 'ignored')).toBe('waiting_delivery');
    expect(holdReason('other', ' no crew ')).toBe('no crew');
    expect(holdReason('other', '  ')).toBeNull();
  });
});
