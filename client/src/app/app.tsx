/** Providers around the router: Redux, Mantine (theme and toasts). */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router.tsx';
import type { AppStore } from './store.ts';
import { theme } from './theme.ts';
import { TOAST_LIMIT, toast } from '../shared/toast.ts';
import { ScanCameraContext } from '../shared/scan-camera.ts';
import { CameraScanner } from '../features/scan/camera/camera-scanner.tsx';
import { LabelPrintContext } from '../components/codes/label-print-slot.ts';
import { LabelPrintDialog } from '../features/label-print/label-print-dialog.tsx';

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
            <RouterProvider router={router} />
          </LabelPrintContext.Provider>
        </ScanCameraContext.Provider>
      </MantineProvider>
    </Provider>
  );
}
