/** A part as the inventory lists it, for component tests; the figures are chosen by each test. */
import type { InventoryRow } from '../api/material-types.ts';

export function inventoryRow(figures: Partial<InventoryRow> = {}): InventoryRow {
  return {
    ProjectID: 'p-1',
    warehouse_id: null,
    material_id: 'm-1',
    PartNumber: 'P-100',
    PartName: 'Copper cable',
    StandardName: 'Cable',
    part_number: 'P-100',
    part_name: 'Copper cable',
    part_nickname: 'Cable',
    MatVendorQty: 0,
    QtyOnHand: 0,
    FieldAssigned: 0,
    QtyLost: 0,
    QtyInTransit: 0,
    QtyIncoming: 0,
    LowStockWarning: 15,
    CriticalStockWarning: 0,
    ...figures,
  };
}
