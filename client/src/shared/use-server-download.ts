/** Export buttons: download a server file with a session cookie that is known to be fresh. */
import { useCallback } from 'react';
import { downloadFromServer } from '../api/download.ts';
import { authApi } from './session/auth-api.ts';
import { useAppDispatch } from './hooks.ts';

export function useServerDownload(): (url: string) => Promise<void> {
  const dispatch = useAppDispatch();
  return useCallback(
    async (url: string) => {
      // The browser's own download cannot refresh an expired access cookie, and would save the
      // 401 answer as the file; a call through the base query refreshes it first when needed.
      await dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
      downloadFromServer(url);
    },
    [dispatch],
  );
}
