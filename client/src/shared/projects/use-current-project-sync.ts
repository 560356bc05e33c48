/**
 * Keeps the session's current project valid while the dashboard is open: picks the first
 * project when none is chosen (or the chosen one is gone), follows renames, and refreshes the
 * project role, which an admin may have changed since it was stored.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks.ts';
import { isSuperadmin } from '../session/permissions.ts';
import { selectCurrentProject, selectCurrentProjectRole, selectRole } from '../session/session-selectors.ts';
import { currentProjectRoleSet, currentProjectSelected } from '../session/session-slice.ts';
import { currentProjectDiffers, toCurrentProject } from '../../api/project-types.ts';
import { useGetMyProjectRoleQuery, useListProjectsQuery } from '../../api/projects-api.ts';
import { useSelectProject } from './use-select-project.ts';

export function useCurrentProjectSync(): void {
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const current = useAppSelector(selectCurrentProject);
  const currentRole = useAppSelector(selectCurrentProjectRole);
  const selectProject = useSelectProject();
  const superadmin = isSuperadmin(role);
  const projects = useListProjectsQuery({});

  useEffect(() => {
    if (!projects.isSuccess) return;
    const fresh = current ? projects.data.find((p) => p.id === current.id) : undefined;
    if (current && fresh) {
      if (currentProjectDiffers(current, fresh)) {
        dispatch(currentProjectSelected({ project: toCurrentProject(fresh), projectRole: currentRole }));
      }
      return;
    }
    void selectProject(projects.data[0] ?? null);
  }, [projects.isSuccess, projects.data, current, currentRole, dispatch, selectProject]);

  const myRole = useGetMyProjectRoleQuery(current && !superadmin ? current.id : skipToken, {
    refetchOnMountOrArgChange: true,
  });

  useEffect(() => {
    if (superadmin) {
      if (current && currentRole !== 'admin') dispatch(currentProjectRoleSet('admin'));
      return;
    }
    if (!myRole.isSuccess || myRole.originalArgs !== current?.id) return;
    const fresh = myRole.data.project_role?.toLowerCase() ?? null;
    if (fresh !== currentRole) dispatch(currentProjectRoleSet(fresh));
  }, [superadmin, current, currentRole, myRole.isSuccess, myRole.data, myRole.originalArgs, dispatch]);
}
