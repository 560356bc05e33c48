/**
 * Reads the signed-in person again, as the server now sees them: after a second factor is added or
 * removed, their standing with the site's policy (the enrolment gate) may have changed. Nothing
 * holds the person's query open, so invalidating its tag alone would read nothing.
 */
import { useCallback } from 'react';
import { useAppDispatch } from '../hooks.ts';
import { authApi } from './auth-api.ts';

export function useRefreshMe(): () => void {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    void dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
  }, [dispatch]);
}
