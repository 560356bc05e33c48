/**
 * The header's user menu: who is signed in, the e-mail notification switches, the person's API
 * tokens, and Logout (which first warns when actions kept on this device have not been sent:
 * logging out discards them).
 */
import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { EmailPrefsSwitches } from '../../features/account/email-prefs-switches.tsx';
import { displayName, selectUser } from '../../shared/session/session-selectors.ts';
import { useLogout } from '../../shared/session/use-logout.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { unsentWarning } from '../../offline/offline-status.tsx';

function initials(name: string): string {
  const parts = name.split(/[\s@.]+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts[1]?.[0] ?? '')).toUpperCase() || '?';
}

export function UserMenu() {
  const user = useAppSelector(selectUser);
  const logout = useLogout();
  const unsent = useAppSelector((state) => state.offline.pendingCount + state.offline.attentionCount);
  const [confirming, setConfirming] = useState(false);
  if (!user) return null;
  const name = displayName(user);

  return (
    <>
      <Menu position="bottom-end" width={260} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`User menu for ${name}`}>
            <Group gap="xs" wrap="nowrap">
              <Avatar radius="xl" size={32} color="blue">
                {initials(name)}
              </Avatar>
              <Text size="sm" fw={500} visibleFrom="sm" maw={220} truncate="end">
                {name}
              </Text>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate="end">
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate="end">
              {user.user_email || user.email}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <Menu.Label>Email notifications</Menu.Label>
          <EmailPrefsSwitches />
          <Menu.Divider />
          <Menu.Item component={Link} to="/account/security">
            Sign-in security
          </Menu.Item>
          <Menu.Item component={Link} to="/account/tokens">
            API tokens
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" onClick={() => (unsent > 0 ? setConfirming(true) : void logout())}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void logout();
        }}
        title="Log out?"
        message={unsentWarning(unsent)}
        confirmLabel="Log out and discard"
        color="red"
      />
    </>
  );
}
