/**
 * /warehouses/logs (spec 02 §2.5): the warehouse selector, a type filter (All, Receive, Return,
 * Assign, Unassign, Lost, Found), a search, rows coloured by type, newest first, and the CSV
 * export of every matching row (material_warehouse_logs_{timestamp}.csv, named by the server).
 */
import { Group, Pagination, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { WAREHOUSE_LOG_TYPES, type WarehouseLogType } from '@contract/vocabulary.ts';
import { useGetWarehouseLogsQuery, warehouseLogsCsvUrl } from '../../api/warehouses-api.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { LogsPanel, LogsResult, LogsSearch, LogTypeChips } from '../../components/logs-toolbar.tsx';
import { WarehouseLogTable } from './warehouse-log-table.tsx';
import { type WarehouseChoice, WarehouseHeader, warehouseScreen } from '../../components/warehouse-select.tsx';
import { WAREHOUSE_LOGS_TITLE } from '../../shared/messages.ts';

export const WAREHOUSE_LOGS_PAGE_SIZE = 100;

export const WarehouseLogsPage = warehouseScreen(WAREHOUSE_LOGS_TITLE, WarehouseLogs);

function WarehouseLogs({ choice }: { choice: WarehouseChoice }) {
  const warehouse = choice.chosen;
  const [type, setType] = useState<WarehouseLogType | 'All'>('All');
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const download = useServerDownload();
  const types = type === 'All' ? [] : [type];
  const logs = useGetWarehouseLogsQuery(warehouse ? { warehouseId: warehouse.id, types, q, page, pageSize: WAREHOUSE_LOGS_PAGE_SIZE } : skipToken, {
    refetchOnMountOrArgChange: true,
  });
  const pages = Math.max(1, Math.ceil((logs.data?.total ?? 0) / WAREHOUSE_LOGS_PAGE_SIZE));

  return (
    <>
      <WarehouseHeader title={WAREHOUSE_LOGS_TITLE} choice={choice} />
      <Stack gap="md">
        <LogsPanel>
          <LogTypeChips
            types={['All', ...WAREHOUSE_LOG_TYPES] as const}
            value={type}
            onChange={(value) => {
              setType(value);
              setPage(1);
            }}
          />
          <LogsSearch
            placeholder="Search part, name or person"
            search={search}
            onSearch={(value) => {
              setSearch(value);
              setPage(1);
            }}
            updating={logs.isFetching && !logs.isLoading}
            exportDisabled={!warehouse}
            onExport={() => warehouse && void download(warehouseLogsCsvUrl({ warehouseId: warehouse.id, types, q }))}
          />
        </LogsPanel>
        <LogsResult choice={choice} logs={logs}>
          <WarehouseLogTable rows={logs.data?.items ?? []} />
        </LogsResult>
        {logs.data && logs.data.total > 0 && (
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text size="sm" c="dimmed">
              {logs.data.total_capped ? `${logs.data.total.toLocaleString('en-US')}+` : logs.data.total} {logs.data.total === 1 ? 'entry' : 'entries'}, newest
              first
            </Text>
            {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} />}
          </Group>
        )}
      </Stack>
    </>
  );
}
