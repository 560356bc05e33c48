import { describe, expect, it } from 'vitest';
import { FAILURE_FALLBACK, REOPENED_DURATION_MS, REOPENED_MESSAGE, successMessage } from './stock-toasts.ts';

describe('wizard toasts', () => {
  it('says what happened in the words of spec 01 §8', () => {
    expect(successMessage('receive', 5, 'P-100', '')).toBe('Received 5 × P-100 into inventory');
    expect(successMessage('assign', 2, 'P-100', 'Grace Hopper')).toBe('Assigned 2 × P-100 to Grace Hopper');
    expect(successMessage('unassign', 1, 'P-100', 'Grace Hopper')).toBe('Unassigned 1 × P-100 from Grace Hopper');
    expect(successMessage('return', 3, 'P-100', '')).toBe('Returned 3 × P-100 from inventory');
  });

  it('falls back to the spec’s failure texts, and keeps the re-opened request notice for ten seconds', () => {
    expect(FAILURE_FALLBACK.receive).toBe('Failed to receive item');
    expect(FAILURE_FALLBACK.return).toBe('Failed to return item');
    expect(FAILURE_FALLBACK.assign).toBe('Failed to assign item');
    expect(REOPENED_MESSAGE).toBe('A request waiting on delivery has been re-opened! Please see the Open Requests page for more information.');
    expect(REOPENED_DURATION_MS).toBe(10_000);
  });
});
