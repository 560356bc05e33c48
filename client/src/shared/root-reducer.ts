/**
 * The store's reducers by name: the one RTK Query cache and the session. Kept below the features so
 * the typed hooks know the state's shape without importing the store (app/store.ts is built from this).
 */
import type { StateFromReducersMapObject } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api.ts';
import { sessionReducer } from './session/session-slice.ts';

export const rootReducer = {
  [baseApi.reducerPath]: baseApi.reducer,
  session: sessionReducer,
};

export type RootState = StateFromReducersMapObject<typeof rootReducer>;
