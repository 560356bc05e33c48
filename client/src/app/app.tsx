/** Providers around the screens: Redux, Mantine (theme and toasts), the router. */
import { Loader, MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Provider, useSelector } from 'react-redux';
import { BrowserRouter, useLocation, useRoutes } from 'react-router-dom';
import { preloadScreen, routes } from './router.tsx';
import type { AppStore } from './store.ts';
import type { RootState } from '../shared/root-reducer.ts';
import { theme } from './theme.ts';
import { toast } from '../shared/toast.ts';
import { ScanCameraContext, type ScanCameraProps } from '../shared/scan-camera.ts';
import { LabelPrintContext, type LabelPrintDialogSlotProps } from '../components/codes/label-print-slot.ts';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { lazyNamed } from '../components/lazy-named.tsx';

// The camera (with its code reader) and the print dialog (with its PDF maker) load when first opened.
const LazyCamera = lazyNamed(() => import('../features/scan/camera/camera-scanner.tsx'), 'CameraScanner');
const LazyPrintDialog = lazyNamed(() => import('../features/label-print/label-print-dialog.tsx'), 'LabelPrintDialog');

// Toasts show once their host has loaded; one raised before is kept by the notifications store meanwhile.
const LazyToastHost = lazyNamed(() => import('./toast-host.tsx'), 'ToastHost');

const hasToasts = () => {
  const { notifications, queue } = notificationsStore.getState();
  return notifications.length + queue.length > 0;
};

/**
 * The toast host (a fifth of the sign-in page's code) loads once someone is signed in or the first
 * toast is raised, whichever comes first: the sign-in page says what it has to say in its own form.
 */
function ToastHost() {
  const signedIn = useSelector((state: RootState) => state.session.user !== null);
  const toastRaised = useSyncExternalStore(notificationsStore.subscribe, hasToasts);
  // Once loaded it stays, so signing out does not take away the toast that says so.
  const [loaded, setLoaded] = useState(false);
  const needed = loaded || signedIn || toastRaised;
  useEffect(() => {
    if (needed) setLoaded(true);
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <LazyToastHost />
    </Suspense>
  ) : null;
}

// Each waits in its own place, so the page around it stays while it loads.
function CameraScanner(props: ScanCameraProps) {
  return (
    <Suspense fallback={<Loader m="md" />}>
      <LazyCamera {...props} />
    </Suspense>
  );
}

function LabelPrintDialog(props: LabelPrintDialogSlotProps) {
  return (
    <Suspense fallback={null}>
      <LazyPrintDialog {...props} />
    </Suspense>
  );
}

/** The screen the address names; leaving a page takes its error toasts away with it. */
function Screens() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new pathname is what triggers the effect
  useEffect(() => toast.dismissStaleErrors(), [pathname]);
  // Once, for the page the app opened on; later screens load as they are opened.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first pathname only, on purpose
  useEffect(() => preloadScreen(pathname), []);
  return useRoutes(routes);
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <ToastHost />
        {/* Screens of every feature that take scans show the one camera of the scan feature. */}
        <ScanCameraContext.Provider value={CameraScanner}>
          {/* Screens of every feature that print labels open the one print dialog of the label-print feature. */}
          <LabelPrintContext.Provider value={LabelPrintDialog}>
            <Suspense fallback={<FullPageLoader />}>
              <BrowserRouter>
                <Screens />
              </BrowserRouter>
            </Suspense>
          </LabelPrintContext.Provider>
        </ScanCameraContext.Provider>
      </MantineProvider>
    </Provider>
  );
}
