/**
 * The words both sides use for materials, as plain constants without zod, so the browser can import
 * them without the schema library: log types, time windows, explainable figures, sort keys.
 */

/** The movement types of the activity log, in the order the filters show them. */
export const LOG_TYPES = ['Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Transfer', 'Correction', 'Count'] as const;
/** The types of the warehouse logs' filter: the movement types and relocations between places. */
export const WAREHOUSE_LOG_TYPES = [...LOG_TYPES, 'Relocate'] as const;
export type LogType = (typeof LOG_TYPES)[number];
export type WarehouseLogType = (typeof WAREHOUSE_LOG_TYPES)[number];

/** The time filters of spec 01 §9 (days), or everything. */
export const LOG_DAYS = ['1', '7', '30', '365', 'all'] as const;
export type LogDays = (typeof LOG_DAYS)[number];

/** The orders of the log: by when things happened, newest first (the default) or oldest first. */
export const LOG_SORTS = ['-LogDate', 'LogDate'] as const;

/** The figures of a part that can be explained event by event. */
export const FIGURES = ['on_hand', 'field_assigned', 'lost', 'logistics', 'in_transit'] as const;
export type Figure = (typeof FIGURES)[number];
export const FIGURE_LABELS: Record<Figure, string> = {
  logistics: 'Logistics Qty',
  on_hand: 'Qty On Hand',
  field_assigned: 'Field Assigned',
  lost: 'Qty Lost',
  in_transit: 'In Transit',
};

/** The inventory columns a page can be sorted by; a leading `-` sorts descending. */
export const INVENTORY_SORT_KEYS = ['PartNumber', 'PartName', 'StandardName', 'MatVendorQty', 'QtyOnHand', 'FieldAssigned', 'QtyLost'] as const;
export type InventorySortKey = (typeof INVENTORY_SORT_KEYS)[number];
