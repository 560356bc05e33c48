/**
 * /dashboard: the selected project's inventory (spec 01 §2). The header holds the project picker
 * and Manage Project (handed in by the router: it belongs to the projects feature); below come the
 * project's name, customer and number, then the mode chosen in the sidebar: in materials mode the
 * Project Actions bar for those who may manage the project and the inventory; in assets mode the
 * assets feature's own bar, table and dialogs.
 */
import { Group, Paper, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useReducer, useState, type ReactNode } from 'react';
import { useGetInventoryQuery } from '../../api/materials-api.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { projectsApi, useListProjectsQuery } from '../../api/projects-api.ts';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { canCurateProject, canExportInventory, canManageStock, isSuperadmin } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { useSiteStatus } from '../../shared/site/site-status.ts';
import { DashboardDialogs } from './dashboard-dialogs.tsx';
import { dialogStack, type DashboardDialog } from './dialog-stack.ts';
import { InventoryPanel } from './inventory-panel.tsx';
import { useGetInventoryAtQuery } from '../../api/inventory-at-api.ts';
import { instantOf, isPast, NOW, PointInTimeControl, type PointInTime } from './point-in-time.tsx';
import { ProjectActionsBar } from './project-actions-bar.tsx';
import { DetailField } from '../../components/detail-field.tsx';
import { usePendingFigures } from '../../offline/use-pending-figures.ts';
import { AsOfNote, AsOfScope, useSavedAt } from '../../offline/as-of-note.tsx';

export const NO_PROJECTS_TEXT = 'You are not in any project yet. An administrator can add you to one.';
export const NO_PROJECTS_ADMIN_TEXT = 'There are no projects yet. Create one under Administration, Projects.';

/** `assets` is the assets mode, composed in by the router: it belongs to the assets feature. */
export function DashboardPage({ manageProject, assets }: { manageProject?: ReactNode; assets?: ReactNode }) {
  const { currentProject: project, role, currentProjectRole, dashboardMode } = useAppSelector(selectSession);
  useCurrentProjectSync();
  const access = { role, projectRole: currentProjectRole };
  const { frozen } = useSiteStatus();
  // Shares the picker's request. Someone in no project is told why the page is empty.
  const projects = useListProjectsQuery({});
  const noProjects = !project && projects.isSuccess && projects.data.length === 0;
  const materials = dashboardMode === 'materials';
  // Fetched afresh on every visit: changes to other projects are not pushed while away.
  const [pointInTime, setPointInTime] = useState<PointInTime>(NOW);
  const past = isPast(pointInTime);
  const today = useGetInventoryQuery(project && materials ? project.id : skipToken, { refetchOnMountOrArgChange: true });
  const then = useGetInventoryAtQuery(
    project && materials && past ? { projectId: project.id, asOf: instantOf(pointInTime.asOf), asKnownOn: instantOf(pointInTime.asKnownOn) } : skipToken,
  );
  // Whom stock can be assigned to is asked for on each visit, so it is on the device when the signal
  // goes; only by those the server lets assign.
  const prefetchAssignable = projectsApi.usePrefetch('getAssignableUsers');
  const online = useAppSelector((state) => state.offline.online);
  const assigns = canManageStock(access);
  useEffect(() => {
    if (project && materials && online && assigns) prefetchAssignable(project.id);
  }, [project, materials, online, assigns, prefetchAssignable]);
  // The dialogs act on today's stock whatever the table shows.
  const inventory = past ? then : today;
  // Field actions are checked against what this device's pending actions would leave.
  const withPending = usePendingFigures(project?.id ?? '', today.data);
  // Today's inventory shown from the device's copy (no signal): when the server gave it.
  const savedAt = useSavedAt(project && materials && !past ? { url: 'api/inventory/materials', params: { project_id: project.id } } : null);
  const [stack, dispatch] = useReducer(dialogStack, []);
  const open = useCallback((dialog: DashboardDialog) => dispatch({ type: 'open', dialog }), []);
  const back = useCallback(() => dispatch({ type: 'back' }), []);
  // Dialogs belong to the project they were opened in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of project or mode is what triggers the effect
  useEffect(() => dispatch({ type: 'closeAll' }), [project?.id, materials]);

  // Every figure on the page (table and dialogs) carries the time of the copy it shows.
  return (
    <AsOfScope savedAt={savedAt}>
      <PageHeader title="Project Inventory">
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <ProjectPicker />
          {manageProject}
        </Group>
      </PageHeader>
      <Stack gap="md">
        <Paper withBorder radius="md" p="md">
          {project ? (
            <Group gap="xl" wrap="wrap">
              <DetailField label="Project" value={project.project_name} />
              <DetailField label="Customer" value={project.project_customer || '—'} />
              <DetailField label="Number" value={project.project_number} />
            </Group>
          ) : (
            <Text c="dimmed">{noProjects ? (isSuperadmin(role) ? NO_PROJECTS_ADMIN_TEXT : NO_PROJECTS_TEXT) : 'No project selected'}</Text>
          )}
        </Paper>
        {materials && project && canManageStock(access) && (
          <ProjectActionsBar mode={dashboardMode} frozen={frozen} onAction={(action) => open({ kind: 'wizard', action })} />
        )}
        {!materials ? (
          project ? (
            assets
          ) : noProjects ? null : (
            <NoData />
          )
        ) : project ? (
          <Stack gap="xs">
            <PointInTimeControl value={pointInTime} onChange={setPointInTime} />
            <AsOfNote savedAt={savedAt} />
            <InventoryPanel
              projectId={project.id}
              rows={inventory.data}
              isLoading={inventory.isLoading}
              isFetching={inventory.isFetching}
              error={inventory.error}
              current={!past}
              canCurate={canCurateProject(access)}
              canExport={canExportInventory(role)}
              onOpen={open}
            />
          </Stack>
        ) : noProjects ? null : (
          <NoData />
        )}
      </Stack>
      {project && (
        <DashboardDialogs
          projectId={project.id}
          top={stack[stack.length - 1]}
          rows={today.data ?? []}
          fieldRows={withPending?.rows ?? []}
          canCurate={canCurateProject(access)}
          onOpen={open}
          onBack={back}
        />
      )}
    </AsOfScope>
  );
}
