import { describe, expect, it } from 'vitest';
import { frameSize } from './read-loop.ts';
import { FORGET_AFTER_MS, RepeatFilter } from './repeat-filter.ts';

const bolt = { text: 'PN-4711-A', format: 'Code128' };
const serial = { text: 'SN-2024-000183', format: 'DataMatrix' };

describe('a code held in view', () => {
  it('is reported on its first frame only, even when some frames in between miss it', () => {
    const filter = new RepeatFilter();
    expect(filter.fresh([bolt], 0)).toEqual([bolt]);
    expect(filter.fresh([bolt], 100)).toEqual([]);
    expect(filter.fresh([], 900)).toEqual([]);
    expect(filter.fresh([bolt], 1000)).toEqual([]);
    expect(filter.fresh([bolt, serial], 1100)).toEqual([serial]);
  });

  it(`is reported again once it has been out of view for more than ${FORGET_AFTER_MS} ms`, () => {
    const filter = new RepeatFilter();
    filter.fresh([bolt], 0);
    expect(filter.fresh([bolt], FORGET_AFTER_MS)).toEqual([]);
    expect(filter.fresh([], 2 * FORGET_AFTER_MS + 1)).toEqual([]);
    expect(filter.fresh([bolt], 2 * FORGET_AFTER_MS + 2)).toEqual([bolt]);
  });
});

describe('the size a frame is read at', () => {
  it('halves a 1080p camera to 1280×720 and leaves a 720p one as it is', () => {
    expect(frameSize(1920, 1080)).toEqual({ width: 1280, height: 720 });
    expect(frameSize(1280, 720)).toEqual({ width: 1280, height: 720 });
    expect(frameSize(1080, 1920)).toEqual({ width: 720, height: 1280 });
    expect(frameSize(640, 480)).toEqual({ width: 640, height: 480 });
  });
});
