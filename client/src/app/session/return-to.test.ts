import { describe, expect, it } from 'vitest';
import { returnPath } from './return-to.ts';

describe('where sign-in returns to', () => {
  it('returns to the page the guard sent away, with its query', () => {
    expect(returnPath({ from: '/warehouses?mode=assets&track=abc' })).toBe('/warehouses?mode=assets&track=abc');
  });

  it('goes to the dashboard without a page, for another site, or for the login page itself', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: 42 })).toBe('/dashboard');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPath({ from: '/login' })).toBe('/dashboard');
  });
});
