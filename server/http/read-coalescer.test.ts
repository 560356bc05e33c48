import { describe, expect, it } from 'vitest';
import { ReadCoalescer } from './read-coalescer.ts';

describe('ReadCoalescer', () => {
  it('serves callers that arrive during a read from the next read, which they all share', async () => {
    let version = 0;
    let reads = 0;
    const releases: Array<() => void> = [];
    const coalescer = new ReadCoalescer(async (_key: string) => {
      reads += 1;
      const seen = version;
      await new Promise<void>((resolve) => releases.push(resolve));
      return seen;
    });
    const first = coalescer.read('p');
    // A write lands while the first read runs; callers asking now must see it.
    version = 1;
    const later = [coalescer.read('p'), coalescer.read('p'), coalescer.read('p')];
    releases.shift()!();
    expect(await first).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases.shift()!();
    expect(await Promise.all(later)).toEqual([1, 1, 1]);
    expect(reads).toBe(2);
  });

  it('keeps keys apart and starts afresh once idle', async () => {
    const coalescer = new ReadCoalescer(async (key: string) => `${key}!`);
    expect(await Promise.all([coalescer.read('a'), coalescer.read('b')])).toEqual(['a!', 'b!']);
    expect(await coalescer.read('a')).toBe('a!');
  });

  it('passes a failed read to its callers, and the next read still runs', async () => {
    let fail = true;
    const coalescer = new ReadCoalescer(async () => {
      if (fail) throw new Error('database away');
      return 'ok';
    });
    await expect(coalescer.read('k')).rejects.toThrow('database away');
    fail = false;
    expect(await coalescer.read('k')).toBe('ok');
  });
});
