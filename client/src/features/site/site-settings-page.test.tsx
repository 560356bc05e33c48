// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OFFLINE_MAX_AGE_INVALID } from '@contract/offline.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { SiteSettingsPage } from './site-settings-page.tsx';

const settings = { freeze_transactions: false, maintenance_mode: false, offline_max_age_days: 7, webhooks_allow_private: false };

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
