// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../../shared/session/session-slice.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { LoginPage } from './login-page.tsx';

const providers = (password: boolean) => ({
  'GET /api/auth/providers': { password, providers: [{ id: 'corp', name: 'Corp ID' }] },
});

function renderLogin(path: string, password = true) {
  const rendered = renderWithProviders(<LoginPage />, { routes: providers(password), path });
  rendered.store.dispatch(signedOut());
  return rendered;
}

describe('single sign-on on /login', () => {
  it('offers each provider as a link to its start, below the form', async () => {
    renderLogin('/login');
    const button = await screen.findByRole('link', { name: 'Sign in with Corp ID' });
    expect(button.getAttribute('href')).toBe('/api/auth/oidc/corp/start');
    expect(screen.getByText('or')).toBeTruthy();
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
  });

  it('shows why a single sign-on was refused', async () => {
    renderLogin('/login?sso_error=no_account');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Login failed');
    expect(alert.textContent).toContain('There is no account for this e-mail address. Ask an administrator to invite you.');
  });

  it('asks for the second factor the provider sign-in still needs', async () => {
    renderLogin('/login?second_factor=totp,recovery');
    expect(await screen.findByText('Two-step verification')).toBeTruthy();
  });

  it('with password sign-in off, puts the providers first and the form behind "Superadmin sign-in"', async () => {
    const { user } = renderLogin('/login', false);
    await screen.findByRole('link', { name: 'Sign in with Corp ID' });
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Superadmin sign-in' }));
    expect(screen.getByLabelText(/Password/)).toBeTruthy();
  });
});
