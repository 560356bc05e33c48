// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, reply } from '../test/render.tsx';
import { HISTORY_EMPTY, HISTORY_FAILED, SecurityHistory } from './security-history.tsx';

const line = (position: number, summary: string, actor = 'Ada Lovelace') => ({
  position: String(position),
  type: 'UserSignedIn',
  at: '2026-11-20T09:30:00.000Z',
  actor,
  summary,
});

describe('the sign-in history', () => {
  it('shows one’s own newest first, When / What / By, and loads older lines on request', async () => {
    const { user, server } = renderWithProviders(<SecurityHistory userId={null} />, {
      routes: {
        'GET /api/account/security/history': (request: { params: URLSearchParams }) =>
          request.params.get('before') === '40'
            ? { items: [line(12, 'Added passkey “Laptop”')], next_before: null }
            : {
                items: [line(41, 'Second factors reset by Ann Admin: 1 passkey removed', 'Ann Admin'), line(40, 'Signed in with a password and a passkey')],
                next_before: '40',
              },
      },
    });
    const table = await screen.findByRole('table', { name: 'Sign-in history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'What', 'By']);
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(rows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'Second factors reset by Ann Admin: 1 passkey removed',
      'Signed in with a password and a passkey',
    ]);
    expect(within(rows()[0]!).getAllByRole('cell')[2]!.textContent).toBe('Ann Admin');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await within(table).findByText('Added passkey “Laptop”')).toBeTruthy();
    expect(rows()).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(server.sent('GET /api/account/security/history').map((r) => r.params.get('before'))).toEqual([null, '40']);
  });

  it('reads someone else’s from their user id', async () => {
    const id = '55555555-5555-4555-8555-555555555555';
    const { server } = renderWithProviders(<SecurityHistory userId={id} />, {
      routes: { [`GET /api/users/${id}/security/history`]: { items: [line(3, 'Invited by Ann Admin as user', 'Ann Admin')], next_before: null } },
    });
    expect(await screen.findByText('Invited by Ann Admin as user')).toBeTruthy();
    expect(server.sent('GET /api/account/security/history')).toHaveLength(0);
  });

  it('says so when there is nothing yet', async () => {
    renderWithProviders(<SecurityHistory userId={null} />, { routes: { 'GET /api/account/security/history': { items: [], next_before: null } } });
    expect(await screen.findByText(HISTORY_EMPTY)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('says when it could not be loaded, and tries again on request', async () => {
    let calls = 0;
    const { user } = renderWithProviders(<SecurityHistory userId={null} />, {
      routes: {
        'GET /api/account/security/history': () => {
          calls += 1;
          return calls === 1
            ? reply(500, { error: 'INTERNAL', message: 'Internal error' })
            : { items: [line(1, 'Account created as user', 'System')], next_before: null };
        },
      },
    });
    expect(await screen.findByText(HISTORY_FAILED)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Account created as user')).toBeTruthy();
    expect(screen.queryByText(HISTORY_FAILED)).toBeNull();
  });
});
