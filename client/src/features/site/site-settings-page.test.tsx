// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MAX_AGE_INVALID } from '@contract/offline.ts';
import { SECOND_FACTOR_POLICY_LABELS } from '@contract/sign-in.ts';
import type { SiteSettings } from '../../api/site-api.ts';
import { FAILED_TO_UPDATE } from '../../shared/messages.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { SiteSettingsPage } from './site-settings-page.tsx';

const settings: SiteSettings = {
  freeze_transactions: false,
  maintenance_mode: false,
  offline_max_age_days: 7,
  webhooks_allow_private: false,
  second_factor_policy: 'none',
  password_sign_in: true,
  sso_sign_up: false,
};

describe('the offline actions limit on Site settings', () => {
  it('says what is wrong with a limit out of bounds and saves a valid one', async () => {
    const { user, server } = renderWithProviders(<SiteSettingsPage />, {
      routes: {
        'GET /api/site/settings': settings,
        'PATCH /api/site/settings': (request: { body: unknown }) => ({ ...settings, ...(request.body as object) }),
      },
    });
    const field = await screen.findByRole('textbox', { name: 'Offline actions limit (days)' });
    expect((field as HTMLInputElement).value).toBe('7');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.clear(field);
    await user.type(field, '91');
    expect(screen.getByText(OFFLINE_MAX_AGE_INVALID)).toBeTruthy();
    expect(save.hasAttribute('disabled')).toBe(true);

    await user.clear(field);
    await user.type(field, '30');
    expect(screen.queryByText(OFFLINE_MAX_AGE_INVALID)).toBeNull();
    await user.click(save);
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(server.sent('PATCH /api/site/settings').map((r) => r.body)).toEqual([{ offline_max_age_days: 30 }]);
  });

  it('turns on webhooks to private addresses with its switch', async () => {
    const { user, server } = renderWithProviders(<SiteSettingsPage />, {
      routes: {
        'GET /api/site/settings': settings,
        'PATCH /api/site/settings': (request: { body: unknown }) => ({ ...settings, ...(request.body as object) }),
      },
    });
    const toggle = await screen.findByRole('switch', { name: /Allow webhooks to loopback and private addresses/ });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/Leave off on a public site/)).toBeTruthy();
    await user.click(toggle);
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(server.sent('PATCH /api/site/settings').map((r) => r.body)).toEqual([{ webhooks_allow_private: true }]);
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});

describe('the Sign-in section of Site settings', () => {
  const routes = {
    'GET /api/site/settings': settings,
    'PATCH /api/site/settings': (request: { body: unknown }) => ({ ...settings, ...(request.body as object) }),
  };

  it('offers every policy by its label and saves the one chosen', async () => {
    const { user, server } = renderWithProviders(<SiteSettingsPage />, { routes });
    const policy = await screen.findByRole('combobox', { name: 'Require a second factor of' });
    expect((policy as HTMLInputElement).value).toBe(SECOND_FACTOR_POLICY_LABELS.none);
    await user.click(policy);
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(Object.values(SECOND_FACTOR_POLICY_LABELS));
    await user.click(screen.getByRole('option', { name: SECOND_FACTOR_POLICY_LABELS.managers }));
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(server.sent('PATCH /api/site/settings').map((r) => r.body)).toEqual([{ second_factor_policy: 'managers' }]);
    expect((policy as HTMLInputElement).value).toBe(SECOND_FACTOR_POLICY_LABELS.managers);
  });

  it('turns password sign-in off and single sign-on sign-up on, each saying what it means', async () => {
    // The server keeps what it was sent, as the real one does.
    let saved = { ...settings };
    const { user, server } = renderWithProviders(<SiteSettingsPage />, {
      routes: {
        'GET /api/site/settings': () => saved,
        'PATCH /api/site/settings': (request: { body: unknown }) => {
          saved = { ...saved, ...(request.body as object) };
          return saved;
        },
      },
    });
    const password = await screen.findByRole('switch', { name: /^Password sign-in/ });
    expect((password as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/only the superadmin signs in with a password; everyone else signs in through single sign-on/)).toBeTruthy();
    expect(screen.getByText(/ALLOWED_EMAIL_DOMAIN/)).toBeTruthy();
    await user.click(password);
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: /^Create accounts on first single sign-on/ }));
    expect(server.sent('PATCH /api/site/settings').map((r) => r.body)).toEqual([{ password_sign_in: false }, { sso_sign_up: true }]);
    await screen.findAllByText('Settings updated');
    expect((password as HTMLInputElement).checked).toBe(false);
    expect((screen.getByRole('switch', { name: /^Create accounts on first single sign-on/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('puts the policy back when the change is refused', async () => {
    const { user } = renderWithProviders(<SiteSettingsPage />, {
      routes: {
        ...routes,
        'PATCH /api/site/settings': reply(400, { error: 'VALIDATION', message: 'Second factor policy must be none, admins, managers or everyone.' }),
      },
    });
    const policy = await screen.findByRole('combobox', { name: 'Require a second factor of' });
    await user.click(policy);
    await user.click(await screen.findByRole('option', { name: SECOND_FACTOR_POLICY_LABELS.everyone }));
    expect(await screen.findByText(FAILED_TO_UPDATE)).toBeTruthy();
    expect((policy as HTMLInputElement).value).toBe(SECOND_FACTOR_POLICY_LABELS.none);
  });
});
