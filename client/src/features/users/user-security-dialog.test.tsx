// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES, type SecurityOverview } from '@contract/sign-in.ts';
import type { UserRow } from '../../api/user-types.ts';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { UsersPage } from './users-page.tsx';
import { RESET_DONE, RESET_LABEL, resetWarning } from './user-security-dialog.tsx';

const PAT = '55555555-5555-4555-8555-555555555555';
const pat: UserRow = {
  id: PAT,
  uuid: PAT,
  user_id: PAT,
  email: 'pat@example.com',
  user_email: 'pat@example.com',
  user_firstname: 'Pat',
  user_lastname: 'Person',
  role: 'admin',
  user_role: 'admin',
  created_at: '2026-11-01T08:00:00Z',
  emails: true,
  stock_emails: true,
  status: 'active',
};

const enrolled: SecurityOverview = {
  status: { required: true, enrolled: 2, must_enrol: false },
  passkeys: [{ id: 'p1', name: 'Laptop', created_at: '2026-11-02T08:00:00Z', last_used_at: null, backed_up: false }],
  totp: { enrolled: true, enrolled_at: '2026-11-03T08:00:00Z' },
  recovery_codes: { remaining: 9 },
};
const cleared: SecurityOverview = {
  status: { required: true, enrolled: 0, must_enrol: true },
  passkeys: [],
  totp: { enrolled: false, enrolled_at: null },
  recovery_codes: { remaining: 0 },
};

const history = {
  items: [
    { position: '7', type: 'UserSignedIn', at: '2026-11-20T09:30:00Z', actor: 'Pat Person', summary: 'Signed in with a password and an authenticator code' },
  ],
  next_before: null,
};

function renderUsers(reset: () => unknown) {
  let overview = enrolled;
  return renderWithProviders(<UsersPage />, {
    session: { user: person('superadmin') },
    routes: {
      'GET /api/users': { items: [pat], total: 1 },
      [`GET /api/users/${PAT}/security`]: () => overview,
      [`GET /api/users/${PAT}/security/history`]: history,
      [`POST /api/users/${PAT}/second-factors/reset`]: () => {
        const answer = reset();
        if (!(answer instanceof Response)) overview = cleared;
        return answer;
      },
    },
  });
}

describe('a person’s Security dialog on User Management', () => {
  it('shows their factors, the policy and their history, and resets them after saying what happens', async () => {
    const { user, server } = renderUsers(() => cleared);
    await user.click(await screen.findByRole('button', { name: 'Security of Pat Person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security · Pat Person' });
    expect(await within(dialog).findByText('Laptop')).toBeTruthy();
    expect(within(dialog).getByText('Recovery codes left').nextSibling?.textContent).toBe('9');
    expect(within(dialog).getByText('Authenticator app').nextSibling?.textContent).toBe('Yes');
    expect(within(dialog).getByText('Required by the site').nextSibling?.textContent).toBe('Yes');
    expect(await within(dialog).findByText('Signed in with a password and an authenticator code')).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: RESET_LABEL }));
    const confirm = await screen.findByRole('dialog', { name: RESET_LABEL });
    expect(within(confirm).getByText(resetWarning('Pat Person'))).toBeTruthy();
    expect(server.sent(`POST /api/users/${PAT}/second-factors/reset`)).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Reset' }));

    expect(await screen.findByText(RESET_DONE)).toBeTruthy();
    expect(server.sent(`POST /api/users/${PAT}/second-factors/reset`)).toHaveLength(1);
    // The dialog reads the person again: nothing left, and they must enrol.
    expect(await within(dialog).findByText(/they must set one up before they can do anything else/)).toBeTruthy();
    expect(within(dialog).getByText('None')).toBeTruthy();
    expect(server.sent(`GET /api/users/${PAT}/security`).length).toBeGreaterThanOrEqual(2);
  });

  it('shows the server’s refusal when there is nothing to reset', async () => {
    const { user } = renderUsers(() => reply(409, { error: 'CONFLICT', message: SIGN_IN_MESSAGES.nothingToReset }));
    await user.click(await screen.findByRole('button', { name: 'Security of Pat Person' }));
    const dialog = await screen.findByRole('dialog', { name: 'Security · Pat Person' });
    await user.click(within(dialog).getByRole('button', { name: RESET_LABEL }));
    await user.click(within(await screen.findByRole('dialog', { name: RESET_LABEL })).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText(SIGN_IN_MESSAGES.nothingToReset)).toBeTruthy();
    expect(screen.queryByText(RESET_DONE)).toBeNull();
  });
});
