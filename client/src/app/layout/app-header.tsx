/** Top bar: menu burger on small screens, product mark and name, actions kept offline, Scan, user menu (spec 02 §1). */
import { Burger, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { Logo, PRODUCT_NAME } from '../../components/logo.tsx';
import { ScanButton } from '../../features/scan/scan-dialog.tsx';
import { PendingButton } from '../../offline/offline-status.tsx';
import { useAppSelector } from '../../shared/hooks.ts';
import { UserMenu } from './user-menu.tsx';

interface AppHeaderProps {
  navbarOpened: boolean;
  onToggleNavbar: () => void;
}

export function AppHeader({ navbarOpened, onToggleNavbar }: AppHeaderProps) {
  // On a phone the offline and waiting badges need the room the product's name takes.
  const offlineShown = useAppSelector((state) => !state.offline.online || state.offline.pendingCount + state.offline.attentionCount > 0);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navbarOpened} onClick={onToggleNavbar} hiddenFrom="sm" size="sm" aria-label={navbarOpened ? 'Close navigation' : 'Open navigation'} />
        <UnstyledButton component={Link} to="/">
          <Group gap="xs" wrap="nowrap">
            <Logo />
            <Text fw={700} fz="lg" visibleFrom={offlineShown ? 'sm' : undefined}>
              {PRODUCT_NAME}
            </Text>
          </Group>
        </UnstyledButton>
      </Group>
      <Group gap="sm" wrap="nowrap" style={{ flexShrink: 0 }}>
        <PendingButton />
        <ScanButton />
        <UserMenu />
      </Group>
    </Group>
  );
}
