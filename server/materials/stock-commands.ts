/**
 * Command handlers for stock: find the part, read the freeze flag and the item's state and stream
 * head in the transaction, decide, append. State comes from the read tables in ONE statement, so the
 * numbers and the version they belong to are from the same snapshot; a concurrent append to the
 * same item then fails on the version and the command is decided again on fresh numbers.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { DomainError } from '../../ledger/errors.ts';
import { handleCommand, type CommandOptions } from '../../ledger/handle-command.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { StreamAppend, StreamPosition } from '../../ledger/event-store/types.ts';
import { materialDecider, initialMaterialState } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import type { StockItemCommand } from '../../ledger/stock-item/commands.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { stockStreamId, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';

export const PART_NOT_FOUND = 'Part number not found in this project';

export interface MaterialRow {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
}

export async function findMaterial(trx: Trx, partNumber: string): Promise<MaterialRow | undefined> {
  return trx.selectFrom('materials').select(['material_id', 'part_number', 'part_name', 'part_nickname']).where('part_number', '=', partNumber.trim()).executeTakeFirst();
}

export async function transactionsFrozen(trx: Trx): Promise<boolean> {
  const row = await trx.selectFrom('site_settings').select('freeze_transactions').where('id', '=', 1).executeTakeFirst();
  return row?.freeze_transactions ?? false;
}

export async function loadStockItem(trx: Trx, location: StockLocation, material: MaterialRow): Promise<{ state: StockItemState; head: StreamPosition }> {
  const { rows } = await sql<{
    logistics_qty: number;
    on_hand: number;
    field_assigned: number;
    lost_outstanding: number;
    low_threshold: number | null;
    critical_threshold: number | null;
    stream_version: number;
    last_hash: string;
    assignments: Record<string, number> | null;
  }>`
    select s.logistics_qty, s.on_hand, s.field_assigned, s.lost_outstanding, s.low_threshold, s.critical_threshold,
           s.stream_version, s.last_hash,
           (select json_object_agg(a.user_id, a.qty) from material_assignments a
             where a.location_kind = s.location_kind and a.location_id = s.location_id
               and a.material_id = s.material_id and a.qty > 0) as assignments
      from material_stock s
     where s.location_kind = ${location.kind} and s.location_id = ${location.id} and s.material_id = ${material.material_id}`.execute(trx);
  const row = rows[0];
  const base = { partNumber: material.part_number, partName: material.part_name };
  if (!row) {
    return {
      state: { exists: false, ...base, logistics: 0, onHand: 0, field: 0, lost: 0, assignments: {}, lowThreshold: null, criticalThreshold: null },
      head: { version: 0, hash: null },
    };
  }
  return {
    state: {
      exists: true,
      ...base,
      logistics: row.logistics_qty,
      onHand: row.on_hand,
      field: row.field_assigned,
      lost: row.lost_outstanding,
      assignments: row.assignments ?? {},
      lowThreshold: row.low_threshold === null ? null : Number(row.low_threshold),
      criticalThreshold: row.critical_threshold === null ? null : Number(row.critical_threshold),
    },
    head: { version: row.stream_version, hash: Buffer.from(row.last_hash, 'hex') },
  };
}

export interface StockCommandContext {
  trx: Trx;
  material: MaterialRow;
  state: StockItemState;
  frozen: boolean;
  ref: { location: StockLocation; materialId: string; partNumber: string; partName: string };
}

/** Runs one stock command on an existing part; an unknown part number is refused with the spec's message. */
export async function runStockCommand(
  store: EventStore,
  options: CommandOptions,
  location: StockLocation,
  partNumber: string,
  build: (context: StockCommandContext) => Promise<StockItemCommand> | StockItemCommand,
) {
  return handleCommand(store, options, async (trx) => {
    const material = await findMaterial(trx, partNumber);
    if (!material) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
    const frozen = await transactionsFrozen(trx);
    const { state, head } = await loadStockItem(trx, location, material);
    const ref = { location, materialId: material.material_id, partNumber: material.part_number, partName: material.part_name };
    const events = stockItemDecider.decide(await build({ trx, material, state, frozen, ref }), state);
    return { appends: [{ streamId: stockStreamId(location, material.material_id), expected: head, events }], result: { materialId: material.material_id } };
  });
}

export interface ReceiveInput {
  partNumber: string;
  quantity: number;
  /** Used only when the part number is new to the catalogue. */
  partName: string | null;
  partNickname: string | null;
}

/**
 * Receives into a location; a part number the catalogue does not know yet is defined in the same
 * transaction. Two people adding the same new part at once collide on the catalogue's unique part
 * number, and the loser is decided again as a receive of the now existing part.
 */
export async function receiveMaterial(store: EventStore, options: CommandOptions, location: StockLocation, input: ReceiveInput) {
  return handleCommand(
    store,
    options,
    async (trx) => {
      const appends: StreamAppend[] = [];
      let material = await findMaterial(trx, input.partNumber);
      if (!material) {
        const materialId = randomUUID();
        const defined = materialDecider.decide(
          { type: 'DefineMaterial', data: { materialId, partNumber: input.partNumber, partName: input.partName ?? '', partNickname: input.partNickname ?? '' } },
          initialMaterialState(),
        );
        appends.push({ streamId: materialStreamId(materialId), expected: { version: 0, hash: null }, events: defined });
        const d = defined[0]!.data as { partNumber: string; partName: string; partNickname: string };
        material = { material_id: materialId, part_number: d.partNumber, part_name: d.partName, part_nickname: d.partNickname };
      }
      const frozen = await transactionsFrozen(trx);
      const { state, head } = await loadStockItem(trx, location, material);
      const events = stockItemDecider.decide(
        {
          type: 'ReceiveMaterial',
          data: { location, materialId: material.material_id, partNumber: material.part_number, partName: material.part_name, quantity: input.quantity, frozen },
        },
        state,
      );
      appends.push({ streamId: stockStreamId(location, material.material_id), expected: head, events });
      return { appends, result: { materialId: material.material_id, created: appends.length > 1 } };
    },
    ['materials_part_number_key'],
  );
}
