/**
 * /warehouses/logs in assets mode (spec 02 §2.5): the warehouse selector, the type filter, a
 * search (both applied by the server), rows coloured by type and newest first (the last 500,
 * spec 02 §9), and the CSV export
 * (asset_warehouse_logs_{timestamp}.csv, named by the server).
 */
import { Stack } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { LogsPanel, LogsResult, LogsSearch, LogTypeChips } from '../../components/logs-toolbar.tsx';
import { assetLogsCsvUrl, useAssetLogsQuery } from './assets-api.ts';
import { ASSET_LOG_FILTERS, type AssetLogFilter } from './asset-log-model.ts';
import { AssetLogList } from './asset-log-table.tsx';
import { type WarehouseChoice, WarehouseHeader, warehouseScreen } from '../../components/warehouse-select.tsx';
import { WAREHOUSE_LOGS_TITLE } from '../../shared/messages.ts';

export const WarehouseAssetLogsPage = warehouseScreen(WAREHOUSE_LOGS_TITLE, WarehouseAssetLogs);

function WarehouseAssetLogs({ choice }: { choice: WarehouseChoice }) {
  const warehouse = choice.chosen;
  const [filter, setFilter] = useState<AssetLogFilter>('All');
  const [search, setSearch] = useState('');
  const download = useServerDownload();
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = warehouse ? { owner: { type: 'warehouse' as const, id: warehouse.id }, type: filter, q } : null;
  const logs = useAssetLogsQuery(query ?? skipToken, { refetchOnMountOrArgChange: true });

  return (
    <>
      <WarehouseHeader title={WAREHOUSE_LOGS_TITLE} choice={choice} />
      <Stack gap="md">
        <LogsPanel>
          <LogTypeChips types={ASSET_LOG_FILTERS} value={filter} onChange={setFilter} />
          <LogsSearch
            placeholder="Search asset, serial, place or person"
            search={search}
            onSearch={setSearch}
            updating={logs.isFetching && !logs.isLoading}
            exportDisabled={!warehouse}
            onExport={() => query && void download(assetLogsCsvUrl(query))}
          />
        </LogsPanel>
        <LogsResult choice={choice} logs={logs}>
          <AssetLogList rows={logs.data ?? []} />
        </LogsResult>
      </Stack>
    </>
  );
}
