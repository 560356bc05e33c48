/**
 * Asset Logs on the dashboard in assets mode (spec 01 §2 "Modals on the dashboard", §7 GET
 * /api/assets/transactions?project_id&limit=500): the project's asset transactions newest first,
 * the type filter (All, Receive, Return, Assign, Unassign, Lost, Found), a search (both applied by
 * the server), rows coloured by type as every log is, and the CSV export of every matching row.
 */
import { Button, Center, Chip, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { NoData } from '../../components/no-data.tsx';
import { assetLogsCsvUrl, useAssetLogsQuery } from './assets-api.ts';
import { ASSET_LOG_FILTERS, type AssetLogFilter } from './asset-log-model.ts';
import { AssetLogTable } from './asset-log-table.tsx';

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
  const rows = logs.data ?? [];

  return (
    <AppModal opened onClose={onClose} title={`Asset Logs · ${project.project_number} · ${project.project_name}`} size="xl">
      <Stack gap="sm">
        <Chip.Group multiple={false} value={filter} onChange={(v) => setFilter(v as AssetLogFilter)}>
          <Group gap="xs" role="group" aria-label="Types">
            {ASSET_LOG_FILTERS.map((t) => (
              <Chip key={t} value={t} size="xs">
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
          <Button variant="default" onClick={() => void download(assetLogsCsvUrl(query))}>
            Export CSV
          </Button>
        </Group>
        {logs.isLoading ? (
          <Center p="xl">
            <Loader />
          </Center>
        ) : logs.error ? (
          <NoData text={messageOr(logs.error, 'Failed to fetch logs')} />
        ) : (
          <>
            <AssetLogTable rows={rows} />
            {rows.length > 0 && (
              <Text size="sm" c="dimmed">
                {rows.length} {rows.length === 1 ? 'entry' : 'entries'}, newest first
              </Text>
            )}
          </>
        )}
      </Stack>
    </AppModal>
  );
}
