/** Providers around the router: Redux, Mantine (theme and toasts). */
import { Loader, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Suspense, useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router.tsx';
import type { AppStore } from './store.ts';
import { theme } from './theme.ts';
import { TOAST_LIMIT, toast } from '../shared/toast.ts';
import { ScanCameraContext, type ScanCameraProps } from '../shared/scan-camera.ts';
import { LabelPrintContext, type LabelPrintDialogSlotProps } from '../components/codes/label-print-slot.ts';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { lazyScreen } from './lazy-screen.tsx';

// The camera (with its code reader) and the print dialog (with its PDF maker) load when first opened.
const LazyCamera = lazyScreen(() => import('../features/scan/camera/camera-scanner.tsx'), 'CameraScanner');
const LazyPrintDialog = lazyScreen(() => import('../features/label-print/label-print-dialog.tsx'), 'LabelPrintDialog');

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

export function App({ store }: { store: AppStore }) {
  const [router] = useState(createAppRouter);
  // An error toast belongs to the page it came from: leaving the page takes it away.
  useEffect(() => {
    let path = router.state.location.pathname;
    return router.subscribe((state) => {
      if (state.location.pathname === path) return;
      path = state.location.pathname;
      toast.dismissStaleErrors();
    });
  }, [router]);
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" limit={TOAST_LIMIT} />
        {/* Screens of every feature that take scans show the one camera of the scan feature. */}
        <ScanCameraContext.Provider value={CameraScanner}>
          {/* Screens of every feature that print labels open the one print dialog of the label-print feature. */}
          <LabelPrintContext.Provider value={LabelPrintDialog}>
            <Suspense fallback={<FullPageLoader />}>
              <RouterProvider router={router} />
            </Suspense>
          </LabelPrintContext.Provider>
        </ScanCameraContext.Provider>
      </MantineProvider>
    </Provider>
  );
}
