/** The stock commands build the row of the item they changed the same way the inventory reads do. */
export { toRow, type InventoryRow } from '../../projections/material-stock/queries.ts';
