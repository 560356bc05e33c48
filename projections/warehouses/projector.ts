/** `warehouses`: the warehouse list, pickers and labels ("#{num_id} · name") read this. */
import { isWarehouseEvent, WAREHOUSE_EVENT_TYPES } from '../../ledger/warehouse/events.ts';
import type { Projector, RowOp } from '../projector.ts';

export const warehousesProjector: Projector = {
  name: 'warehouses',
  version: 1,
  tables: [
    {
      name: 'warehouses',
      key: ['id'],
      columns: ['id', 'num_id', 'name', 'yard_location', 'capacity_summary', 'created_at', 'deactivated_at'],
    },
  ],
  handles: WAREHOUSE_EVENT_TYPES,
  project(event): RowOp[] {
    const e = event;
    if (!isWarehouseEvent(e)) return [];
    const key = { id: e.data.warehouseId };
    switch (e.type) {
      case 'WarehouseCreated':
        return [
          {
            kind: 'insert',
            table: 'warehouses',
            row: {
              id: e.data.warehouseId,
              num_id: e.data.numId,
              name: e.data.name,
              yard_location: e.data.location,
              capacity_summary: e.data.capacitySummary,
              created_at: event.occurredAt,
              deactivated_at: null,
            },
          },
        ];
      case 'WarehouseEdited':
        return [
          { kind: 'update', table: 'warehouses', key, set: { name: e.data.name, yard_location: e.data.location, capacity_summary: e.data.capacitySummary } },
        ];
      case 'WarehouseDeactivated':
        return [{ kind: 'update', table: 'warehouses', key, set: { deactivated_at: event.occurredAt } }];
      case 'WarehouseReactivated':
        return [{ kind: 'update', table: 'warehouses', key, set: { deactivated_at: null } }];
      default: {
        const unknown: never = e;
        return unknown;
      }
    }
  },
};
