/** Start-up: ask the server who we are; the base query's refresh rule applies to this call too. */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { authApi } from './auth-api.ts';
import { signedOut } from './session-slice.ts';

type AnyDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export function restoreSession() {
  return async (dispatch: AnyDispatch): Promise<void> => {
    const result = await dispatch(authApi.endpoints.me.initiate(undefined, { subscribe: false, forceRefetch: true }));
    // Success is applied by the slice's matcher on `me`; any failure means nobody is signed in.
    if (result.error || !result.data) dispatch(signedOut());
  };
}
