/**
 * Making a project the current one: the session gets the project and the user's role in it
 * (GET /api/projects/{id}/my-role). A superadmin always acts as project admin (spec 01 §6), so
 * their role needs no call.
 */
import { useCallback } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { isSuperadmin } from '../session/permissions.ts';
import { selectRole } from '../session/session-selectors.ts';
import { currentProjectSelected } from '../session/session-slice.ts';
import type { CurrentProject } from '../session/session-types.ts';
import { toCurrentProject } from '../../api/project-types.ts';
import { projectsApi } from '../../api/projects-api.ts';

export function useSelectProject(): (project: CurrentProject | null) => Promise<void> {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);

  return useCallback(
    async (project) => {
      if (!project) {
        dispatch(currentProjectSelected({ project: null }));
        return;
      }
      if (isSuperadmin(role)) {
        dispatch(currentProjectSelected({ project: toCurrentProject(project), projectRole: 'admin' }));
        return;
      }
      const result = await dispatch(
        projectsApi.endpoints.getMyProjectRole.initiate(project.id, {
          subscribe: false,
          forceRefetch: true,
        }),
      );
      // Without a known role the user gets the plain-user view; the server decides anyway.
      dispatch(
        currentProjectSelected({
          project: toCurrentProject(project),
          projectRole: result.data?.project_role ?? null,
        }),
      );
    },
    [dispatch, role],
  );
}
