/** Which codes an authenticator app's secret accepts: one step either side of now, later steps only. */
import { generate } from 'otplib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { matchingStep, newTotpSecret, totpEnrolmentOf } from './totp.ts';

const codeAt = (secret: string, steps: number) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
const stepNow = () => Math.floor(Date.now() / 30_000);

describe('authenticator codes', () => {
  // The middle of a step, so no test crosses into the next one while it runs.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(1_800_000_015_000));
  });
  afterEach(() => vi.useRealTimers());

  it('accepts the codes of the steps either side of now and names the step, refusing two steps away', async () => {
    const secret = newTotpSecret();
    const now = stepNow();
    for (const steps of [-1, 0, 1]) expect(await matchingStep(secret, await codeAt(secret, steps), null)).toBe(now + steps);
    expect(await matchingStep(secret, await codeAt(secret, -2), null)).toBeNull();
    expect(await matchingStep(secret, await codeAt(secret, 2), null)).toBeNull();
  });

  it('refuses a code of a step already used, anything but six digits, and reads past spaces', async () => {
    const secret = newTotpSecret();
    const code = await codeAt(secret, 0);
    const step = await matchingStep(secret, code, null);
    expect(step).not.toBeNull();
    expect(await matchingStep(secret, code, step)).toBeNull();
    expect(await matchingStep(secret, ` ${code.slice(0, 3)} ${code.slice(3)} `, null)).toBe(step);
    for (const bad of ['', '12345', '1234567', 'abcdef', `${code}0`]) expect(await matchingStep(secret, bad, null)).toBeNull();
  });

  it('makes an otpauth address for the app with the issuer and the e-mail, and its QR code as an SVG data URL', async () => {
    const enrolment = await totpEnrolmentOf('JBSWY3DPEHPK3PXP', 'ada@example.com');
    const url = new URL(enrolment.otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(decodeURIComponent(url.pathname)).toContain('ada@example.com');
    expect(url.searchParams.get('issuer')).toBe('StockLedger');
    expect(url.searchParams.get('secret')).toBe('JBSWY3DPEHPK3PXP');
    const svg = Buffer.from(enrolment.qr_svg.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
  });
});
