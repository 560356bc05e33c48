/** The columns of the dashboard's materials table, for a wide screen and for a phone. */
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { partLabel, type Figure, type InventoryRow } from '../../api/material-types.ts';
import { TwoLines, type VirtualColumn } from '../../components/virtual-table.tsx';
import type { DashboardDialog } from './dialog-stack.ts';
import { FigureLink } from './figure-link.tsx';
import { STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS, stockLevel } from './inventory-model.ts';

/** What an in-transit figure is made of: sent on transfers and not yet delivered, and coming in. */
export function inTransitTitle(r: Pick<InventoryRow, 'QtyInTransit' | 'QtyIncoming'>): string {
  return `${r.QtyInTransit} sent to another project, not yet delivered · ${r.QtyIncoming} on the way here`;
}

/**
 * The table's columns. On a phone the part number and name share one two-line column, which opens
 * the part's details, so the quantities fit the screen without scrolling sideways.
 */
export function inventoryColumns(
  useNicknames: boolean,
  phone: boolean,
  canExplain: boolean,
  onOpen: (dialog: DashboardDialog) => void,
): VirtualColumn<InventoryRow>[] {
  const openDetails = (r: InventoryRow) => onOpen({ kind: 'details', materialId: r.material_id });
  const explain = (row: InventoryRow) => (canExplain ? (figure: Figure) => onOpen({ kind: 'explain', materialId: row.material_id, figure }) : undefined);
  const columns: VirtualColumn<InventoryRow>[] = [
    {
      key: 'part_number',
      header: 'Part Number',
      width: 170,
      sortable: true,
      render: (r) => (
        <Text span fw={600} size="sm">
          {r.PartNumber}
        </Text>
      ),
      title: (r) => r.PartNumber,
    },
    {
      key: 'part_name',
      header: useNicknames ? 'Nickname' : 'Part Name',
      sortable: true,
      render: (r) => partLabel(r, useNicknames),
      title: (r) => partLabel(r, useNicknames),
    },
    {
      key: 'logistics',
      header: 'Logistics Qty',
      width: 130,
      align: 'right',
      sortable: true,
      render: (r) => <FigureLink figure="logistics" value={r.MatVendorQty} partNumber={r.PartNumber} onExplain={explain(r)} />,
    },
    {
      key: 'on_hand',
      header: 'Qty On Hand',
      width: 130,
      align: 'right',
      sortable: true,
      render: (r) => {
        const color = STOCK_LEVEL_COLORS[stockLevel(r)];
        return <FigureLink figure="on_hand" value={r.QtyOnHand} partNumber={r.PartNumber} onExplain={explain(r)} color={color ? `${color}.9` : undefined} />;
      },
      title: (r) => STOCK_LEVEL_LABELS[stockLevel(r)],
    },
    {
      key: 'in_transit',
      header: 'In Transit',
      width: 110,
      align: 'right',
      render: (r) => (
        <FigureLink
          figure="in_transit"
          value={r.QtyInTransit + r.QtyIncoming}
          partNumber={r.PartNumber}
          onExplain={explain(r)}
          color={r.QtyInTransit + r.QtyIncoming > 0 ? 'cyan.9' : undefined}
        />
      ),
      title: (r) => inTransitTitle(r),
    },
    {
      key: 'details',
      header: '',
      width: 96,
      align: 'right',
      render: (r) => (
        <Button size="compact-sm" variant="light" aria-label={`Details of ${r.PartNumber}`} onClick={() => openDetails(r)}>
          Details
        </Button>
      ),
    },
  ];
  if (!phone) return columns;
  const [, , logistics, onHand] = columns;
  // On a phone the part itself opens its details: a Details column would leave the name a few letters.
  const part: VirtualColumn<InventoryRow> = {
    key: 'part_number',
    header: useNicknames ? 'Part / Nickname' : 'Part / Name',
    sortable: true,
    render: (r) => (
      <UnstyledButton aria-label={`Details of ${r.PartNumber}`} onClick={() => openDetails(r)} w="100%">
        <Group gap={4} wrap="nowrap" justify="space-between">
          <TwoLines main={r.PartNumber} sub={partLabel(r, useNicknames)} />
          <Text c="dimmed" aria-hidden>
            ›
          </Text>
        </Group>
      </UnstyledButton>
    ),
    title: (r) => `${r.PartNumber} — ${partLabel(r, useNicknames)}`,
  };
  return [part, { ...logistics!, width: 78 }, { ...onHand!, width: 78 }];
}
