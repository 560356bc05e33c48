/**
 * Turns the request channel's notices into what a person sees: `New request received` for 7 s and a
 * higher unread badge for the project's managers, the re-opened toast for 10 s. The badge goes up at
 * once; the count itself is asked of the server again at most once in 30 s.
 */
import { useCallback, useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { hasAdminAccess } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { toast } from '../../shared/toast.ts';
import { baseApi } from '../../api/base-api.ts';
import { noticeEffect, parseRequestNotice, UnreadRefresher, type Viewer } from './request-notices.ts';
import { requestsApi } from './requests-api.ts';

/** A stable handler for the live connection's messages other than `changed`. */
export function useRequestNotices(): (text: string) => void {
  const dispatch = useAppDispatch();
  const session = useAppSelector(selectSession);
  const viewer = useRef<Viewer>({ userId: null, projectId: null, manages: false });
  viewer.current = {
    userId: session.user?.id ?? null,
    projectId: session.currentProject?.id ?? null,
    manages: hasAdminAccess({ role: session.role, projectRole: session.currentProjectRole }),
  };
  const refresher = useRef<UnreadRefresher | null>(null);
  useEffect(() => {
    refresher.current = new UnreadRefresher((projectId) => dispatch(baseApi.util.invalidateTags([{ type: 'RequestUnread', id: projectId }])));
    return () => {
      refresher.current = null;
    };
  }, [dispatch]);

  return useCallback(
    (text: string) => {
      const notice = parseRequestNotice(text);
      if (!notice) return;
      const effect = noticeEffect(notice, viewer.current);
      if (effect.toast) toast.info(effect.toast.message, { duration: effect.toast.duration, id: effect.toast.id });
      if (effect.bump) {
        dispatch(
          requestsApi.util.updateQueryData('unreadRequests', notice.projectId, (draft) => {
            draft.count += 1;
          }),
        );
        refresher.current?.request(notice.projectId);
      }
    },
    [dispatch],
  );
}
