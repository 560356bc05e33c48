/**
 * Material Logs on the dashboard (spec 01 §2): receive and return, or assign and unassign, with a
 * search (opened from a part's details it starts with that part number) and the nickname toggle.
 */
import { Center, Group, Loader, Pagination, SegmentedControl, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import type { InventoryRow, LogRow, LogType } from '../../api/material-types.ts';
import { useGetMaterialLogsQuery } from '../../api/materials-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { SEARCH_DEBOUNCE_MS } from '../../shared/search-term.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { LogTable } from '../../components/log-table.tsx';
import type { LogGroup } from './dialog-stack.ts';
import { FETCH_LOGS_FAILED } from '../../shared/messages.ts';

const GROUP_TYPES: Record<LogGroup, LogType[]> = {
  receive_return: ['Receive', 'Return'],
  assign_unassign: ['Assign', 'Unassign'],
};

const PAGE_SIZE = 50;

interface MaterialLogsModalProps {
  projectId: string;
  rows: readonly InventoryRow[];
  group: LogGroup;
  search: string;
  onClose: () => void;
}

export function MaterialLogsModal({ projectId, rows, group: initialGroup, search: initialSearch, onClose }: MaterialLogsModalProps) {
  const [group, setGroup] = useState<LogGroup>(initialGroup);
  const [search, setSearch] = useState(initialSearch);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [useNicknames, setUseNicknames] = useState(false);
  const [page, setPage] = useState(1);
  const { data, isLoading, isFetching, error } = useGetMaterialLogsQuery({
    projectId,
    types: GROUP_TYPES[group],
    days: 'all',
    q: debounced,
    page,
    pageSize: PAGE_SIZE,
  });
  const nicknames = useMemo(() => new Map(rows.map((r) => [r.PartNumber, r.StandardName])), [rows]);
  const nameOf = (row: LogRow) => (useNicknames && nicknames.get(row.PartNumber)) || row.PartName;
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <AppModal opened onClose={onClose} title="Material Logs" size={1040}>
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <SegmentedControl
            aria-label="Log types"
            data={[
              { value: 'receive_return', label: 'Receive/Return' },
              { value: 'assign_unassign', label: 'Assign/Unassign' },
            ]}
            value={group}
            onChange={(value) => {
              setGroup(value as LogGroup);
              setPage(1);
            }}
          />
          <TextInput
            aria-label="Search logs"
            maxLength={MAX_LENGTH.search}
            placeholder="Search part, name or person"
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              setPage(1);
            }}
            style={{ flex: 1, minWidth: 180 }}
          />
          <Switch label="Use Nicknames" checked={useNicknames} onChange={(e) => setUseNicknames(e.currentTarget.checked)} />
          {isFetching && !isLoading && <Loader size="xs" aria-label="Updating" />}
        </Group>
        {isLoading ? (
          <Center p="lg">
            <Loader size="sm" />
          </Center>
        ) : error ? (
          <Text c="red">{messageOr(error, FETCH_LOGS_FAILED)}</Text>
        ) : (
          <LogTable rows={data?.items ?? []} layout={group === 'receive_return' ? 'movements' : 'assignments'} nameOf={nameOf} />
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination size="sm" total={pages} value={page} onChange={setPage} />
          </Group>
        )}
      </Stack>
    </AppModal>
  );
}
