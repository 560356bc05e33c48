/** Providers around the router: Redux, Mantine (theme and toasts). */
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router.tsx';
import type { AppStore } from './store.ts';
import { theme } from './theme.ts';
import { TOAST_LIMIT } from './toast.ts';

export function App({ store }: { store: AppStore }) {
  const [router] = useState(createAppRouter);
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <Notifications position="top-right" limit={TOAST_LIMIT} />
        <RouterProvider router={router} />
      </MantineProvider>
    </Provider>
  );
}
