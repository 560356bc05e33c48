/**
 * The one place where server changes reach the cache: a live connection for the signed-in layout,
 * following the current project, turning its change messages into tag invalidations.
 */
import { useEffect, useRef } from 'react';
import { baseApi } from '../api/base-api.ts';
import { authApi } from '../shared/session/auth-api.ts';
import { selectCurrentProject } from '../shared/session/session-selectors.ts';
import { useAppDispatch, useAppSelector } from '../shared/hooks.ts';
import { RealtimeClient } from './realtime.ts';
import { socketUrl } from './realtime-model.ts';

/**
 * Mounted once in the signed-in layout: keeps the cache of the current project live. The request
 * channel's notices (toasts, the unread badge) go to `onRequestNotice`, which must be stable.
 */
export function useRealtimeSync(onRequestNotice?: (text: string) => void): void {
  const dispatch = useAppDispatch();
  const projectId = useAppSelector(selectCurrentProject)?.id ?? null;
  const client = useRef<RealtimeClient | null>(null);

  useEffect(() => {
    const realtime = new RealtimeClient({
      // The request channel carries everything the general one does, plus the request notices.
      url: socketUrl(window.location, '/ws/requests'),
      onOther: onRequestNotice,
      invalidate: (tags) => dispatch(baseApi.util.invalidateTags(tags)),
      // Asking who we are goes through the base query, which refreshes the session cookie on a 401.
      onUnauthorized: () => {
        void dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
      },
    });
    client.current = realtime;
    realtime.start();
    const online = () => realtime.reconnectNow();
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
      realtime.stop();
      client.current = null;
    };
  }, [dispatch, onRequestNotice]);

  useEffect(() => {
    client.current?.setProject(projectId);
  }, [projectId]);
}
