/**
 * The number on the sidebar's Requests entry (spec 02 §2.2): requests submitted since the manager
 * last opened Manage Requests, for those who manage the project; nothing for anyone else. It is not
 * refetched by every change of the project's requests: notices raise it at once, and a refresh
 * from the server comes at most once in 30 s (use-request-notices.ts).
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useAppSelector } from '../../shared/hooks.ts';
import { hasAdminAccess } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { useUnreadRequestsQuery } from './requests-api.ts';

export function useUnreadRequests(): number {
  const { currentProject, role, currentProjectRole } = useAppSelector(selectSession);
  const manages = hasAdminAccess({ role, projectRole: currentProjectRole });
  const unread = useUnreadRequestsQuery(manages && currentProject ? currentProject.id : skipToken);
  return manages ? (unread.data?.count ?? 0) : 0;
}
