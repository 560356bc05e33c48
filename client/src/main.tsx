/** Browser entry: styles, the store (restored from localStorage), the session check, render, the service worker. */
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { makeStore } from './app/store.ts';
import { startSession } from './app/signed-in-start.ts';
import { signedInElsewhere } from './shared/session/session-storage.ts';
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
startSession(store, window.location.pathname);

// Signed out, or in as someone else, in another tab: this tab starts again as whoever it is now,
// so it never sends one person's queued actions or saves screens under another's session.
window.addEventListener('storage', (event) => {
  if (signedInElsewhere(event, store.getState().session.user?.id ?? null)) window.location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// As a transition, the first render yields to the browser every few milliseconds instead of holding
// the main thread until the whole page is built: a phone's taps and paints are not kept waiting.
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});

registerServiceWorker();
