/**
 * The store's reducers by name: the one RTK Query cache, the session and the offline state. Kept below the features so
 * the typed hooks know the state's shape without importing the store (app/store.ts is built from this).
 */
import type { StateFromReducersMapObject } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api.ts';
import { offlineReducer } from '../offline/offline-slice.ts';
import { sessionReducer } from './session/session-slice.ts';

export const rootReducer = {
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
  offline: offlineReducer,
};

export type RootState = StateFromReducersMapObject<typeof rootReducer>;
