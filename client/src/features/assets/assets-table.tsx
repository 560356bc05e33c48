/**
 * The asset inventory table (spec 01 §2): Asset Type, Asset Name, S/N after the name, Status
 * (Available green, In-Use red), a Details button per row; sortable, only the rows in view
 * rendered. On a phone type, name and serial share one two-line column so nothing scrolls sideways.
 */
import { Badge, Button, Text } from '@mantine/core';
import type { SortState } from '../../app/table-sort.ts';
import { usePhone } from '../../app/use-phone.ts';
import { TwoLines, VirtualTable, type VirtualColumn } from '../../components/virtual-table.tsx';
import { assetRowKey, assetType, isBulk, STATUS_COLORS, statusLabel, type AssetSortKey } from './asset-table-model.ts';
import type { AssetRow } from './asset-types.ts';

/** What the S/N column says: the serial, or for a bulk asset its counts. */
export const serialText = (r: AssetRow) => (isBulk(r) ? `Bulk · ${r.QtyOnHand} on hand · ${r.AssignedQty} assigned` : (r.serial_number ?? '—'));

export function StatusBadge({ row }: { row: Pick<AssetRow, 'Status'> }) {
  return (
    <Badge color={STATUS_COLORS[row.Status]} variant="light" tt="none" data-status={row.Status}>
      {statusLabel(row.Status)}
    </Badge>
  );
}

interface AssetsTableProps {
  rows: readonly AssetRow[];
  sort: SortState<AssetSortKey>;
  onSort: (key: AssetSortKey) => void;
  onDetails: (row: AssetRow) => void;
}

export function AssetsTable({ rows, sort, onSort, onDetails }: AssetsTableProps) {
  const phone = usePhone();
  const details: VirtualColumn<AssetRow> = {
    key: 'details',
    header: '',
    width: phone ? 80 : 96,
    align: 'right',
    render: (r) => (
      <Button
        size="compact-sm"
        variant="light"
        aria-label={`Details of ${r.AssetName}${r.serial_number ? ` ${r.serial_number}` : ''}`}
        onClick={() => onDetails(r)}
      >
        Details
      </Button>
    ),
  };
  const status: VirtualColumn<AssetRow> = { key: 'status', header: 'Status', width: phone ? 96 : 120, sortable: true, render: (r) => <StatusBadge row={r} /> };
  const columns: VirtualColumn<AssetRow>[] = phone
    ? [
        {
          key: 'name',
          header: 'Asset / S/N',
          sortable: true,
          render: (r) => <TwoLines main={r.AssetName} sub={`${assetType(r)} · ${serialText(r)}`} />,
          title: (r) => `${r.AssetName} — ${assetType(r)} · ${serialText(r)}`,
        },
        status,
        details,
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
        { key: 'serial', header: 'S/N', width: 200, sortable: true, render: serialText, title: serialText },
        status,
        details,
      ];
  return (
    <VirtualTable
      ariaLabel="Assets inventory"
      rows={rows}
      columns={columns}
      rowKey={assetRowKey}
      rowHeight={phone ? 56 : 44}
      minWidth={phone ? 0 : 640}
      sort={sort}
      onSort={(key) => onSort(key as AssetSortKey)}
      rowData={(r) => ({ 'data-asset': r.AssetNumber, 'data-serial': r.serial_number ?? '' })}
    />
  );
}
