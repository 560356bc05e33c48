// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SIGN_IN_MESSAGES } from '@contract/sign-in.ts';
import { ProtectedLayout } from './protected-layout.tsx';
import { useGetSiteSettingsQuery } from '../../api/site-api.ts';
import { person } from '../../test/people.ts';
import { renderWithProviders, reply } from '../../test/render.tsx';

/** A screen whose first call finds the site now requires a second factor of this person. */
function Probe() {
  const { isError } = useGetSiteSettingsQuery();
  return <p>{isError ? 'Refused' : 'Working'}</p>;
}

const refusal = { error: 'SECOND_FACTOR_REQUIRED', message: SIGN_IN_MESSAGES.mustEnrol };
const mustEnrol = { ...person('admin'), second_factor: { required: true, enrolled: 0, must_enrol: true } };

describe('a call refused for want of a second factor', () => {
  it('reads the person again, and the layout shows the enrolment screen at once', async () => {
    const { server, store } = renderWithProviders(
      <Routes>
        <Route element={<ProtectedLayout />}>
          <Route path="/" element={<Probe />} />
        </Route>
      </Routes>,
      {
        session: { user: person('superadmin') },
        routes: {
          'GET /api/site/settings': reply(403, refusal),
          'GET /api/users/me': mustEnrol,
          'GET /api/account/security': {
            status: mustEnrol.second_factor,
            passkeys: [],
            totp: { enrolled: false, enrolled_at: null },
            recovery_codes: { remaining: 0 },
          },
        },
      },
    );
    // The enrolment screen loads when first shown; its module's first load here can take a while.
    expect(await screen.findByRole('alert', { name: 'Set up a second factor' }, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByText(SIGN_IN_MESSAGES.mustEnrol)).toBeTruthy();
    expect(screen.queryByText('Working')).toBeNull();
    expect(store.getState().session.user?.second_factor.must_enrol).toBe(true);
    expect(server.sent('GET /api/users/me')).toHaveLength(1);
  });

  it('leaves the person alone on any other 403', async () => {
    const { server } = renderWithProviders(<Probe />, {
      session: { user: person('superadmin') },
      routes: { 'GET /api/site/settings': reply(403, { error: 'FORBIDDEN', message: 'You do not have permission to do this.' }) },
    });
    expect(await screen.findByText('Refused')).toBeTruthy();
    expect(server.sent('GET /api/users/me')).toHaveLength(0);
  });
});
