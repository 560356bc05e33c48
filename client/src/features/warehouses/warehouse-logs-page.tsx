/**
 * /warehouses/logs (spec 02 §2.5): the warehouse selector, a type filter (All, Receive, Return,
 * Assign, Unassign, Lost, Found), a search, rows coloured by type, newest first, and the CSV
 * export of every matching row (material_warehouse_logs_{timestamp}.csv, named by the server).
 */
import { Button, Center, Chip, Group, Loader, Pagination, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { WAREHOUSE_LOG_TYPES, type WarehouseLogType } from '@contract/vocabulary.ts';
import { useGetWarehouseLogsQuery, warehouseLogsCsvUrl } from '../../api/warehouses-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { NoData } from '../../components/no-data.tsx';
import { WarehouseLogTable } from './warehouse-log-table.tsx';
import { useWarehouseChoice, WarehouseHeader, WarehousesOnly } from '../../components/warehouse-select.tsx';

const TITLE = 'Warehouse Logs';
export const WAREHOUSE_LOGS_PAGE_SIZE = 100;

export function WarehouseLogsPage() {
  return (
    <WarehousesOnly title={TITLE}>
      <WarehouseLogs />
    </WarehousesOnly>
  );
}

function WarehouseLogs() {
  const choice = useWarehouseChoice();
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
      <WarehouseHeader title={TITLE} choice={choice} />
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Chip.Group
              multiple={false}
              value={type}
              onChange={(value) => {
                setType(value as WarehouseLogType | 'All');
                setPage(1);
              }}
            >
              <Group gap="xs" role="group" aria-label="Types">
                {['All', ...WAREHOUSE_LOG_TYPES].map((t) => (
                  <Chip key={t} value={t}>
                    {t}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            <Group gap="sm" wrap="wrap" align="center">
              <TextInput
                aria-label="Search logs"
                maxLength={MAX_LENGTH.search}
                placeholder="Search part, name or person"
                value={search}
                onChange={(e) => {
                  setSearch(e.currentTarget.value);
                  setPage(1);
                }}
                style={{ flex: 1, minWidth: 200 }}
              />
              {logs.isFetching && !logs.isLoading && <Loader size="xs" aria-label="Updating" />}
              <Button
                variant="default"
                disabled={!warehouse}
                onClick={() => warehouse && void download(warehouseLogsCsvUrl({ warehouseId: warehouse.id, types, q }))}
              >
                Export CSV
              </Button>
            </Group>
          </Stack>
        </Paper>
        {choice.list.isError ? (
          <NoData text={messageOr(choice.list.error, 'Failed to load warehouses.')} />
        ) : !warehouse ? (
          <NoData text={choice.list.isLoading ? 'Loading…' : 'There are no warehouses yet.'} />
        ) : logs.isLoading ? (
          <Center p="xl">
            <Loader />
          </Center>
        ) : logs.error ? (
          <NoData text={messageOr(logs.error, 'Failed to fetch logs')} />
        ) : (
          <WarehouseLogTable rows={logs.data?.items ?? []} />
        )}
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
