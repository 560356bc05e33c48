/** The Redux store: the one RTK Query cache plus the session, which is mirrored to localStorage. */
import { configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '../api/base-api.ts';
import type { SessionState } from '../shared/session/session-slice.ts';
import { rootReducer } from '../shared/root-reducer.ts';
import { createSiteSignalListener } from '../features/site/site-signal-listener.ts';
import { createEnrolmentGateListener } from '../features/security/enrolment-gate-listener.ts';
import { loadSessionState, persistSessionState, type StorageLike } from '../shared/session/session-storage.ts';

interface WithSession {
  session: SessionState;
}

export function makeStore(storage: StorageLike | undefined) {
  // A listener rather than store.subscribe: RTK Query's actions are auto-batched, so subscribers
  // can hear of a sign-in a frame late; listeners run right after the reducer.
  const persistence = createListenerMiddleware();
  if (storage) {
    persistence.startListening({
      predicate: (_action, current, previous) => (current as WithSession).session !== (previous as WithSession).session,
      effect: (_action, api) => {
        const previous = (api.getOriginalState() as WithSession).session;
        persistSessionState(storage, previous, (api.getState() as WithSession).session);
      },
    });
  }

  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) =>
      getDefault().prepend(persistence.middleware).concat(baseApi.middleware, createSiteSignalListener(), createEnrolmentGateListener()),
    preloadedState: { session: loadSessionState(storage) },
  });

  // Lets queries opt into refetch on focus and reconnect.
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
