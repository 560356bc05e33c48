// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { person } from '../../test/people.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AuthPage } from './auth-page.tsx';

const bea = { ...person('user'), id: '55555555-5555-4555-8555-555555555555', email: 'bea@example.com', user_email: 'bea@example.com', user_firstname: 'Bea' };

describe('an e-mailed reset code for someone with a second factor', () => {
  it('asks for the second factor before the new password, even in a browser where someone else was signed in', async () => {
    const routes = {
      'POST /api/auth/verify-otp': { second_factor: { methods: ['totp', 'recovery'] } },
      'POST /api/login/second-factor': { user: bea },
    };
    const { user, server, store } = renderWithProviders(<AuthPage />, {
      routes,
      path: '/auth?type=reset&email=bea@example.com',
      session: { user: person('user') },
    });
    await user.type(screen.getByRole('textbox', { name: 'One-time code' }), '12345678');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    // Not the previous person's session: no password step until the second step signs Bea in.
    expect(screen.queryByText('Reset your password')).toBeNull();
    expect(store.getState().session.status).toBe('anonymous');
    await user.type(code, '123456{Enter}');
    expect(await screen.findByText('Reset your password')).toBeTruthy();
    await waitFor(() => expect(store.getState().session.user?.email).toBe('bea@example.com'));
    expect(server.sent('POST /api/login/second-factor').map((r) => r.body)).toEqual([{ method: 'totp', code: '123456' }]);
  });
});
