/**
 * The asset inventory table (spec 01 §2): Asset Type, Asset Name, S/N after the name, Status
 * (Available green, In-Use red), a Details button per row; sortable, only the rows in view
 * rendered. On a phone one column holds the name, the serial (or a bulk asset's counts) and the
 * type on three lines, and the status sits above Details, so the serial stays in sight and nothing
 * scrolls sideways. Where labels may be printed, a tick before each serialized instance.
 */
import { Badge, Button, Stack, Text } from '@mantine/core';
import type { SortState } from '../../shared/table-sort.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { TwoLines, VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { type RowSelection, selectColumn } from '../../components/codes/print-selection.tsx';
import { assetRowKey, assetType, isBulk, STATUS_COLORS, statusLabel, type AssetSortKey } from './asset-table-model.ts';
import type { AssetRow } from './asset-types.ts';

const bulkCounts = (r: AssetRow) => `${r.QtyOnHand} on hand · ${r.AssignedQty} assigned`;

/** What the S/N column says: the serial, or for a bulk asset its counts. */
export const serialText = (r: AssetRow) => (isBulk(r) ? `Bulk · ${bulkCounts(r)}` : (r.serial_number ?? '—'));

/** The S/N cell: a bulk asset's counts go on a second line, as one line is too long for the column. */
const serialCell = (r: AssetRow) => (isBulk(r) ? <TwoLines main="Bulk" sub={bulkCounts(r)} /> : (r.serial_number ?? '—'));

export function StatusBadge({ row }: { row: Pick<AssetRow, 'Status'> }) {
  return (
    <Badge color={STATUS_COLORS[row.Status]} variant="light" tt="none" data-status={row.Status} style={{ minWidth: 'max-content' }}>
      {statusLabel(row.Status)}
    </Badge>
  );
}

/** A phone's asset cell: the name, then the serial or the counts, then the type. */
function PhoneAssetCell({ row }: { row: AssetRow }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text component="div" size="sm" fw={600} truncate="end">
        {row.AssetName}
      </Text>
      <Text component="div" size="xs" truncate="end">
        {isBulk(row) ? serialText(row) : `S/N ${row.serial_number ?? '—'}`}
      </Text>
      <Text component="div" size="xs" c="dimmed" truncate="end">
        {assetType(row)}
      </Text>
    </Stack>
  );
}

interface AssetsTableProps {
  rows: readonly AssetRow[];
  sort: SortState<AssetSortKey>;
  onSort: (key: AssetSortKey) => void;
  onDetails: (row: AssetRow) => void;
  /** Ticks per serialized instance, to print their labels. */
  selection?: RowSelection;
}

/** What names a row in its tick's label and the print: "ThinkPad T14 PF3X9". */
export const assetRowName = (r: AssetRow) => `${r.AssetName}${r.serial_number ? ` ${r.serial_number}` : ''}`;

export function AssetsTable({ rows, sort, onSort, onDetails, selection }: AssetsTableProps) {
  const phone = usePhone();
  const detailsButton = (r: AssetRow) => (
    <Button size="compact-sm" variant="light" aria-label={`Details of ${assetRowName(r)}`} onClick={() => onDetails(r)}>
      Details
    </Button>
  );
  const columns: VirtualColumn<AssetRow>[] = phone
    ? [
        {
          key: 'name',
          header: 'Asset / S/N',
          sortable: true,
          render: (r) => <PhoneAssetCell row={r} />,
          title: (r) => `${r.AssetName} — ${serialText(r)} · ${assetType(r)}`,
        },
        {
          key: 'status',
          header: 'Status',
          width: 104,
          align: 'right',
          sortable: true,
          render: (r) => (
            <Stack gap={6} align="flex-end">
              <StatusBadge row={r} />
              {detailsButton(r)}
            </Stack>
          ),
        },
      ]
    : [
        { key: 'type', header: 'Asset Type', width: 180, sortable: true, render: assetType, title: (r) => `${assetType(r)} · ${r.category}` },
        {
          key: 'name',
          header: 'Asset Name',
          sortable: true,
          render: (r) => (
            <Text span size="sm" fw={600}>
              {r.AssetName}
            </Text>
          ),
          title: (r) => (r.StandardName ? `${r.AssetName} · ${r.StandardName}` : r.AssetName),
        },
        { key: 'serial', header: 'S/N', width: 200, sortable: true, render: serialCell, title: serialText },
        { key: 'status', header: 'Status', width: 120, sortable: true, render: (r) => <StatusBadge row={r} /> },
        { key: 'details', header: '', width: 96, align: 'right', render: detailsButton },
      ];
  // A bulk asset has no instance of its own to label: it has no tick.
  const ticks = selection ? [selectColumn<AssetRow>(selection, (r) => r.instance_id ?? null, assetRowName)] : [];
  return (
    <VirtualTable
      ariaLabel="Assets inventory"
      rows={rows}
      columns={[...ticks, ...columns]}
      rowKey={assetRowKey}
      rowHeight={phone ? 76 : 44}
      minWidth={phone ? 0 : 640}
      sort={sort}
      onSort={(key) => onSort(key as AssetSortKey)}
      rowData={(r) => ({ 'data-asset': r.AssetNumber, 'data-serial': r.serial_number ?? '' })}
    />
  );
}
