/**
 * What the inventory table shows: which rows match the search, in which order, and how each is
 * coloured (spec 01 §2). Pure, so the rules are tested without rendering.
 */
import { partLabel, type InventoryRow } from '../../api/material-types.ts';
import { matchesAllWords } from '../../shared/search-term.ts';
import { sortBy, type SortState } from '../../shared/table-sort.ts';
import { STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS, stockLevelOf, type StockLevel } from '../../components/stock-level.ts';

export type { StockLevel };
export { STOCK_LEVEL_COLORS, STOCK_LEVEL_LABELS };

export function stockLevel(row: Pick<InventoryRow, 'QtyOnHand' | 'LowStockWarning' | 'CriticalStockWarning'>): StockLevel {
  return stockLevelOf(row.QtyOnHand, row.LowStockWarning, row.CriticalStockWarning);
}

export type InventorySortKey = 'part_number' | 'part_name' | 'logistics' | 'on_hand';

export const DEFAULT_INVENTORY_SORT: SortState<InventorySortKey> = { key: 'part_number', direction: 'asc' };

export function inventorySortValue(row: InventoryRow, key: InventorySortKey, useNicknames: boolean): string | number {
  switch (key) {
    case 'part_number':
      return row.PartNumber;
    case 'part_name':
      return partLabel(row, useNicknames);
    case 'logistics':
      return row.MatVendorQty;
    case 'on_hand':
      return row.QtyOnHand;
    default: {
      const unknown: never = key;
      return String(unknown);
    }
  }
}

/** Every word of the search must appear in the part number, name or nickname. */
export function matchesSearch(row: InventoryRow, search: string): boolean {
  return matchesAllWords([row.PartNumber, row.PartName, row.StandardName], search);
}

export interface InventoryView {
  search: string;
  sort: SortState<InventorySortKey> | null;
  useNicknames: boolean;
}

export function visibleInventory(rows: readonly InventoryRow[], view: InventoryView): InventoryRow[] {
  const matching = rows.filter((row) => matchesSearch(row, view.search));
  return sortBy(matching, view.sort, (row, key) => inventorySortValue(row, key, view.useNicknames));
}
