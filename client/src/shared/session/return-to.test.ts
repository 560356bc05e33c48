import { describe, expect, it } from 'vitest';
import { returnPath, returnState } from './return-to.ts';

describe('where sign-in returns to', () => {
  it('returns to the page the guard sent away, with its query', () => {
    expect(returnPath(returnState({ pathname: '/warehouses', search: '?mode=assets&track=abc' }))).toBe('/warehouses?mode=assets&track=abc');
  });

  it('goes to the dashboard without a page, for another site, or for the login page itself', () => {
    expect(returnPath(null)).toBe('/dashboard');
    expect(returnPath({ from: 42 })).toBe('/dashboard');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/dashboard');
    expect(returnPath({ from: 'https://evil.example/' })).toBe('/dashboard');
    expect(returnPath({ from: '/login' })).toBe('/dashboard');
  });
});
