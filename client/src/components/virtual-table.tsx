/**
 * A table that renders only the rows in view, so ten thousand parts scroll as smoothly as ten.
 * Rows have one fixed height (cells do not wrap; long text is cut with an ellipsis and shown in
 * full on hover); the header stays on top while scrolling, and sortable headers are buttons.
 */
import { Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useRef, type CSSProperties, type ReactNode } from 'react';
import { ariaSort, type SortState } from '../shared/table-sort.ts';
import { usePhone } from '../shared/use-phone.ts';

export interface VirtualColumn<T> {
  key: string;
  header: string;
  /** CSS width; columns without one share the rest. */
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  sortable?: boolean;
  render: (row: T) => ReactNode;
  /** Full text shown on hover when the cell is cut short. */
  title?: (row: T) => string;
}

interface VirtualTableProps<T> {
  rows: readonly T[];
  columns: readonly VirtualColumn<T>[];
  rowKey: (row: T) => string;
  ariaLabel: string;
  rowHeight?: number;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidth?: number;
  maxHeight?: CSSProperties['maxHeight'];
  sort?: SortState | null;
  onSort?: (key: string) => void;
  rowStyle?: (row: T) => CSSProperties | undefined;
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** The key of a row to scroll to and mark (a scanned part, a link to one). */
  highlight?: string | null;
}

/** How a highlighted row stands out: a ring inside its edges, over its stock colour. */
const HIGHLIGHT: CSSProperties = { outline: '3px solid var(--mantine-color-blue-filled)', outlineOffset: -3 };

const cell: CSSProperties = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' };

/** What the table holds while its first rows are still being drawn. */
const NO_ROWS: readonly never[] = [];

export function VirtualTable<T>({
  rows: givenRows,
  columns,
  rowKey,
  ariaLabel,
  rowHeight = 44,
  minWidth = 640,
  maxHeight = 'max(320px, calc(100dvh - 320px))',
  sort = null,
  onSort,
  rowStyle,
  rowData,
  highlight = null,
}: VirtualTableProps<T>) {
  // New rows are drawn in a render that yields to the browser every few milliseconds, the first ones
  // too (the header shows at once): a phone's main thread is not held while a screenful of rows is
  // built, and typing in a search box above the table stays quick.
  const rows = useDeferredValue(givenRows, NO_ROWS as readonly T[]);
  const scroller = useRef<HTMLDivElement>(null);
  const phone = usePhone();
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 12,
  });
  const highlightIndex = highlight === null ? -1 : rows.findIndex((row) => rowKey(row) === highlight);
  // Once per highlighted row: scrolled into the table's view, then the table into the page's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the row's place is what triggers the effect, not the virtualizer's identity
  useEffect(() => {
    if (highlightIndex < 0) return;
    virtualizer.scrollToIndex(highlightIndex, { align: 'center' });
    const frame = requestAnimationFrame(() => scroller.current?.querySelector('[data-highlighted]')?.scrollIntoView?.({ block: 'nearest' }));
    return () => cancelAnimationFrame(frame);
  }, [highlightIndex]);
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0);

  return (
    <div ref={scroller} style={{ maxHeight, overflow: 'auto' }} data-testid="virtual-table-scroller">
      <Table
        stickyHeader
        highlightOnHover
        horizontalSpacing={phone ? 6 : 'sm'}
        miw={minWidth}
        style={{ tableLayout: 'fixed' }}
        aria-label={ariaLabel}
        aria-rowcount={rows.length + 1}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th
                key={column.key}
                w={column.width}
                ta={column.align}
                aria-sort={column.sortable ? ariaSort(sort, column.key) : undefined}
                style={{ verticalAlign: 'bottom' }}
              >
                {column.sortable && onSort ? <SortButton column={column} sort={sort} onSort={onSort} /> : column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {items.map((item) => {
            const row = rows[item.index];
            if (row === undefined) return null;
            return (
              <Table.Tr
                key={rowKey(row)}
                aria-rowindex={item.index + 2}
                style={{ height: rowHeight, ...rowStyle?.(row), ...(item.index === highlightIndex ? HIGHLIGHT : undefined) }}
                {...rowData?.(row)}
                {...(item.index === highlightIndex ? { 'data-highlighted': 'true', 'aria-current': true } : {})}
              >
                {columns.map((column) => (
                  <Table.Td key={column.key} ta={column.align} style={cell} title={column.title?.(row)}>
                    {column.render(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** A cell of two lines, for the compact layouts of phones: a main value and what it belongs to. */
export function TwoLines({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text component="div" size="sm" fw={600} truncate="end">
        {main}
      </Text>
      <Text component="div" size="xs" c="dimmed" truncate="end">
        {sub}
      </Text>
    </Stack>
  );
}

function SortButton<T>({ column, sort, onSort }: { column: VirtualColumn<T>; sort: SortState | null; onSort: (key: string) => void }) {
  const active = sort?.key === column.key;
  const arrow = !active ? '↕' : sort.direction === 'asc' ? '↑' : '↓';
  return (
    <UnstyledButton onClick={() => onSort(column.key)} fw={700} fz="sm" w="100%">
      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : 'flex-start'}>
        <span>{column.header}</span>
        <Text span c={active ? undefined : 'dimmed'} fz="xs" aria-hidden>
          {arrow}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
