/**
 * Asset Logs on the dashboard in assets mode (spec 01 §2 "Modals on the dashboard", §7 GET
 * /api/assets/transactions?project_id&limit=500): the project's asset transactions newest first,
 * the type filter (All, Receive, Return, Assign, Unassign, Lost, Found), a search (both applied by
 * the server), rows coloured by type as every log is, and the CSV export of every matching row.
 */
import { Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { LogsResult, LogsSearch, LogTypeChips } from '../../components/logs-toolbar.tsx';
import { assetLogsCsvUrl, useAssetLogsQuery } from './assets-api.ts';
import { ASSET_LOG_FILTERS, type AssetLogFilter } from './asset-log-model.ts';
import { AssetLogList } from './asset-log-table.tsx';

interface AssetLogsModalProps {
  project: { id: string; project_number: string; project_name: string };
  onClose: () => void;
}

export function AssetLogsModal({ project, onClose }: AssetLogsModalProps) {
  const [filter, setFilter] = useState<AssetLogFilter>('All');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const download = useServerDownload();
  const query = { owner: { type: 'project' as const, id: project.id }, type: filter, q };
  const logs = useAssetLogsQuery(query, { refetchOnMountOrArgChange: true });

  return (
    <AppModal opened onClose={onClose} title={`Asset Logs · ${project.project_number} · ${project.project_name}`} size="xl">
      <Stack gap="sm">
        <LogTypeChips types={ASSET_LOG_FILTERS} value={filter} onChange={setFilter} size="xs" />
        <LogsSearch
          placeholder="Search asset, serial, place or person"
          search={search}
          onSearch={setSearch}
          updating={logs.isFetching && !logs.isLoading}
          onExport={() => void download(assetLogsCsvUrl(query))}
        />
        <LogsResult logs={logs}>
          <AssetLogList rows={logs.data ?? []} />
        </LogsResult>
      </Stack>
    </AppModal>
  );
}
