import { describe, expect, it } from 'vitest';
import { profileOf, providerDidMultiFactor } from './sso-claims.ts';

describe("a provider's claims", () => {
  it('takes a verified e-mail and the names', () => {
    expect(profileOf({ sub: 's1', email: 'Ada@Example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace' }, false)).toEqual({
      subject: 's1',
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(profileOf({ sub: 's1', email: 'ada@example.com', email_verified: 'true', name: 'Ada King Lovelace' }, false)).toMatchObject({
      firstName: 'Ada',
      lastName: 'King Lovelace',
    });
    expect(profileOf({ sub: 's1', email: 'ada@example.com', email_verified: true }, false)).toMatchObject({ firstName: 'ada', lastName: '' });
  });

  it('refuses a missing or unverified e-mail; trust covers only a missing email_verified', () => {
    expect(profileOf({ sub: 's1', email_verified: true }, true)).toMatchObject({ code: 'email_unverified' });
    expect(profileOf({ sub: 's1', email: 'ada@example.com' }, false)).toMatchObject({ code: 'email_unverified' });
    expect(profileOf({ sub: 's1', email: 'ada@example.com', email_verified: false }, true)).toMatchObject({ code: 'email_unverified' });
    expect(profileOf({ sub: 's1', email: 'ada@example.com', email_verified: 'false' }, true)).toMatchObject({ code: 'email_unverified' });
    expect(profileOf({ sub: 's1', email: 'ada@example.com' }, true)).toMatchObject({ email: 'ada@example.com' });
    expect(profileOf({ email: 'ada@example.com', email_verified: true }, false)).toMatchObject({ code: 'failed' });
  });

  it('counts a provider sign-in as multi-factor for "mfa" or methods of two kinds', () => {
    expect(providerDidMultiFactor(['mfa'])).toBe(true);
    expect(providerDidMultiFactor(['pwd', 'otp'])).toBe(true);
    expect(providerDidMultiFactor(['hwk', 'pin'])).toBe(true);
    expect(providerDidMultiFactor(['swk', 'fpt'])).toBe(true);
    expect(providerDidMultiFactor(['pwd'])).toBe(false);
    expect(providerDidMultiFactor(['pwd', 'pin'])).toBe(false);
    expect(providerDidMultiFactor(['hwk'])).toBe(false);
    expect(providerDidMultiFactor(undefined)).toBe(false);
    expect(providerDidMultiFactor('mfa')).toBe(false);
  });
});
