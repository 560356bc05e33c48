/**
 * The searchable asset table of a project or warehouse, with its loading, failure and empty states;
 * where labels may be printed, ticks on the instances shown and "Print Labels (N)" for them.
 */
import { Center, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchFromLink } from '../../shared/deep-link.ts';
import { messageOr } from '../../api/error-message.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { toggleSort, type SortState } from '../../shared/table-sort.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { NoData } from '../../components/no-data.tsx';
import { PrintLabelsButton, SelectAllCheckbox, useRowSelection } from '../../components/codes/print-selection.tsx';
import { useLabelPrintDialog } from '../../components/codes/label-print-slot.ts';
import { DEFAULT_ASSET_SORT, visibleAssets, type AssetSortKey } from './asset-table-model.ts';
import type { AssetRow } from './asset-types.ts';
import { AssetsTable } from './assets-table.tsx';

interface AssetInventoryPanelProps {
  rows: readonly AssetRow[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: Parameters<typeof messageOr>[0];
  onDetails: (row: AssetRow) => void;
  /** Buttons beside the search (the tracker in a warehouse). */
  tools?: ReactNode;
  /** Offers printing the ticked instances' labels; `projectId` is the project they are in, whose templates may format them. */
  print?: { projectId?: string };
}

export function AssetInventoryPanel({ rows, isLoading, isFetching, error, onDetails, tools, print: offered }: AssetInventoryPanelProps) {
  // A link (a scanned asset number) may bring a search.
  const [search, setSearch] = useSearchFromLink();
  const [sort, setSort] = useState<SortState<AssetSortKey>>(DEFAULT_ASSET_SORT);
  const visible = useMemo(() => visibleAssets(rows ?? [], search, sort), [rows, search, sort]);
  const total = rows?.length ?? 0;
  const printable = useMemo(() => visible.flatMap((r) => (r.instance_id ? [r.instance_id] : [])), [visible]);
  const selection = useRowSelection(printable);
  // Ticks only where a print dialog is there to print them, and not on a phone, whose table has no
  // column to spare (the serial must stay whole); a phone prints one instance from Asset Details.
  const phone = usePhone();
  const print = useLabelPrintDialog() && !phone ? offered : undefined;
  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <TextInput
            aria-label="Search assets"
            maxLength={MAX_LENGTH.search}
            placeholder="Search type, name, number or serial"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
            w={{ base: '100%', xs: 320 }}
          />
          <Group gap="xs" wrap="wrap">
            {isFetching && !isLoading && <Loader size="xs" aria-label="Updating" />}
            {print && (
              <PrintLabelsButton
                count={selection.keys.length}
                source={() => ({ kind: 'assets', instance_ids: selection.keys, ...(print.projectId ? { project_id: print.projectId } : {}) })}
                templateProjectId={print.projectId}
              />
            )}
            {tools}
          </Group>
        </Group>
        {isLoading ? (
          <Center p="xl" aria-busy="true">
            <Group gap="sm">
              <Loader size="sm" />
              <Text c="dimmed">Loading assets…</Text>
            </Group>
          </Center>
        ) : error && !rows ? (
          <NoData text={messageOr(error, 'Failed to fetch asset inventory')} />
        ) : visible.length === 0 ? (
          <NoData />
        ) : (
          <>
            {print && <SelectAllCheckbox selection={selection} noun="assets" total={printable.length} />}
            <AssetsTable
              rows={visible}
              sort={sort}
              onSort={(key) => setSort((s) => toggleSort(s, key))}
              onDetails={onDetails}
              selection={print ? selection : undefined}
            />
            <Text size="xs" c="dimmed">
              {visible.length === total ? `${total} ${total === 1 ? 'asset' : 'assets'}` : `${visible.length} of ${total} assets`}
            </Text>
          </>
        )}
      </Stack>
    </Paper>
  );
}
