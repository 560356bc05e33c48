/** Browser entry: styles, the store (restored from localStorage), the session check, render, the service worker. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { makeStore } from './app/store.ts';
import { restoreSession } from './shared/session/restore-session.ts';
import { registerServiceWorker } from './offline/register-sw.tsx';

function browserStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be disabled by the browser; the app then simply forgets on reload.
    return undefined;
  }
}

const store = makeStore(browserStorage());
void store.dispatch(restoreSession());

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);

registerServiceWorker();
