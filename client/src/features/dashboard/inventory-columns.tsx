/** The columns of the dashboard's materials table, for a wide screen and for a phone. */
import { Button, Group, Text, UnstyledButton } from '@mantine/core';
import { FIGURE_LABELS, partLabel, type Figure, type InventoryRow } from '../../api/material-types.ts';
import { TwoLines, type VirtualColumn } from '../../components/virtual-table.tsx';
import type { DashboardDialog } from './dialog-stack.ts';
import { FigureLink } from './figure-link.tsx';
import { type PendingPart, pendingTitle } from '../../offline/pending-figures.ts';
import { PendingBadge, PendingFigure, PendingSub } from './pending-figure.tsx';
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
  pending: ReadonlyMap<string, PendingPart> = new Map(),
): VirtualColumn<InventoryRow>[] {
  // A part first received on this device has no id on the server yet: no details, no movements.
  const known = (r: InventoryRow) => pending.get(r.PartNumber)?.confirmed !== null;
  const openDetails = (r: InventoryRow) => onOpen({ kind: 'details', materialId: r.material_id });
  const explain = (row: InventoryRow) =>
    canExplain && known(row) ? (figure: Figure) => onOpen({ kind: 'explain', materialId: row.material_id, figure }) : undefined;
  const badge = (r: InventoryRow) => {
    const part = pending.get(r.PartNumber);
    return part ? <PendingBadge title={pendingTitle(part)} /> : null;
  };
  /** The cell's hover text, with the actions not yet sent when there are any. */
  const withPending = (r: InventoryRow, text: string) => {
    const part = pending.get(r.PartNumber);
    return part ? `${text} · ${pendingTitle(part)}` : text;
  };
  const figure = (r: InventoryRow, which: 'logistics' | 'on_hand', color?: string) => {
    const part = pending.get(r.PartNumber);
    const value = which === 'logistics' ? r.MatVendorQty : r.QtyOnHand;
    if (!part) return <FigureLink figure={which} value={value} partNumber={r.PartNumber} onExplain={explain(r)} color={color} />;
    const confirmed = part.confirmed === null ? null : which === 'logistics' ? part.confirmed.MatVendorQty : part.confirmed.QtyOnHand;
    if (confirmed === value) return <FigureLink figure={which} value={value} partNumber={r.PartNumber} onExplain={explain(r)} color={color} />;
    return <PendingFigure figure={which} partNumber={r.PartNumber} confirmed={confirmed} value={value} stacked={phone} />;
  };
  const columns: VirtualColumn<InventoryRow>[] = [
    {
      key: 'part_number',
      header: 'Part Number',
      width: 170,
      sortable: true,
      render: (r) => (
        <Group gap={6} wrap="nowrap">
          <Text span fw={600} size="sm" truncate="end">
            {r.PartNumber}
          </Text>
          {badge(r)}
        </Group>
      ),
      title: (r) => withPending(r, r.PartNumber),
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
      render: (r) => figure(r, 'logistics'),
      title: (r) => withPending(r, FIGURE_LABELS.logistics),
    },
    {
      key: 'on_hand',
      header: 'Qty On Hand',
      width: 130,
      align: 'right',
      sortable: true,
      render: (r) => {
        const color = STOCK_LEVEL_COLORS[stockLevel(r)];
        return figure(r, 'on_hand', color ? `${color}.9` : undefined);
      },
      title: (r) => withPending(r, STOCK_LEVEL_LABELS[stockLevel(r)]),
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
        <Button size="compact-sm" variant="light" aria-label={`Details of ${r.PartNumber}`} onClick={() => openDetails(r)} disabled={!known(r)}>
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
      <UnstyledButton aria-label={`Details of ${r.PartNumber}`} onClick={() => openDetails(r)} w="100%" disabled={!known(r)}>
        <Group gap={4} wrap="nowrap" justify="space-between">
          <TwoLines main={r.PartNumber} sub={pending.has(r.PartNumber) ? <PendingSub label={partLabel(r, useNicknames)} /> : partLabel(r, useNicknames)} />
          <Text c="dimmed" aria-hidden>
            ›
          </Text>
        </Group>
      </UnstyledButton>
    ),
    title: (r) => withPending(r, `${r.PartNumber} — ${partLabel(r, useNicknames)}`),
  };
  return [part, { ...logistics!, width: 78 }, { ...onHand!, width: 78 }];
}
