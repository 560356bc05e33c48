import { describe, expect, it } from 'vitest';
import { isOfflineRoute, occurredAtTooOld } from './offline.ts';

describe('offline routes', () => {
  it('matches the field actions by method and path, parameters included', () => {
    expect(isOfflineRoute('post', '/api/inventory/assign')).toBe(true);
    expect(isOfflineRoute('POST', '/api/counts/3f2a/count')).toBe(true);
    expect(isOfflineRoute('POST', '/api/scan/assets/receive')).toBe(true);
    expect(isOfflineRoute('POST', '/api/assets/instances/abc/in-use')).toBe(true);
  });
  it('leaves every other call alone', () => {
    expect(isOfflineRoute('GET', '/api/materials/receive')).toBe(false);
    expect(isOfflineRoute('POST', '/api/counts/3f2a/post')).toBe(false);
    expect(isOfflineRoute('POST', '/api/users')).toBe(false);
    expect(isOfflineRoute('POST', '/api/inventory/assign/extra')).toBe(false);
  });
  it('says how old is too old', () => {
    expect(occurredAtTooOld(7)).toContain('more than 7 days ago');
    expect(occurredAtTooOld(1)).toContain('more than 1 day ago');
  });
});
