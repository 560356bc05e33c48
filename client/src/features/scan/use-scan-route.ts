/**
 * Going where a scan points: the project it belongs to made current (with the user's role in it),
 * the inventory mode and sidebar section the screen is in chosen, then the address.
 */
import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useListWarehousesQuery } from '../../api/warehouses-api.ts';
import { projectsApi } from '../../api/projects-api.ts';
import { useAppDispatch, useAppSelector } from '../../shared/hooks.ts';
import { useSelectProject } from '../../shared/projects/use-select-project.ts';
import { canUseWarehouses } from '../../shared/session/permissions.ts';
import { selectCurrentProject, selectRole } from '../../shared/session/session-selectors.ts';
import { dashboardModeSet, sectionSet } from '../../shared/session/session-slice.ts';
import type { ScanPlace, ScanRoute } from './scan-targets.ts';

export function useGoToScanRoute(): (route: ScanRoute) => Promise<void> {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const current = useAppSelector(selectCurrentProject);
  const selectProject = useSelectProject();
  return useCallback(
    async (route: ScanRoute) => {
      if (route.mode) dispatch(dashboardModeSet(route.mode));
      dispatch(sectionSet(route.path.startsWith('/labels') ? 'labels' : 'inventory'));
      if (route.projectId && route.projectId !== current?.id) {
        const projects = await dispatch(projectsApi.endpoints.listProjects.initiate({}, { subscribe: false }));
        const project = projects.data?.find((p) => p.id === route.projectId);
        if (project) await selectProject(project);
      }
      navigate(route.path);
    },
    [dispatch, navigate, current?.id, selectProject],
  );
}

/**
 * The project and warehouse a scan is read in: the current project, and on a warehouse screen (or
 * the scan page opened from one) the warehouse it shows: the one its link names, else the first
 * active one, as the warehouse selector chooses.
 */
export function useScanPlace(): ScanPlace {
  const project = useAppSelector(selectCurrentProject);
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const named = params.get('warehouse');
  // Only those who may see warehouses are on a warehouse screen's content (others are told no there).
  const role = useAppSelector(selectRole);
  const onWarehouses = pathname.startsWith('/warehouses') && canUseWarehouses(role);
  const list = useListWarehousesQuery(undefined, { skip: !onWarehouses || named !== null });
  const shown = onWarehouses && named === null ? (list.data?.find((w) => w.active) ?? list.data?.[0]) : undefined;
  return { projectId: project?.id ?? null, warehouseId: named ?? shown?.id ?? null };
}
