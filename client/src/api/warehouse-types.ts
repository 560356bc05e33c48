/**
 * Warehouses and their stock as the API returns them (spec 02 §3 "Warehouse", "Warehouse stock
 * row"): the shapes are the server's own zod schemas in contract/, inferred here.
 */
export type { Holding, Holdings, PlaceInput, PlaceRow, Warehouse, WarehouseMoveAnswer, WarehouseStockRow } from '@contract/warehouses.ts';
export { WAREHOUSE_LIMITS, WAREHOUSE_MESSAGES, placeShortMessage, warehouseLabel } from '@contract/warehouses.ts';
