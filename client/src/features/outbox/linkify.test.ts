import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify.ts';

describe('splitLinks', () => {
  it('returns plain text untouched', () => {
    expect(splitLinks('Your code is 123456')).toEqual([{ kind: 'text', value: 'Your code is 123456' }]);
    expect(splitLinks('')).toEqual([]);
  });

  it('finds links and leaves sentence punctuation outside them', () => {
    expect(splitLinks('Open http://localhost:3000/login/abc123. Then sign in.')).toEqual([
      { kind: 'text', value: 'Open ' },
      { kind: 'link', value: 'http://localhost:3000/login/abc123' },
      { kind: 'text', value: '. Then sign in.' },
    ]);
  });

  it('handles several links and a link at the very end', () => {
    const parts = splitLinks('a https://x.io/1\nb https://x.io/2?q=1&r=2');
    expect(parts.filter((p) => p.kind === 'link').map((p) => p.value)).toEqual(['https://x.io/1', 'https://x.io/2?q=1&r=2']);
    expect(parts.map((p) => p.value).join('')).toBe('a https://x.io/1\nb https://x.io/2?q=1&r=2');
  });
});
