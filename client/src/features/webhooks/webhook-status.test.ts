import { describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@contract/webhooks.ts';
import { attemptResult, DISABLED_BY_HAND, endpointStatus, kindLabel, orderedKinds, queuedText } from './webhook-status.ts';

const time = (iso: string) => `at ${iso}`;

describe('an endpoint status', () => {
  it('is Active while it is on and nothing fails', () => {
    expect(endpointStatus({ enabled: true, disabled_reason: null, failing_since: null }, time)).toEqual({ label: 'Active', color: 'green', detail: null });
  });

  it('says since when its oldest delivery has been failing', () => {
    const status = endpointStatus({ enabled: true, disabled_reason: null, failing_since: '2025-03-01T10:00:00Z' }, time);
    expect(status.label).toBe('Failing since at 2025-03-01T10:00:00Z');
    expect(status.color).toBe('orange');
    expect(status.detail).toBe('Deliveries are retried; after 24 hours of failures the endpoint is disabled.');
  });

  it('is Disabled with the server reason, which wins over a failure still recorded', () => {
    expect(endpointStatus({ enabled: false, disabled_reason: WEBHOOK_MESSAGES.disabledGone, failing_since: '2025-03-01T10:00:00Z' }, time)).toEqual({
      label: 'Disabled',
      color: 'gray',
      detail: 'Disabled: the receiver answered 410 Gone.',
    });
  });

  it('is Disabled by hand when no reason was recorded', () => {
    expect(endpointStatus({ enabled: false, disabled_reason: null, failing_since: null }, time).detail).toBe(DISABLED_BY_HAND);
  });
});

describe('kinds', () => {
  it('are named in words', () => {
    expect(kindLabel('stock.moved')).toBe('Stock moved');
    expect(kindLabel('label_import.finished')).toBe('Label import finished');
    expect(kindLabel('checkpoint.signed')).toBe('Checkpoint signed');
    expect(kindLabel('something.new')).toBe('something.new');
  });

  it('are listed in the contract order', () => {
    expect(orderedKinds(['checkpoint.signed', 'stock.moved', 'count.posted'])).toEqual(['stock.moved', 'count.posted', 'checkpoint.signed']);
  });
});

describe('an attempt result', () => {
  it('shows the status of an answer, ok only for 2xx', () => {
    expect(attemptResult({ status: 200, error: null })).toEqual({ text: '200', ok: true });
    expect(attemptResult({ status: 503, error: null })).toEqual({ text: '503', ok: false });
    expect(attemptResult({ status: 410, error: 'Gone' })).toEqual({ text: '410 · Gone', ok: false });
  });

  it('shows the error when no answer came', () => {
    expect(attemptResult({ status: null, error: 'Timed out after 5000 ms' })).toEqual({ text: 'Timed out after 5000 ms', ok: false });
    expect(attemptResult({ status: null, error: null })).toEqual({ text: 'No answer', ok: false });
  });
});

describe('a replay', () => {
  it('counts the deliveries it queued', () => {
    expect(queuedText(0)).toBe('0 deliveries queued');
    expect(queuedText(1)).toBe('1 delivery queued');
    expect(queuedText(1200)).toBe('1,200 deliveries queued');
  });
});
