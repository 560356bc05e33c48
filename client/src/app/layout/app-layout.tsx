/** The signed-in frame: header, collapsible sidebar, the routed content (spec 02 §2.1) and the live connection. */
import { AppShell, Loader } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentProps, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { SiteBanners } from '../../features/site/site-banners.tsx';
import { OfflineBanners } from '../../offline/offline-status.tsx';
import { useOfflineRuntime } from '../../offline/use-offline-runtime.ts';
import { useRealtimeSync } from '../use-realtime-sync.ts';
import { useRequestNotices } from '../../features/requests/use-request-notices.ts';
import { ScanFallback } from '../../features/scan/scan-fallback.tsx';
import { ScanSlotsContext } from '../../features/scan/scan-slots.ts';
import { useKeyboardScanner } from '../../features/scan/use-keyboard-scanner.ts';
import { AppHeader } from './app-header.tsx';
import { preloadOfflineScreen } from '../router.tsx';
import { Sidebar } from './sidebar.tsx';
import { usePhone } from '../../shared/use-phone.ts';
import { lazyNamed, ScreenSuspense, usePreloaded } from '../../components/lazy-named.tsx';

// The asset card (with its move and lost/found dialogs) loads with the first asset scanned.
const LazyAssetScanCard = lazyNamed(() => import('../../features/assets/asset-scan-card.tsx'), 'AssetScanCard');
function AssetScanCard(props: ComponentProps<typeof LazyAssetScanCard>) {
  return (
    <Suspense fallback={<Loader size="sm" />}>
      <LazyAssetScanCard {...props} />
    </Suspense>
  );
}
const SCAN_SLOTS = { AssetCard: AssetScanCard };
// The list of actions kept on this device must open with no signal.
const OFFLINE_SCREEN = [{ preload: preloadOfflineScreen }];

export function AppLayout() {
  const [navbarOpened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  const phone = usePhone();
  // Signed-in pages stay live: changes by anyone in the current project refetch what they touch.
  useRealtimeSync(useRequestNotices());
  // A keyboard-mode scanner works on every signed-in page.
  useKeyboardScanner();
  // Field actions kept offline are counted, and sent when the signal returns.
  useOfflineRuntime();
  usePreloaded(OFFLINE_SCREEN);

  // On small screens the navbar covers the page; close it once the user has picked a page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what triggers the effect
  useEffect(() => close(), [pathname, close]);

  return (
    <ScanSlotsContext.Provider value={SCAN_SLOTS}>
      <AppShell header={{ height: 56 }} navbar={{ width: 272, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }} padding="md">
        <AppShell.Header>
          <AppHeader navbarOpened={navbarOpened} onToggleNavbar={toggle} />
        </AppShell.Header>
        {/* On a phone the navigation is built when opened: hidden, its switches still measured themselves, a layout of the whole page on the first paint. */}
        <AppShell.Navbar>{(!phone || navbarOpened) && <Sidebar />}</AppShell.Navbar>
        <AppShell.Main>
          <OfflineBanners />
          <SiteBanners />
          <ScreenSuspense>
            <Outlet />
          </ScreenSuspense>
        </AppShell.Main>
        <ScanFallback />
      </AppShell>
    </ScanSlotsContext.Provider>
  );
}
