/**
 * The materials inventory of the dashboard (spec 01 §2): search, Use Nicknames, sortable columns,
 * stock colouring, a Details button per row, ticks on the parts shown with "Print Labels (N)" for
 * their labels, and for the right people Stock Warnings, the logs and CSV export. Only the rows in view are rendered, so ten thousand parts stay smooth.
 */
import { Alert, Badge, Button, Center, Group, Loader, Paper, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { LINK_PARAMS, useLinkedParam, useSearchFromLink } from '../../shared/deep-link.ts';
import { messageOr } from '../../api/error-message.ts';
import type { InventoryRow } from '../../api/material-types.ts';
import { inventoryCsvUrl } from '../../api/materials-api.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { toggleSort, type SortState } from '../../shared/table-sort.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { useServerDownload } from '../../shared/use-server-download.ts';
import { NoData } from '../../components/no-data.tsx';
import { VirtualTable } from '../../components/virtual-table.tsx';
import { PrintLabelsButton, SelectAllCheckbox, selectColumn, useRowSelection } from '../../components/codes/print-selection.tsx';
import { useLabelPrintDialog } from '../../components/codes/label-print-slot.ts';
import type { DashboardDialog } from './dialog-stack.ts';
import { inventoryColumns } from './inventory-columns.tsx';
import { usePendingFigures } from '../../offline/use-pending-figures.ts';
import { DEFAULT_INVENTORY_SORT, STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS, stockLevel, visibleInventory, type InventorySortKey } from './inventory-model.ts';

interface InventoryPanelProps {
  projectId: string;
  rows: readonly InventoryRow[] | undefined;
  isLoading: boolean;
  isFetching: boolean;
  error: Parameters<typeof messageOr>[0];
  /** Today's figures, to which the actions waiting on this device apply (not a past point in time). */
  current?: boolean;
  canCurate: boolean;
  canExport: boolean;
  onOpen: (dialog: DashboardDialog) => void;
}

export function InventoryPanel({
  projectId,
  rows: confirmedRows,
  isLoading,
  isFetching,
  error,
  current = true,
  canCurate,
  canExport,
  onOpen,
}: InventoryPanelProps) {
  // A link (a scan's "search the inventory") may bring a search; a part's link marks its row.
  const [search, setSearch] = useSearchFromLink();
  const [part] = useLinkedParam(LINK_PARAMS.part);
  const [useNicknames, setUseNicknames] = useLocalStorage({ key: 'stockledger.useNicknames', defaultValue: false });
  const [sort, setSort] = useState<SortState<InventorySortKey>>(DEFAULT_INVENTORY_SORT);
  const download = useServerDownload();
  const phone = usePhone();
  const withPending = usePendingFigures(projectId, confirmedRows, current);
  const rows = withPending?.rows;
  const pending = withPending?.pending;
  const visible = useMemo(() => visibleInventory(rows ?? [], { search, sort, useNicknames }), [rows, search, sort, useNicknames]);

  const wanted = part ? rows?.find((r) => r.PartNumber === part) : undefined;
  const wantedHidden = wanted !== undefined && !visible.includes(wanted);

  const partNumbers = useMemo(() => visible.map((r) => r.PartNumber), [visible]);
  const selection = useRowSelection(partNumbers, projectId);
  // Ticks only where a print dialog is there to print them, and not on a phone, whose table has no
  // column to spare (sheets of labels are printed at a desk).
  const prints = useLabelPrintDialog() !== null && !phone;
  const columns = useMemo(
    () => [
      selectColumn<InventoryRow>(
        selection,
        (r) => r.PartNumber,
        (r) => r.PartNumber,
      ),
      ...inventoryColumns(useNicknames, phone, canCurate, onOpen, pending),
    ],
    [selection, useNicknames, phone, canCurate, onOpen, pending],
  );

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="sm">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap" style={{ flex: 1, minWidth: 0 }}>
            <TextInput
              aria-label="Search inventory"
              maxLength={MAX_LENGTH.search}
              placeholder="Search part number, name or nickname"
              value={search}
              onChange={(event) => setSearch(event.currentTarget.value)}
              w={{ base: '100%', xs: 300 }}
            />
            <Switch label="Use Nicknames" checked={useNicknames} onChange={(event) => setUseNicknames(event.currentTarget.checked)} />
          </Group>
          <Group gap="xs" wrap="wrap">
            {isFetching && !isLoading && <Loader size="xs" aria-label="Updating" />}
            {prints && (
              <PrintLabelsButton
                count={selection.keys.length}
                source={() => ({ kind: 'parts', project_id: projectId, part_numbers: selection.keys })}
                templateProjectId={projectId}
              />
            )}
            {canCurate && (
              <>
                <Button variant="default" size="sm" onClick={() => onOpen({ kind: 'warnings', materialId: null })}>
                  Stock Warnings
                </Button>
                <Button variant="default" size="sm" onClick={() => onOpen({ kind: 'logs', group: 'receive_return', search: '' })}>
                  Material Logs
                </Button>
              </>
            )}
            {canExport && (
              <Button variant="default" size="sm" onClick={() => void download(inventoryCsvUrl(projectId))}>
                Export CSV
              </Button>
            )}
          </Group>
        </Group>
        {wantedHidden && (
          <Alert color="blue" p="xs">
            <Group gap="sm" justify="space-between" wrap="wrap">
              <Text size="sm">Part {part} is hidden by the search.</Text>
              <Button size="compact-sm" variant="light" onClick={() => setSearch('')}>
                Clear search
              </Button>
            </Group>
          </Alert>
        )}
        {isLoading ? (
          <Center p="xl" aria-busy="true">
            <Group gap="sm">
              <Loader size="sm" />
              <Text c="dimmed">Loading inventory…</Text>
            </Group>
          </Center>
        ) : error && !rows ? (
          <NoData text={messageOr(error, 'Failed to fetch material inventory')} />
        ) : visible.length === 0 ? (
          <NoData />
        ) : (
          <>
            {prints && <SelectAllCheckbox selection={selection} noun="parts" total={partNumbers.length} />}
            <VirtualTable
              ariaLabel="Materials inventory"
              rows={visible}
              columns={columns}
              rowKey={(r) => r.material_id}
              rowHeight={phone ? 56 : 44}
              minWidth={phone ? 0 : 640}
              sort={sort}
              onSort={(key) => setSort((current) => toggleSort(current, key as InventorySortKey))}
              rowStyle={(r) => {
                const color = STOCK_LEVEL_COLORS[stockLevel(r)];
                return {
                  ...(color ? { backgroundColor: `var(--mantine-color-${color}-light)` } : {}),
                  // A part whose figures include actions not yet sent: a violet edge down its row.
                  ...(pending?.has(r.PartNumber) ? { boxShadow: 'inset 3px 0 0 var(--mantine-color-violet-6)' } : {}),
                };
              }}
              rowData={(r) => ({ 'data-stock': stockLevel(r), 'data-part': r.PartNumber, ...(pending?.has(r.PartNumber) ? { 'data-pending': 'true' } : {}) })}
              highlight={wanted?.material_id ?? null}
            />
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="xs" c="dimmed">
                {partCount(visible.length, rows?.length ?? 0)}
              </Text>
              {pending && pending.size > 0 && <PendingNote count={[...pending.values()].reduce((n, p) => n + p.actions.length, 0)} />}
              <Legend />
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

function partCount(shown: number, total: number): string {
  const noun = total === 1 ? 'part' : 'parts';
  const count = (n: number) => n.toLocaleString();
  return shown === total ? `${count(total)} ${noun}` : `${count(shown)} of ${count(total)} ${noun}`;
}

/** Why some figures are marked: they include what this device has not sent yet. */
function PendingNote({ count }: { count: number }) {
  return (
    <Text size="xs" c="violet.9" fs="italic">
      {`Figures after an arrow include ${count} action${count === 1 ? '' : 's'} not yet sent from this device`}
    </Text>
  );
}

function Legend() {
  return (
    <Group gap={6} wrap="nowrap">
      <Badge tt="none" color="red" variant="light" size="sm">
        {STOCK_LEVEL_LABELS.critical}
      </Badge>
      <Badge tt="none" color="yellow" variant="light" size="sm">
        {STOCK_LEVEL_LABELS.low}
      </Badge>
    </Group>
  );
}
