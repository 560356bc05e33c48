// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { SIGN_IN_MESSAGES } from '@contract/sign-in.ts';
import { describe, expect, it } from 'vitest';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { SecondFactorStep } from './second-factor-step.tsx';

/** The second step's server: a refusal for anything but the right code of each kind. */
const routes = {
  'POST /api/login/second-factor': ({ body }: { body: unknown }) => {
    const { method, code } = body as { method: string; code: string };
    const right = (method === 'totp' && code === '123456') || (method === 'recovery' && code === 'abcde-fghjk');
    return right ? { user: person('user') } : reply(401, { error: 'UNAUTHORIZED', message: SIGN_IN_MESSAGES.refused });
  },
};

describe('the code of the second step', () => {
  it('asks for the authenticator code first, keeps a refused code in the box, and signs in with a right one', async () => {
    const { user, server, store } = renderWithProviders(<SecondFactorStep methods={['totp', 'recovery']} onCancel={() => {}} />, { routes });
    const input = screen.getByRole('textbox', { name: 'Authentication code' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');

    await user.type(input, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain(SIGN_IN_MESSAGES.refused);
    expect((input as HTMLInputElement).value).toBe('000000');
    expect(store.getState().session.status).not.toBe('authenticated');

    await user.clear(input);
    await user.type(input, '123456{Enter}');
    await waitFor(() => expect(store.getState().session.status).toBe('authenticated'));
    expect(server.sent('POST /api/login/second-factor').map((r) => r.body)).toEqual([
      { method: 'totp', code: '000000' },
      { method: 'totp', code: '123456' },
    ]);
  });

  it('takes a recovery code instead when the person asks for that way', async () => {
    const { user, server, store } = renderWithProviders(<SecondFactorStep methods={['totp', 'recovery']} onCancel={() => {}} />, { routes });
    await user.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const input = screen.getByRole('textbox', { name: 'Recovery code' });
    expect(screen.queryByRole('textbox', { name: 'Authentication code' })).toBeNull();
    await user.type(input, ' abcde-fghjk ');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(store.getState().session.status).toBe('authenticated'));
    expect(server.sent('POST /api/login/second-factor').map((r) => r.body)).toEqual([{ method: 'recovery', code: 'abcde-fghjk' }]);
    expect(screen.getByRole('button', { name: 'Use your authenticator app' })).toBeTruthy();
  });
});
