/**
 * What only a warehouse's stock has, beside its `material_stock` row: `warehouse_stock_places` (its
 * on hand by place; the places add up to on hand) and `warehouse_stock_projects` (what it assigned
 * to each project and has not taken back). The changes come from `placeChanges` and
 * `projectAssignmentChange`, the same functions the stock item's `evolve` folds.
 */
import { isStockItemEvent, STOCK_ITEM_EVENT_TYPES } from '../../ledger/stock-item/events.ts';
import { placeKey } from '../../contract/place.ts';
import { placeChanges, projectAssignmentChange } from '../../ledger/stock-item/stock-numbers.ts';
import type { Projector, RowOp } from '../projector.ts';

export const warehouseStockProjector: Projector = {
  name: 'warehouse_stock',
  version: 1,
  tables: [
    {
      name: 'warehouse_stock_places',
      key: ['warehouse_id', 'material_id', 'place_key'],
      columns: ['warehouse_id', 'material_id', 'place_key', 'rack', 'shelf', 'bin', 'zone', 'notes', 'qty'],
    },
    { name: 'warehouse_stock_projects', key: ['warehouse_id', 'material_id', 'project_id'], columns: ['warehouse_id', 'material_id', 'project_id', 'qty'] },
  ],
  handles: STOCK_ITEM_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isStockItemEvent(e) || e.data.location.kind !== 'warehouse') return [];
    const item = { warehouse_id: e.data.location.id, material_id: e.data.materialId };
    const ops: RowOp[] = [];
    for (const { place, delta } of placeChanges(e)) {
      const fields = { rack: place.rack, shelf: place.shelf, bin: place.bin, zone: place.zone, notes: place.notes };
      // Units put somewhere say how that place is called now; units taken away leave its words as they were.
      ops.push({
        kind: 'upsert',
        table: 'warehouse_stock_places',
        key: { ...item, place_key: placeKey(place) },
        add: { qty: delta },
        ...(delta > 0 ? { set: fields } : { insertOnly: fields }),
      });
    }
    const assignment = projectAssignmentChange(e);
    if (assignment)
      ops.push({ kind: 'upsert', table: 'warehouse_stock_projects', key: { ...item, project_id: assignment.projectId }, add: { qty: assignment.delta } });
    return ops;
  },
};
