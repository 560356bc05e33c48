/**
 * Warehouse commands on the warehouse's own stream (folded: a warehouse has a handful of events).
 * A new warehouse's number comes from a sequence in the same transaction, so numbers are
 * sequential and never reused; a deactivation counts the units the warehouse holds, with its row
 * locked so no movement slips in between the count and the event.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import type { WarehouseCommand, WarehouseDetails } from '../../ledger/warehouse/commands.ts';
import { warehouseDecider } from '../../ledger/warehouse/decide.ts';
import { warehouseStreamId } from '../../ledger/warehouse/events.ts';

const createHandler = foldedStreamHandler({
  name: 'create-warehouse',
  decider: warehouseDecider,
  streamId: (input: WarehouseDetails & { warehouseId: string }) => warehouseStreamId(input.warehouseId),
  async lookup(trx, inputs) {
    const { rows } = await sql<{ n: number }>`select nextval('warehouse_num_id_seq')::int as n from generate_series(1, ${inputs.length}::int)`.execute(trx);
    return rows.map((r) => r.n);
  },
  command: (input, _state, numId): WarehouseCommand => ({ type: 'CreateWarehouse', data: { ...input, numId } }),
});

export async function createWarehouse(store: EventStore, details: WarehouseDetails, options: CommandOptions): Promise<string> {
  const warehouseId = randomUUID();
  await runCommand(store, createHandler, { warehouseId, ...details }, options);
  return warehouseId;
}

/** Units the warehouses hold (on hand and field), read with their rows locked. */
async function unitsHeld(trx: Trx, warehouseIds: string[]): Promise<number[]> {
  const ids = [...new Set(warehouseIds)].sort();
  await sql`select id from warehouses where id = any(${ids}::uuid[]) order by id for update`.execute(trx);
  const { rows } = await sql<{ id: string; units: number }>`
    select location_id as id, coalesce(sum(on_hand + field_assigned), 0)::int as units
      from material_stock where location_kind = 'warehouse' and location_id = any(${ids}::uuid[])
     group by location_id`.execute(trx);
  const byId = new Map(rows.map((r) => [r.id, Number(r.units)]));
  return warehouseIds.map((id) => byId.get(id) ?? 0);
}

type Change = { type: 'edit'; details: Partial<WarehouseDetails> } | { type: 'deactivate' } | { type: 'reactivate' };

const changeHandler = foldedStreamHandler({
  name: 'warehouse',
  decider: warehouseDecider,
  streamId: (input: { warehouseId: string; change: Change }) => warehouseStreamId(input.warehouseId),
  async lookup(trx, inputs) {
    const deactivating = inputs.filter((i) => i.change.type === 'deactivate').map((i) => i.warehouseId);
    const held = deactivating.length > 0 ? await unitsHeld(trx, deactivating) : [];
    const byId = new Map(deactivating.map((id, i) => [id, held[i]!]));
    return inputs.map((i) => byId.get(i.warehouseId) ?? 0);
  },
  command({ change }, _state, units): WarehouseCommand {
    switch (change.type) {
      case 'edit':
        return { type: 'EditWarehouse', data: change.details };
      case 'deactivate':
        return { type: 'DeactivateWarehouse', data: { unitsHeld: units } };
      case 'reactivate':
        return { type: 'ReactivateWarehouse', data: {} };
    }
  },
});

export function changeWarehouse(store: EventStore, warehouseId: string, change: Change, options: CommandOptions) {
  return runCommand(store, changeHandler, { warehouseId, change }, options);
}
