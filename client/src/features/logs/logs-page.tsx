/**
 * Project Logs (/dashboard/receive_return) and Assign/Unassign Logs (/dashboard/assign_unassign),
 * spec 01 §2: the project picker, type and time filters, a search, rows coloured by type and
 * newest first, and export through the server's CSV download of every matching row.
 */
import { Button, Chip, Group, Pagination, SegmentedControl, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LOG_TYPES, type LogDays, type LogRow, type LogType } from '../../api/material-types.ts';
import { logsCsvUrl, useGetMaterialLogsQuery } from '../../api/materials-api.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { LogTable } from '../../components/log-table.tsx';
import { NoData } from '../../components/no-data.tsx';
import { LogsPanel, LogsResult, LogsSearch, LogTypeChips } from '../../components/logs-toolbar.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { ReasonedDisabledButton } from '../../components/reasoned-disabled-button.tsx';
import { ProjectPicker } from '../../shared/projects/project-picker.tsx';
import { useCurrentProjectSync } from '../../shared/projects/use-current-project-sync.ts';
import { canManageStock, isSuperadmin } from '../../shared/session/permissions.ts';
import { selectCurrentProject, selectSession } from '../../shared/session/session-selectors.ts';
import { FROZEN_REASON, useSiteStatus } from '../../shared/site/site-status.ts';
import {
  ASSIGNMENT_TYPES,
  DAY_FILTERS,
  entriesLabel,
  LOGS_PAGE_SIZE,
  readLogsFilter,
  toggleAssignmentType,
  writeLogsFilter,
  type LogsFilter,
  type LogsPageKind,
} from './logs-filters.ts';
import { useReverseUpload } from './reverse-upload.tsx';
import { useCorrectEntry } from './correct-entry.tsx';

export function ProjectLogsPage() {
  return <LogsPage kind="project" />;
}

export function AssignLogsPage() {
  return <LogsPage kind="assignments" />;
}

function LogsPage({ kind }: { kind: LogsPageKind }) {
  useCurrentProjectSync();
  const project = useAppSelector(selectCurrentProject);
  const { role, currentProjectRole } = useAppSelector(selectSession);
  const [params, setParams] = useSearchParams();
  const filter = readLogsFilter(params, kind);
  const [search, setSearch] = useState(filter.q);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const download = useServerDownload();
  const { frozen } = useSiteStatus();
  const update = (patch: Partial<LogsFilter>) => setParams(writeLogsFilter({ ...filter, page: 1, ...patch }, kind), { replace: true });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new settled search writes the address, not a change of the address itself
  useEffect(() => {
    if (debounced !== filter.q) update({ q: debounced });
    // Only a settled search is written to the address; everything else is read from there.
  }, [debounced]);

  const query = project
    ? { projectId: project.id, types: filter.types, days: filter.days, q: filter.q, page: filter.page, pageSize: LOGS_PAGE_SIZE }
    : skipToken;
  const { data, isLoading, isFetching, error } = useGetMaterialLogsQuery(query, { refetchOnMountOrArgChange: true });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / LOGS_PAGE_SIZE));
  // The same people as the bulk page: a superadmin, or the project's admins and managers.
  const reverseUpload = useReverseUpload(project?.id ?? null, data?.items ?? [], frozen);
  const mayReverse = kind === 'project' && canManageStock({ role, projectRole: currentProjectRole });
  // A correction rewrites no entry but changes past figures: a superadmin or the project's admin
  // (an auditor changes nothing, whatever their project role).
  const mayCorrect = isSuperadmin(role) || (currentProjectRole === 'admin' && role !== 'auditor');
  const correctEntry = useCorrectEntry(project?.id ?? null, frozen);
  const rowAction =
    mayReverse || mayCorrect
      ? (row: LogRow) => (
          <Group gap={4} wrap="nowrap">
            {mayReverse && reverseUpload.action(row)}
            {mayCorrect && correctEntry.action(row)}
          </Group>
        )
      : undefined;
  const title = kind === 'project' ? 'Project Logs' : 'Assign/Unassign Logs';
  const exportCsv = async () => {
    if (!project) return;
    await download(logsCsvUrl({ projectId: project.id, types: filter.types, days: filter.days, q: filter.q }));
  };

  return (
    <>
      <PageHeader title={title}>
        <Group gap="sm" wrap="wrap" w={{ base: '100%', sm: 'auto' }}>
          <ProjectPicker />
        </Group>
      </PageHeader>
      <Stack gap="md">
        <Group gap="xs" wrap="wrap">
          {kind === 'project' ? (
            <>
              <Button component={Link} to="/dashboard/assign_unassign" variant="default" size="xs">
                Assign/Unassign Logs
              </Button>
              {frozen ? (
                <>
                  <ReasonedDisabledButton reason={FROZEN_REASON} variant="default" size="xs">
                    Bulk Receive
                  </ReasonedDisabledButton>
                  <ReasonedDisabledButton reason={FROZEN_REASON} variant="default" size="xs">
                    Bulk Return
                  </ReasonedDisabledButton>
                </>
              ) : (
                <>
                  <Button component={Link} to="/dashboard/receive_return/bulk?action=receive" variant="default" size="xs">
                    Bulk Receive
                  </Button>
                  <Button component={Link} to="/dashboard/receive_return/bulk?action=return" variant="default" size="xs">
                    Bulk Return
                  </Button>
                </>
              )}
            </>
          ) : (
            <Button component={Link} to="/dashboard/receive_return" variant="default" size="xs">
              Project Logs
            </Button>
          )}
        </Group>
        <LogsPanel>
          <TypeFilter kind={kind} types={filter.types} onChange={(types) => update({ types })} />
          <LogsSearch
            placeholder="Search part, name or person"
            search={search}
            onSearch={setSearch}
            updating={isFetching && !isLoading}
            exportDisabled={!project}
            onExport={() => void exportCsv()}
          >
            <SegmentedControl aria-label="Time" size="xs" data={DAY_FILTERS} value={filter.days} onChange={(days) => update({ days: days as LogDays })} />
          </LogsSearch>
        </LogsPanel>
        {!project ? (
          <NoData text="No logs to display" />
        ) : (
          <LogsResult logs={{ isLoading, error }}>
            <LogTable rows={data?.items ?? []} layout={kind === 'project' ? 'movements' : 'assignments'} rowAction={rowAction} />
          </LogsResult>
        )}
        {data && data.total > 0 && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {entriesLabel(data)}, newest first
            </Text>
            {pages > 1 && <Pagination total={pages} value={filter.page} onChange={(page) => update({ page })} />}
          </Group>
        )}
      </Stack>
      {reverseUpload.dialog}
      {correctEntry.dialog}
    </>
  );
}

function TypeFilter({ kind, types, onChange }: { kind: LogsPageKind; types: LogType[]; onChange: (types: LogType[]) => void }) {
  if (kind === 'assignments') {
    return (
      <Group gap="xs" role="group" aria-label="Types">
        {ASSIGNMENT_TYPES.map((type) => (
          <Chip key={type} checked={types.includes(type)} onChange={() => onChange(toggleAssignmentType(types, type))}>
            {type}
          </Chip>
        ))}
      </Group>
    );
  }
  return <LogTypeChips types={['All', ...LOG_TYPES] as const} value={types[0] ?? 'All'} onChange={(value) => onChange(value === 'All' ? [] : [value])} />;
}
