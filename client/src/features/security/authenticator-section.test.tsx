// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import { SIGN_IN_MESSAGES, type SecurityOverview } from '@contract/sign-in.ts';
import { describe, expect, it } from 'vitest';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { SecurityPage } from './security-page.tsx';

const SECRET = 'JBSWY3DPEHPK3PXP';
const CODES = ['abcde-fghjk', 'mnpqr-stuvw', 'xyz23-45678', '9abcd-efghj'];
const QR = 'data:image/svg+xml;base64,PHN2Zy8+';

/** A fake of the person's factors: the overview answers what the calls so far have changed. */
function accountRoutes(start: Partial<SecurityOverview> = {}) {
  const overview: SecurityOverview = {
    status: { required: false, enrolled: 0, must_enrol: false },
    passkeys: [],
    totp: { enrolled: false, enrolled_at: null },
    recovery_codes: { remaining: 0 },
    ...start,
  };
  return {
    'GET /api/account/security': () => overview,
    'GET /api/users/me': () => ({ ...person('user'), second_factor: { ...overview.status } }),
    'POST /api/account/totp': { secret: SECRET, otpauth_url: `otpauth://totp/StockLedger:ada%40example.com?secret=${SECRET}`, qr_svg: QR },
    'POST /api/account/totp/confirm': ({ body }: { body: unknown }) => {
      if ((body as { code: string }).code !== '123456') return reply(400, { error: 'VALIDATION', message: SIGN_IN_MESSAGES.totpCodeRefused, field: 'code' });
      overview.totp = { enrolled: true, enrolled_at: '2026-11-28T08:00:00Z' };
      overview.status = { ...overview.status, enrolled: 1 };
      overview.recovery_codes = { remaining: CODES.length };
      return { codes: CODES };
    },
    'POST /api/account/recovery-codes': () => {
      overview.recovery_codes = { remaining: 2 };
      return { codes: ['newco-des23', 'newco-des45'] };
    },
    'DELETE /api/account/totp': reply(409, { error: 'CONFLICT', message: SIGN_IN_MESSAGES.lastFactorRequired }),
  };
}

describe('authenticator app on Sign-in security', () => {
  it('sets the app up with the QR code or the key, keeps a refused code in the box, and shows the recovery codes once', async () => {
    const { user, server } = renderWithProviders(<SecurityPage />, { routes: accountRoutes(), session: { user: person('user') } });
    expect(await screen.findByText(/Not set up/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Set up authenticator app' }));

    const dialog = await screen.findByRole('dialog', { name: 'Set up an authenticator app' });
    expect(within(dialog).getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('src')).toBe(QR);
    expect(within(dialog).getByText(SECRET)).toBeTruthy();
    const input = within(dialog).getByRole('textbox', { name: 'Authentication code' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm.hasAttribute('disabled')).toBe(true);

    await user.type(input, '65 4a321');
    expect((input as HTMLInputElement).value).toBe('654321');
    await user.click(confirm);
    expect(await within(dialog).findByText(SIGN_IN_MESSAGES.totpCodeRefused)).toBeTruthy();
    expect((input as HTMLInputElement).value).toBe('654321');

    await user.clear(input);
    await user.type(input, '123456');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const panel = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(panel)
        .getAllByTestId('recovery-code')
        .map((c) => c.textContent),
    ).toEqual(CODES);
    expect(within(panel).getByRole('button', { name: 'Copy codes' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Download' })).toBeTruthy();
    // Escape leaves the codes in sight: only the person saying they saved them closes them.
    await user.keyboard('{Escape}');
    expect(screen.getByText(CODES[0]!)).toBeTruthy();
    await user.click(within(panel).getByRole('button', { name: 'I have saved my codes' }));
    await waitFor(() => expect(screen.queryByText(CODES[0]!)).toBeNull());

    expect(await screen.findByText(/Set up on/)).toBeTruthy();
    expect(screen.getByText(`Recovery codes: ${CODES.length} left`)).toBeTruthy();
    expect(server.sent('POST /api/account/totp/confirm').map((r) => r.body)).toEqual([{ code: '654321' }, { code: '123456' }]);
    // The person is read again, so a site that required a factor lets them on.
    await waitFor(() => expect(server.sent('GET /api/users/me').length).toBeGreaterThan(0));
  });

  it('shows the refusal to remove the last required factor in the dialog, and new recovery codes once after a warning', async () => {
    const enrolled = {
      status: { required: true, enrolled: 1, must_enrol: false },
      totp: { enrolled: true, enrolled_at: '2026-11-20T08:00:00Z' },
      recovery_codes: { remaining: 7 },
    };
    const { user, server } = renderWithProviders(<SecurityPage />, { routes: accountRoutes(enrolled), session: { user: person('user') } });
    expect(await screen.findByText('Recovery codes: 7 left')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove' }));
    const removing = screen.getByRole('dialog', { name: 'Remove the authenticator app?' });
    await user.click(within(removing).getByRole('button', { name: 'Remove' }));
    expect(await within(removing).findByText(SIGN_IN_MESSAGES.lastFactorRequired)).toBeTruthy();
    expect(server.sent('DELETE /api/account/totp')).toHaveLength(1);
    await user.click(within(removing).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Generate new codes' }));
    const warning = screen.getByRole('dialog', { name: 'Generate new recovery codes?' });
    expect(within(warning).getByText('Your old recovery codes will stop working.')).toBeTruthy();
    expect(within(warning).queryByRole('alert')).toBeNull();
    await user.click(within(warning).getByRole('button', { name: 'Generate' }));
    const panel = await screen.findByRole('dialog', { name: 'Save your recovery codes' });
    expect(
      within(panel)
        .getAllByTestId('recovery-code')
        .map((c) => c.textContent),
    ).toEqual(['newco-des23', 'newco-des45']);
    await user.click(within(panel).getByRole('button', { name: 'I have saved my codes' }));
    expect(await screen.findByText('Recovery codes: 2 left')).toBeTruthy();
  });
});
