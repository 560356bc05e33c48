/** What the warehouse table shows: the search, the order, each row's stock colour, and the places to label. Pure. */
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { matchesAllWords } from '../../shared/search-term.ts';
import { stockLevelOf, type StockLevel } from '../../components/stock-level.ts';

export function warehouseStockLevel(row: Pick<WarehouseStockRow, 'qty_on_hand' | 'warning_stock_limit' | 'critical_stock_limit'>): StockLevel {
  return stockLevelOf(row.qty_on_hand, row.warning_stock_limit, row.critical_stock_limit);
}

/** Every word must appear in the part number, name, nickname or one of its locations. */
export function visibleWarehouseStock(rows: readonly WarehouseStockRow[], search: string): WarehouseStockRow[] {
  return rows
    .filter((r) => matchesAllWords([r.material.part_number, r.material.part_name, r.material.part_nickname, ...r.locations.map((l) => l.label)], search))
    .sort((a, b) => a.material.part_number.localeCompare(b.material.part_number));
}

/** The locations holding some of a row, largest first. */
export function heldLocations(row: WarehouseStockRow) {
  return row.locations.filter((l) => l.qty > 0).sort((a, b) => b.qty - a.qty || a.label.localeCompare(b.label));
}

/** A place as the print dialog names it: every part given, blank where the place has none. */
export interface PrintPlace {
  rack: string;
  shelf: string;
  bin: string;
  zone: string;
}

/** The locations holding the rows' stock, each once, in the order the rows show them. */
export function printPlaces(rows: readonly WarehouseStockRow[]): PrintPlace[] {
  const places = new Map<string, PrintPlace>();
  for (const row of rows) {
    for (const l of heldLocations(row)) {
      const place = { rack: l.rack ?? '', shelf: l.shelf ?? '', bin: l.bin ?? '', zone: l.zone ?? '' };
      const key = JSON.stringify([place.rack, place.shelf, place.bin, place.zone]);
      if (!places.has(key)) places.set(key, place);
    }
  }
  return [...places.values()];
}
