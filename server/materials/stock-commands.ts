/**
 * Command handlers for stock. Everything a decision needs (the part, the freeze flag, the item's
 * numbers and holders, its stream head, the project's thresholds) is read in ONE statement, so the
 * numbers and the version they belong to come from one snapshot; a concurrent append to the same
 * item then fails on the version and the command is decided again on fresh numbers. The answer's
 * inventory row is computed from the state after the new events, without reading it back.
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
import { stockStreamId, type StockItemEvent, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { toRow, type InventoryRow } from './inventory-queries.ts';

export const PART_NOT_FOUND = 'Part number not found in this project';

export interface MaterialRow {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
}

interface StockContext {
  material: MaterialRow | null;
  frozen: boolean;
  state: StockItemState;
  head: StreamPosition;
  projectDefaults: { low: number | null; critical: number | null };
}

interface ContextRow {
  material_id: string | null;
  part_number: string | null;
  part_name: string | null;
  part_nickname: string | null;
  frozen: boolean;
  low_stock_default: number | null;
  critical_stock_default: number | null;
  logistics_qty: number | null;
  on_hand: number | null;
  field_assigned: number | null;
  lost_outstanding: number | null;
  low_threshold: number | null;
  critical_threshold: number | null;
  stream_version: number | null;
  last_hash: string | null;
  assignments: Record<string, number> | null;
}

const nullableNumber = (v: number | null) => (v === null ? null : Number(v));

async function loadStockContext(trx: Trx, location: StockLocation, partNumber: string): Promise<StockContext> {
  const { rows } = await sql<ContextRow>`
    select m.material_id, m.part_number, m.part_name, m.part_nickname,
           coalesce(site.freeze_transactions, false) as frozen,
           p.low_stock_default, p.critical_stock_default,
           s.logistics_qty, s.on_hand, s.field_assigned, s.lost_outstanding, s.low_threshold, s.critical_threshold,
           s.stream_version, s.last_hash,
           (select json_object_agg(a.user_id, a.qty) from material_assignments a
             where a.location_kind = ${location.kind} and a.location_id = ${location.id}::uuid
               and a.material_id = m.material_id and a.qty > 0) as assignments
      from (values (1)) as one (x)
      left join site_settings site on site.id = 1
      left join projects p on ${location.kind} = 'project' and p.id = ${location.id}::uuid
      left join materials m on m.part_number = ${partNumber.trim()}
      left join material_stock s on s.location_kind = ${location.kind} and s.location_id = ${location.id}::uuid and s.material_id = m.material_id`.execute(trx);
  const r = rows[0]!;
  const material = r.material_id ? { material_id: r.material_id, part_number: r.part_number!, part_name: r.part_name!, part_nickname: r.part_nickname! } : null;
  const exists = r.stream_version !== null;
  return {
    material,
    frozen: r.frozen,
    projectDefaults: { low: nullableNumber(r.low_stock_default), critical: nullableNumber(r.critical_stock_default) },
    state: {
      exists,
      partNumber: material?.part_number ?? '',
      partName: material?.part_name ?? '',
      logistics: r.logistics_qty ?? 0,
      onHand: r.on_hand ?? 0,
      field: r.field_assigned ?? 0,
      lost: r.lost_outstanding ?? 0,
      assignments: r.assignments ?? {},
      lowThreshold: nullableNumber(r.low_threshold),
      criticalThreshold: nullableNumber(r.critical_threshold),
    },
    head: exists ? { version: r.stream_version!, hash: Buffer.from(r.last_hash!, 'hex') } : { version: 0, hash: null },
  };
}

function inventoryRowAfter(location: StockLocation, context: StockContext, material: MaterialRow, events: StockItemEvent[]): InventoryRow {
  const state = events.reduce(stockItemDecider.evolve, context.state);
  return toRow(location, {
    ...material,
    logistics_qty: state.logistics,
    on_hand: state.onHand,
    field_assigned: state.field,
    lost_outstanding: state.lost,
    low_threshold: state.lowThreshold,
    critical_threshold: state.criticalThreshold,
    low_stock_default: context.projectDefaults.low,
    critical_stock_default: context.projectDefaults.critical,
  });
}

export interface StockCommandContext {
  trx: Trx;
  material: MaterialRow;
  state: StockItemState;
  frozen: boolean;
  ref: { location: StockLocation; materialId: string; partNumber: string; partName: string };
}

export interface StockOutcome {
  materialId: string;
  item: InventoryRow;
}

/** Runs one stock command on an existing part; an unknown part number is refused with the spec's message. */
export async function runStockCommand(
  store: EventStore,
  options: CommandOptions,
  location: StockLocation,
  partNumber: string,
  build: (context: StockCommandContext) => Promise<StockItemCommand> | StockItemCommand,
) {
  return handleCommand<StockOutcome>(store, options, async (trx) => {
    const context = await loadStockContext(trx, location, partNumber);
    const { material, state, frozen } = context;
    if (!material) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
    const ref = { location, materialId: material.material_id, partNumber: material.part_number, partName: material.part_name };
    const events = stockItemDecider.decide(await build({ trx, material, state, frozen, ref }), state);
    return {
      appends: [{ streamId: stockStreamId(location, material.material_id), expected: context.head, events }],
      result: { materialId: material.material_id, item: inventoryRowAfter(location, context, material, events) },
    };
  });
}

export interface ReceiveInput {
  partNumber: string;
  quantity: number;
  /** Needed only when the part number is new to the catalogue. */
  partName: string | null;
  partNickname: string | null;
}

export const NEW_PART_NEEDS_NAMES = 'A new part needs a part number, a part name and a nickname';

/**
 * Receives into a location; a part number the catalogue does not know yet is defined in the same
 * transaction. Two people adding the same new part at once collide on the catalogue's unique part
 * number, and the loser is decided again as a receive of the now existing part.
 */
export async function receiveMaterial(store: EventStore, options: CommandOptions, location: StockLocation, input: ReceiveInput) {
  return handleCommand<StockOutcome & { created: boolean }>(
    store,
    options,
    async (trx) => {
      const context = await loadStockContext(trx, location, input.partNumber);
      const appends: StreamAppend[] = [];
      let material = context.material;
      if (!material) {
        if (!input.partName?.trim() || !input.partNickname?.trim()) throw new DomainError('VALIDATION', NEW_PART_NEEDS_NAMES);
        const materialId = randomUUID();
        const defined = materialDecider.decide(
          { type: 'DefineMaterial', data: { materialId, partNumber: input.partNumber, partName: input.partName, partNickname: input.partNickname } },
          initialMaterialState(),
        );
        appends.push({ streamId: materialStreamId(materialId), expected: { version: 0, hash: null }, events: defined });
        const d = defined[0]!.data as { partNumber: string; partName: string; partNickname: string };
        material = { material_id: materialId, part_number: d.partNumber, part_name: d.partName, part_nickname: d.partNickname };
      }
      const ref = { location, materialId: material.material_id, partNumber: material.part_number, partName: material.part_name };
      const events = stockItemDecider.decide({ type: 'ReceiveMaterial', data: { ...ref, quantity: input.quantity, frozen: context.frozen } }, context.state);
      appends.push({ streamId: stockStreamId(location, material.material_id), expected: context.head, events });
      return {
        appends,
        result: { materialId: material.material_id, created: appends.length > 1, item: inventoryRowAfter(location, context, material, events) },
      };
    },
    ['materials_part_number_key'],
  );
}
