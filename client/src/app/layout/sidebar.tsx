/** The left navigation: section switch on top, then the groups the user may see. */
import { AppShell, Badge, Divider, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router-dom';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { buildNavigation, isNavItemActive } from './nav-model.ts';
import { SectionSwitch } from './section-switch.tsx';
import { useUnreadRequests } from '../../features/requests/use-unread-requests.ts';

export function Sidebar() {
  const { pathname } = useLocation();
  // New requests since the manager last opened Manage Requests (0 for everyone else).
  const unread = useUnreadRequests();
  const session = useAppSelector(selectSession);
  const groups = buildNavigation(session.section, {
    role: session.role,
    projectRole: session.currentProjectRole,
  });

  return (
    <>
      <AppShell.Section p="sm">
        <SectionSwitch />
      </AppShell.Section>
      <Divider />
      <AppShell.Section grow component={ScrollArea} p="sm">
        <Stack gap="md" component="nav" aria-label="Main">
          {groups.map((group) => (
            <div key={group.id}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                {group.title}
              </Text>
              {group.items.map((item) => (
                <NavLink
                  key={item.to}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  active={isNavItemActive(item, pathname)}
                  variant="light"
                  rightSection={
                    item.to === '/dashboard/manage_requests' && unread > 0 ? (
                      <Badge size="sm" color="red" circle={unread < 10} aria-label={`${unread} new requests`} data-testid="requests-unread">
                        {unread}
                      </Badge>
                    ) : undefined
                  }
                />
              ))}
            </div>
          ))}
        </Stack>
      </AppShell.Section>
    </>
  );
}
