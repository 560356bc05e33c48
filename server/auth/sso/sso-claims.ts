/** Reading a provider's claims: the e-mail and whether it is verified, the names, and the factors it used. */
import type { SsoErrorCode } from '../../../contract/sign-in.ts';
import type { SsoProfile } from './sso-accounts.ts';

export type Claims = Record<string, unknown>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Some providers send booleans as text ("true"); nothing else counts as verified. */
const isTrue = (value: unknown) => value === true || value === 'true';
const isFalse = (value: unknown) => value === false || value === 'false';
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The profile, or why it is refused: an e-mail is required and must be verified by the provider
 * (`email_verified` true). `trustEmail` (Entra ID) takes a missing `email_verified` as verified;
 * an explicit false is refused whatever the setting.
 */
export function profileOf(claims: Claims, trustEmail: boolean): SsoProfile | { code: SsoErrorCode; reason: string } {
  const subject = textOf(claims.sub);
  if (!subject) return { code: 'failed', reason: 'the claims have no sub' };
  const email = textOf(claims.email).toLowerCase();
  if (!email || !EMAIL.test(email)) return { code: 'email_unverified', reason: 'the claims have no usable email' };
  const verified = isTrue(claims.email_verified) || (trustEmail && claims.email_verified === undefined);
  if (!verified || isFalse(claims.email_verified)) return { code: 'email_unverified', reason: 'email_verified is not true' };
  let firstName = textOf(claims.given_name);
  let lastName = textOf(claims.family_name);
  if (!firstName && !lastName) {
    const [first = '', ...rest] = textOf(claims.name).split(/\s+/);
    firstName = first;
    lastName = rest.join(' ');
  }
  if (!firstName) firstName = email.slice(0, email.indexOf('@'));
  return { subject, email, firstName: firstName.slice(0, 100), lastName: lastName.slice(0, 100) };
}

// Authentication methods (RFC 8176) by kind of factor: something known, something held, something one is.
const KNOWN = new Set(['pwd', 'pin', 'kba']);
const HELD = new Set(['otp', 'hwk', 'swk', 'sc', 'sms', 'tel', 'mca']);
const INHERENT = new Set(['fpt', 'face', 'iris', 'retina', 'vbm']);

/**
 * Did the provider already ask for more than one factor? Yes when `amr` says "mfa", or names
 * methods of two different kinds (a password and a one-time code; a hardware key and a PIN or a
 * fingerprint). Two methods of one kind (a password and a PIN) or a key alone are one factor, and a
 * missing `amr` proves nothing: the person with their own second factor is asked for it here.
 */
export function providerDidMultiFactor(amr: unknown): boolean {
  if (!Array.isArray(amr)) return false;
  const methods = new Set(amr.filter((m): m is string => typeof m === 'string').map((m) => m.toLowerCase()));
  if (methods.has('mfa')) return true;
  const kinds = [KNOWN, HELD, INHERENT].filter((kind) => [...methods].some((m) => kind.has(m)));
  return kinds.length >= 2;
}
