/**
 * A warehouse's materials (spec 02 §2.4): part, names, on hand, assigned and the quantity at each
 * location, coloured as on the dashboard. On a phone each part is a card. Each part's Codes opens
 * its barcode and its locations' QR codes; a tick per part chooses the rows whose labels to print.
 */
import { Badge, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { usePhone } from '../../shared/use-phone.ts';
import { STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS } from '../../components/stock-level.ts';
import type { RowSelection } from '../../components/codes/print-selection.tsx';
import { StockCodesModal } from './stock-codes.tsx';
import { heldLocations, warehouseStockLevel } from './warehouse-stock-model.ts';

const tint = (row: WarehouseStockRow) => {
  const color = STOCK_LEVEL_COLORS[warehouseStockLevel(row)];
  return color ? { backgroundColor: `var(--mantine-color-${color}-light)` } : undefined;
};

function Locations({ row }: { row: WarehouseStockRow }) {
  const held = heldLocations(row);
  if (held.length === 0)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {held.map((l) => (
        <Group key={l.place_key} gap={6} wrap="nowrap" justify="space-between" data-location={l.label}>
          <Text size="sm" title={l.notes || undefined} style={{ overflowWrap: 'anywhere' }}>
            {l.label}
          </Text>
          <Text size="sm" fw={600}>
            {l.qty.toLocaleString()}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function CodesButton({ row, onOpen }: { row: WarehouseStockRow; onOpen: (row: WarehouseStockRow) => void }) {
  return (
    <Button size="compact-xs" variant="subtle" onClick={() => onOpen(row)} aria-label={`Codes of ${row.material.part_number}`}>
      Codes
    </Button>
  );
}

/** How a linked (scanned) part's row stands out: a ring inside its edges, over its stock colour. */
const HIGHLIGHT: CSSProperties = { outline: '3px solid var(--mantine-color-blue-filled)', outlineOffset: -3 };

interface StockTableProps {
  rows: readonly WarehouseStockRow[];
  /** Names the warehouse in its locations' codes. */
  warehouseNum: number;
  /** The part number of a row to scroll to and mark (a scanned part). */
  highlight?: string | null;
  /** Ticks by part number, to print labels. */
  selection?: RowSelection;
}

export function WarehouseStockTable({ rows, warehouseNum, highlight = null, selection }: StockTableProps) {
  const [codesOf, setCodesOf] = useState<WarehouseStockRow | null>(null);
  return (
    <>
      <StockRows rows={rows} highlight={highlight} onCodes={setCodesOf} selection={selection} />
      {codesOf && <StockCodesModal warehouseNum={warehouseNum} row={codesOf} onClose={() => setCodesOf(null)} />}
    </>
  );
}

function Tick({ row, selection }: { row: WarehouseStockRow; selection: RowSelection | undefined }) {
  if (!selection) return null;
  const part = row.material.part_number;
  return <Checkbox aria-label={`Select ${part}`} checked={selection.has(part)} onChange={() => selection.toggle(part)} />;
}

interface StockRowsProps {
  rows: readonly WarehouseStockRow[];
  highlight: string | null;
  onCodes: (row: WarehouseStockRow) => void;
  selection: RowSelection | undefined;
}

function StockRows({ rows, highlight, onCodes, selection }: StockRowsProps) {
  const phone = usePhone();
  const marked = useRef<HTMLElement | null>(null);
  const present = highlight !== null && rows.some((row) => row.material.part_number === highlight);
  // biome-ignore lint/correctness/useExhaustiveDependencies: another part, or the phone's cards in place of the table, is a new row to scroll to
  useEffect(() => {
    if (present) marked.current?.scrollIntoView?.({ block: 'center' });
  }, [present, highlight, phone]);
  const mark = (row: WarehouseStockRow) =>
    row.material.part_number === highlight ? { ref: marked as never, 'data-highlighted': 'true', 'aria-current': true as const } : {};
  if (phone) {
    return (
      <Stack gap="xs" role="list" aria-label="Warehouse materials">
        {rows.map((row) => (
          <Paper
            key={row.material_id}
            role="listitem"
            withBorder
            p="xs"
            radius="sm"
            style={{ ...tint(row), ...(row.material.part_number === highlight ? HIGHLIGHT : undefined) }}
            data-part={row.material.part_number}
            data-stock={warehouseStockLevel(row)}
            {...mark(row)}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap">
                <Tick row={row} selection={selection} />
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.material.part_number}
                </Text>
              </Group>
              <Text size="sm" fw={600} title={STOCK_LEVEL_LABELS[warehouseStockLevel(row)]}>
                On hand {row.qty_on_hand.toLocaleString()}
              </Text>
            </Group>
            <Text size="xs" c="dimmed" mb={4}>
              {[row.material.part_name, row.material.part_nickname].filter(Boolean).join(' · ')}
            </Text>
            <Locations row={row} />
            <CodesButton row={row} onOpen={onCodes} />
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" aria-label="Warehouse materials">
        <Table.Thead>
          <Table.Tr>
            {selection && <Table.Th w={40} />}
            <Table.Th>Part Number</Table.Th>
            <Table.Th>Part Name</Table.Th>
            <Table.Th>Nickname</Table.Th>
            <Table.Th ta="right">Qty On Hand</Table.Th>
            <Table.Th ta="right">Assigned</Table.Th>
            <Table.Th w={300}>Locations</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={row.material_id}
              style={{ ...tint(row), ...(row.material.part_number === highlight ? HIGHLIGHT : undefined) }}
              data-part={row.material.part_number}
              data-stock={warehouseStockLevel(row)}
              {...mark(row)}
            >
              {selection && (
                <Table.Td>
                  <Tick row={row} selection={selection} />
                </Table.Td>
              )}
              <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                {row.material.part_number}
                <CodesButton row={row} onOpen={onCodes} />
              </Table.Td>
              <Table.Td>{row.material.part_name}</Table.Td>
              <Table.Td>{row.material.part_nickname || '—'}</Table.Td>
              <Table.Td ta="right" fw={600} title={STOCK_LEVEL_LABELS[warehouseStockLevel(row)]}>
                {row.qty_on_hand.toLocaleString()}
              </Table.Td>
              <Table.Td ta="right">{row.qty_assigned.toLocaleString()}</Table.Td>
              <Table.Td>
                <Locations row={row} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function StockLegend() {
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
