/**
 * /warehouses/logs in assets mode (spec 02 §2.5): the warehouse selector, the type filter, a
 * search (both applied by the server), rows coloured by type and newest first (the last 500,
 * spec 02 §9), and the CSV export
 * (asset_warehouse_logs_{timestamp}.csv, named by the server).
 */
import { Button, Center, Chip, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { messageOr } from '../../api/error-message.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { NoData } from '../../components/no-data.tsx';
import { assetLogsCsvUrl, useAssetLogsQuery } from './assets-api.ts';
import { ASSET_LOG_FILTERS, type AssetLogFilter } from './asset-log-model.ts';
import { AssetLogTable } from './asset-log-table.tsx';
import { useWarehouseChoice, WarehouseHeader, WarehousesOnly } from '../../components/warehouse-select.tsx';

const TITLE = 'Warehouse Logs';

export function WarehouseAssetLogsPage() {
  return (
    <WarehousesOnly title={TITLE}>
      <WarehouseAssetLogs />
    </WarehousesOnly>
  );
}

function WarehouseAssetLogs() {
  const choice = useWarehouseChoice();
  const warehouse = choice.chosen;
  const [filter, setFilter] = useState<AssetLogFilter>('All');
  const [search, setSearch] = useState('');
  const download = useServerDownload();
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query = warehouse ? { owner: { type: 'warehouse' as const, id: warehouse.id }, type: filter, q } : null;
  const logs = useAssetLogsQuery(query ?? skipToken, { refetchOnMountOrArgChange: true });
  const visible = logs.data ?? [];

  return (
    <>
      <WarehouseHeader title={TITLE} choice={choice} />
      <Stack gap="md">
        <Paper withBorder radius="md" p="sm">
          <Stack gap="sm">
            <Chip.Group multiple={false} value={filter} onChange={(v) => setFilter(v as AssetLogFilter)}>
              <Group gap="xs" role="group" aria-label="Types">
                {ASSET_LOG_FILTERS.map((t) => (
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
                placeholder="Search asset, serial, place or person"
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                style={{ flex: 1, minWidth: 200 }}
              />
              {logs.isFetching && !logs.isLoading && <Loader size="xs" aria-label="Updating" />}
              <Button variant="default" disabled={!warehouse} onClick={() => query && void download(assetLogsCsvUrl(query))}>
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
          <>
            <AssetLogTable rows={visible} />
            {visible.length > 0 && (
              <Text size="sm" c="dimmed">
                {visible.length} {visible.length === 1 ? 'entry' : 'entries'}, newest first
              </Text>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
