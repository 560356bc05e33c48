/**
 * Banners at the top of every signed-in page while a site switch is on: the freeze of
 * transactions (for everyone, since every movement button is then off) and maintenance (for the
 * superadmin, who is let in while everyone else sees the maintenance page).
 */
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { TRANSACTIONS_FROZEN } from '@contract/messages.ts';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks.ts';
import { isSuperadmin } from '../../shared/session/permissions.ts';
import { selectRole } from '../../shared/session/session-selectors.ts';
import { useSiteStatus } from '../../shared/site/site-status.ts';

export function SiteBanners() {
  const superadmin = isSuperadmin(useAppSelector(selectRole));
  const { frozen, maintenance } = useSiteStatus();
  if (!frozen && !maintenance) return null;
  const settingsLink = superadmin && (
    <>
      {' '}
      <Anchor component={Link} to="/site-settings" size="sm" inherit>
        Site Settings
      </Anchor>
    </>
  );
  return (
    <Stack gap="xs" mb="md">
      {maintenance && (
        <Alert color="orange" variant="light" py="xs" role="status" data-banner="maintenance">
          <Text span fw={700} inherit>
            Maintenance mode is on.
          </Text>{' '}
          Everyone except superadmins sees the maintenance page until it is switched off in{settingsLink}.
        </Alert>
      )}
      {frozen && (
        <Alert color="red" variant="light" py="xs" role="status" data-banner="frozen">
          <Text span fw={700} inherit>
            {TRANSACTIONS_FROZEN}.
          </Text>{' '}
          Receive, Return, Assign and Unassign are paused for the whole site
          {superadmin ? <> until the freeze is lifted in{settingsLink}.</> : ' until a superadmin lifts the freeze.'}
        </Alert>
      )}
    </Stack>
  );
}
