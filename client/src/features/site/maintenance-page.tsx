/**
 * /maintenance: where non-superadmins land while maintenance mode is on (spec 02 §2.8, §4.3).
 * Someone signed in can sign out from here, so a shared computer is not left signed in.
 */
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../shared/hooks.ts';
import { PRODUCT_NAME } from '../../components/logo.tsx';
import { PublicFrame } from '../../components/public-frame.tsx';
import { selectSessionStatus } from '../../shared/session/session-selectors.ts';
import { useLogout } from '../../shared/session/use-logout.ts';

export function MaintenancePage() {
  useDocumentTitle(`Maintenance · ${PRODUCT_NAME}`);
  const signedIn = useAppSelector(selectSessionStatus) === 'authenticated';
  const logout = useLogout();
  const [signingOut, setSigningOut] = useState(false);
  return (
    <PublicFrame size={560}>
      <Paper withBorder radius="md" p="xl" shadow="sm">
        <Stack align="center" gap="sm" ta="center">
          <Title order={2}>The site is currently under maintenance</Title>
          <Text c="dimmed">Please try again later. If you are a superadmin, you can still access the dashboard to manage settings.</Text>
          <Group gap="md" justify="center">
            <Anchor component={Link} to="/dashboard">
              Go to dashboard
            </Anchor>
            {signedIn && (
              <Button
                variant="default"
                size="xs"
                loading={signingOut}
                onClick={() => {
                  setSigningOut(true);
                  void logout();
                }}
              >
                Sign out
              </Button>
            )}
          </Group>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}
