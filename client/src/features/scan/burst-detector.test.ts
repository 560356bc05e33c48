import { describe, expect, it } from 'vitest';
import { BURST_GAP_MS, createBurstDetector } from './burst-detector.ts';

/** Presses each key of `text` `gap` ms apart from `start`; answers the steps and the time of the last key. */
function type(detector: ReturnType<typeof createBurstDetector>, text: string, start: number, gap: number) {
  const steps = [...text].map((key, i) => detector.key({ key, at: start + i * gap }));
  return { steps, last: start + (text.length - 1) * gap };
}

describe('burst detector', () => {
  it('reads a fast burst ending in Enter as a scan: the first key goes through, the rest and the Enter are held', () => {
    const detector = createBurstDetector();
    const { steps, last } = type(detector, 'P-100', 1000, 5);
    expect(steps.map((s) => s.hold)).toEqual([false, true, true, true, true]);
    expect(steps[0]).toEqual({ hold: false, runStarted: true, giveBack: '', scan: null });
    expect(detector.key({ key: 'Enter', at: last + 5 })).toEqual({ hold: true, runStarted: false, giveBack: '', scan: 'P-100' });
    expect(detector.holding()).toBe(false);
  });

  it('accepts keys exactly the gap apart, and not one millisecond slower', () => {
    const detector = createBurstDetector();
    const { last } = type(detector, 'ABCD', 0, BURST_GAP_MS);
    expect(detector.key({ key: 'Enter', at: last + BURST_GAP_MS }).scan).toBe('ABCD');
    const slow = createBurstDetector();
    const run = type(slow, 'ABCD', 0, BURST_GAP_MS + 1);
    expect(run.steps.every((s) => !s.hold)).toBe(true);
    expect(slow.key({ key: 'Enter', at: run.last + 5 })).toEqual({ hold: false, runStarted: false, giveBack: '', scan: null });
  });

  it('times the first key from its release, so a field redrawing under it does not break the burst', () => {
    const detector = createBurstDetector();
    expect(detector.key({ key: 'P', at: 0 }).runStarted).toBe(true);
    // The search the first key typed into redrew for 80 ms before the key was released.
    detector.release(80);
    const rest = [...'-100'].map((key, i) => detector.key({ key, at: 85 + i * 5 }));
    expect(rest.every((s) => s.hold)).toBe(true);
    expect(detector.key({ key: 'Enter', at: 105 }).scan).toBe('P-100');
    // A later key's release moves nothing: held keys redraw nothing.
    const other = createBurstDetector();
    type(other, 'AB', 0, 5);
    other.release(200);
    expect(other.key({ key: 'C', at: 205 }).hold).toBe(false);
  });

  it('lets a person typing at a normal pace through untouched, Enter included', () => {
    const detector = createBurstDetector();
    const { steps, last } = type(detector, 'hello', 0, 120);
    expect(steps.every((s) => !s.hold && s.giveBack === '' && s.runStarted)).toBe(true);
    expect(detector.key({ key: 'Enter', at: last + 120 }).hold).toBe(false);
  });

  it('does not take three fast keys and Enter for a scan, and gives the held keys back before the Enter', () => {
    const detector = createBurstDetector();
    const { last } = type(detector, 'abc', 0, 10);
    expect(detector.key({ key: 'Enter', at: last + 10 })).toEqual({ hold: false, runStarted: false, giveBack: 'bc', scan: null });
  });

  it('gives held keys back when the run goes quiet without Enter', () => {
    const detector = createBurstDetector();
    const { last } = type(detector, 'qwer', 0, 8);
    expect(detector.holding()).toBe(true);
    expect(detector.settle(last + BURST_GAP_MS)).toBe('');
    expect(detector.settle(last + BURST_GAP_MS + 1)).toBe('wer');
    expect(detector.holding()).toBe(false);
    expect(detector.settle(last + 500)).toBe('');
  });

  it('gives held keys back before a slow key, which starts a run of its own', () => {
    const detector = createBurstDetector();
    type(detector, 'as', 0, 10);
    expect(detector.key({ key: 'd', at: 300 })).toEqual({ hold: false, runStarted: true, giveBack: 's', scan: null });
  });

  it('ends a run on Backspace, an arrow or a key with Ctrl, giving back what it held', () => {
    for (const key of [{ key: 'Backspace' }, { key: 'ArrowLeft' }, { key: 'v', modified: true }]) {
      const detector = createBurstDetector();
      type(detector, 'xyz', 0, 5);
      expect(detector.key({ ...key, at: 12 })).toEqual({ hold: false, runStarted: false, giveBack: 'yz', scan: null });
      expect(detector.key({ key: 'Enter', at: 15 }).scan).toBeNull();
    }
  });

  it('ignores the Shift a scanner presses for capitals: it neither joins nor breaks the burst', () => {
    const detector = createBurstDetector();
    detector.key({ key: 'Shift', at: 0 });
    detector.key({ key: 'S', at: 2 });
    detector.key({ key: 'Shift', at: 4 });
    detector.key({ key: 'n', at: 6 });
    detector.key({ key: '-', at: 9 });
    detector.key({ key: '7', at: 12 });
    expect(detector.key({ key: 'Enter', at: 15 }).scan).toBe('Sn-7');
  });

  it('reads a second burst after a first one', () => {
    const detector = createBurstDetector();
    const first = type(detector, 'AAAA', 0, 5);
    expect(detector.key({ key: 'Enter', at: first.last + 5 }).scan).toBe('AAAA');
    const second = type(detector, 'BBBBB', first.last + 400, 5);
    expect(second.steps[0]!.runStarted).toBe(true);
    expect(detector.key({ key: 'Enter', at: second.last + 5 }).scan).toBe('BBBBB');
  });

  it('takes the gap and the shortest length it is given', () => {
    const detector = createBurstDetector(50, 2);
    const { last } = type(detector, 'ab', 0, 45);
    expect(detector.key({ key: 'Enter', at: last + 45 }).scan).toBe('ab');
  });
});
