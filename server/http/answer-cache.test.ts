import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('AnswerCache', () => {
  it('keeps answers up to its bound, dropping the least recently used first', () => {
    // 40 bytes each: five fit in 200.
    const cache = new AnswerCache(200);
    for (const key of ['a', 'b', 'c', 'd', 'e']) cache.set(key, Buffer.from(key.repeat(40)));
    expect(cache.get('a')).toHaveLength(40);
    cache.set('f', Buffer.from('f'.repeat(40)));
    expect(cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd', 'e', 'f']) expect(cache.get(key)).toHaveLength(40);
  });

  it('never keeps an answer larger than a quarter of its bound', () => {
    const cache = new AnswerCache(100);
    cache.set('big', Buffer.from('x'.repeat(26)));
    expect(cache.get('big')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('makes an answer once for the requests that ask at the same moment, then keeps it', async () => {
    const cache = new AnswerCache();
    let made = 0;
    const make = async () => {
      made += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return Buffer.from('body');
    };
    const bodies = await Promise.all([cache.answer('k', make), cache.answer('k', make), cache.answer('k', make)]);
    expect(bodies.map(String)).toEqual(['body', 'body', 'body']);
    expect(String(await cache.answer('k', make))).toBe('body');
    expect(made).toBe(1);
  });

  it('does not keep a failure: the next request makes the answer again', async () => {
    const cache = new AnswerCache();
    await expect(cache.answer('k', async () => Promise.reject(new Error('lost connection')))).rejects.toThrow('lost connection');
    expect(String(await cache.answer('k', async () => Buffer.from('ok')))).toBe('ok');
  });
});
