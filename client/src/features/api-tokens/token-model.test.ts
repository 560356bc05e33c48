import { TOKEN_MESSAGES } from '@contract/api-tokens.ts';
import { describe, expect, it } from 'vitest';
import { expiryDate, expiryDays, hintText, refusedField, roleForReach, serviceRoleOptions, tokenStatus } from './token-model.ts';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('token status', () => {
  it('is active until its expiry', () => {
    expect(tokenStatus({ expires_at: '2026-03-10T12:00:01Z', revoked_at: null }, NOW)).toBe('active');
  });

  it('is expired from the moment of its expiry', () => {
    expect(tokenStatus({ expires_at: '2026-03-10T12:00:00Z', revoked_at: null }, NOW)).toBe('expired');
    expect(tokenStatus({ expires_at: '2025-12-01T00:00:00Z', revoked_at: null }, NOW)).toBe('expired');
  });

  it('is revoked once revoked, whether or not it has also run out', () => {
    expect(tokenStatus({ expires_at: '2027-01-01T00:00:00Z', revoked_at: '2026-03-01T00:00:00Z' }, NOW)).toBe('revoked');
    expect(tokenStatus({ expires_at: '2026-01-01T00:00:00Z', revoked_at: '2025-12-01T00:00:00Z' }, NOW)).toBe('revoked');
  });
});

describe('expiry', () => {
  it('sends the preset days', () => {
    expect(expiryDays('30', '')).toEqual({ days: 30 });
    expect(expiryDays('365', '7')).toEqual({ days: 365 });
  });

  it('takes a custom whole number of days from 1 to 365', () => {
    expect(expiryDays('custom', ' 1 ')).toEqual({ days: 1 });
    expect(expiryDays('custom', '365')).toEqual({ days: 365 });
  });

  it('refuses a custom value out of range, fractional or empty with the contract message', () => {
    for (const typed of ['0', '366', '2.5', '', 'ten']) expect(expiryDays('custom', typed)).toEqual({ error: TOKEN_MESSAGES.expiryRange });
  });

  it('dates the expiry that many days from now', () => {
    expect(expiryDate(NOW, 30).toISOString()).toBe('2026-04-09T12:00:00.000Z');
  });
});

describe('service token roles', () => {
  it('offers global roles site-wide and project roles in a project', () => {
    expect(serviceRoleOptions('site')).toEqual(['auditor', 'admin', 'superadmin']);
    expect(serviceRoleOptions('project')).toEqual(['user', 'manager', 'admin']);
  });

  it('keeps a role both reaches offer and falls back to the least one otherwise', () => {
    expect(roleForReach('project', 'admin')).toBe('admin');
    expect(roleForReach('project', 'superadmin')).toBe('user');
    expect(roleForReach('site', 'manager')).toBe('auditor');
    expect(roleForReach('site', null)).toBe('auditor');
  });
});

describe('display and refusals', () => {
  it('shows the hint with an ellipsis once', () => {
    expect(hintText('slp_Ab3dEf')).toBe('slp_Ab3dEf…');
    expect(hintText('slp_Ab3dE…')).toBe('slp_Ab3dE…');
  });

  it('puts a refusal on the field it names, including an element of the project list', () => {
    expect(refusedField('project_ids.0')).toBe('project_ids');
    expect(refusedField('expires_in_days')).toBe('expires_in_days');
    expect(refusedField('role')).toBe('role');
    expect(refusedField('owner')).toBeNull();
    expect(refusedField(null)).toBeNull();
  });
});
