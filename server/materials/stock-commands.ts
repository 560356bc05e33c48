/**
 * Stock commands: receive, return, assign, unassign, lost, found and a part's stock warnings. Each
 * takes plain input; one handler loads what a whole batch needs in one statement (the item's
 * snapshot row: its numbers are the fold of its stream, kept by the material_stock projection in
 * the same transaction, so loading them costs one row instead of replaying a long stream) and
 * decides each command with the stock item's pure `decide`. The answer's inventory row is computed
 * from the state after the new events, without reading it back.
 */
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { NewEvent } from '../../ledger/event-store/types.ts';
import { materialDecider, initialMaterialState } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import type { StockItemCommand, StockItemRef } from '../../ledger/stock-item/commands.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { stockStreamId, type FoundDestination, type LostSource, type StockItemEvent, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { loadStockContextRows, type StockContextRow } from '../../projections/material-stock/decision-context.ts';
import type { InventoryRow } from '../../contract/materials.ts';
import { NEW_PART_NEEDS_NAMES, PART_NOT_FOUND } from '../../contract/messages.ts';
import { toRow } from '../../projections/material-stock/queries.ts';

interface Target {
  location: StockLocation;
  partNumber: string;
  quantity: number;
}

/** Every stock command, as plain data. */
export type StockRequest =
  | (Target & { type: 'receive'; partName: string | null; partNickname: string | null })
  | (Target & { type: 'return'; binInfo: string | null })
  | (Target & { type: 'assign' | 'unassign'; userId: string })
  | (Target & { type: 'lost'; source: LostSource; userId: string | null; note: string | null })
  | (Target & { type: 'found'; destination: FoundDestination; userId: string | null; note: string | null })
  | { type: 'warnings'; location: StockLocation; partNumber: string; lowThreshold: number | null; criticalThreshold: number | null };

interface Input {
  request: StockRequest;
  /** The id a part new to the catalogue gets (ids arrive from outside decide). */
  newMaterialId: string;
}

interface MaterialRow {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
}

interface StockContext extends CommandContext {
  streams: { item?: LoadedStream<StockItemState, StockItemEvent> };
  material: MaterialRow | null;
  frozen: boolean;
  projectDefaults: { low: number | null; critical: number | null };
  user: { name: string; member: boolean } | null;
  requestsWaiting: boolean;
}

export interface StockOutcome {
  materialId: string;
  /** True when the receive added the part to the catalogue. */
  created: boolean;
  item: InventoryRow;
  /** A request of the project waits on delivery of this part (read with the command's context). */
  requestsWaiting: boolean;
}

const nullableNumber = (v: number | null) => (v === null ? null : Number(v));

/** A stock item's state from its snapshot row (zeros when the part has no stock here yet). */
export function itemStateOf(r: StockContextRow): StockItemState {
  return {
    exists: r.stream_version !== null,
    partNumber: r.part_number ?? '',
    partName: r.part_name ?? '',
    logistics: r.logistics_qty ?? 0,
    onHand: r.on_hand ?? 0,
    field: r.field_assigned ?? 0,
    lost: r.lost_outstanding ?? 0,
    inTransit: r.in_transit ?? 0,
    incoming: r.incoming ?? 0,
    assignments: r.assignments ?? {},
    lowThreshold: nullableNumber(r.low_threshold),
    criticalThreshold: nullableNumber(r.critical_threshold),
    // A project's stock has no places and assigns to no project.
    places: {},
    projects: {},
  };
}

function toContext(request: StockRequest, r: StockContextRow): StockContext {
  const material = r.material_id ? { material_id: r.material_id, part_number: r.part_number!, part_name: r.part_name!, part_nickname: r.part_nickname! } : null;
  const exists = r.stream_version !== null;
  const state = itemStateOf(r);
  const userName = r.user_email === null ? null : `${r.user_firstname ?? ''} ${r.user_lastname ?? ''}`.trim() || r.user_email;
  return {
    streams: material
      ? {
          item: {
            streamId: stockStreamId(request.location, material.material_id),
            head: exists ? { version: r.stream_version!, hash: Buffer.from(r.last_hash!, 'hex') } : { version: 0, hash: null },
            state,
            evolve: stockItemDecider.evolve,
          },
        }
      : {},
    material,
    frozen: r.frozen,
    projectDefaults: { low: nullableNumber(r.low_stock_default), critical: nullableNumber(r.critical_stock_default) },
    user: 'userId' in request && request.userId ? { name: userName ?? 'Unknown user', member: r.user_is_member } : null,
    requestsWaiting: r.requests_waiting,
  };
}

function commandFor(request: StockRequest, ref: StockItemRef, context: StockContext): StockItemCommand {
  const { frozen } = context;
  const userName = context.user?.name ?? null;
  switch (request.type) {
    case 'receive':
      return { type: 'ReceiveMaterial', data: { ...ref, quantity: request.quantity, frozen } };
    case 'return':
      return { type: 'ReturnMaterial', data: { ...ref, quantity: request.quantity, binInfo: request.binInfo, frozen } };
    case 'assign':
      return {
        type: 'AssignMaterial',
        data: {
          ...ref,
          quantity: request.quantity,
          userId: request.userId,
          userName: userName ?? 'Unknown user',
          assigneeIsMember: context.user?.member ?? false,
          frozen,
        },
      };
    case 'unassign':
      return { type: 'UnassignMaterial', data: { ...ref, quantity: request.quantity, userId: request.userId, userName: userName ?? 'Unknown user', frozen } };
    case 'lost':
      return {
        type: 'MarkMaterialLost',
        data: { ...ref, quantity: request.quantity, source: request.source, userId: request.userId, userName, note: request.note },
      };
    case 'found':
      return {
        type: 'MarkMaterialFound',
        data: { ...ref, quantity: request.quantity, destination: request.destination, userId: request.userId, userName, note: request.note },
      };
    case 'warnings':
      return { type: 'SetStockWarnings', data: { ...ref, lowThreshold: request.lowThreshold, criticalThreshold: request.criticalThreshold } };
    default: {
      const unknown: never = request;
      throw new Error(`unknown stock request ${JSON.stringify(unknown)}`);
    }
  }
}

/** A receive of a part the catalogue does not know yet defines it in the same decision. */
function defineMaterial(input: Input): { material: MaterialRow; events: NewEvent[] } {
  const { request } = input;
  if (request.type !== 'receive') throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
  if (!request.partName?.trim() || !request.partNickname?.trim()) throw new DomainError('VALIDATION', NEW_PART_NEEDS_NAMES);
  const events = materialDecider.decide(
    {
      type: 'DefineMaterial',
      data: { materialId: input.newMaterialId, partNumber: request.partNumber, partName: request.partName, partNickname: request.partNickname },
    },
    initialMaterialState(),
  );
  const d = events[0]!.data;
  return { material: { material_id: input.newMaterialId, part_number: d.partNumber, part_name: d.partName, part_nickname: d.partNickname }, events };
}

const stockHandler: CommandHandler<Input, StockContext, StockOutcome> = {
  name: 'stock',
  // Two people adding the same new part at once collide on the catalogue's unique part number; the
  // loser is decided again as a receive of the now existing part.
  retryOn: ['materials_part_number_key', 'materials_part_number_lower'],
  async load(trx, inputs) {
    const rows = await loadStockContextRows(
      trx,
      inputs.map(({ request }) => ({
        location: request.location,
        partNumber: request.partNumber,
        userId: 'userId' in request ? request.userId : null,
        // Only a receive brings stock that can re-open requests waiting on delivery.
        waitingRequests: request.type === 'receive',
      })),
    );
    return inputs.map((input, i) => toContext(input.request, rows[i]!));
  },
  decide(input, context): Decision<StockOutcome> {
    const { request } = input;
    const appends: Decision<StockOutcome>['appends'] = [];
    let material = context.material;
    if (!material) {
      const defined = defineMaterial(input);
      material = defined.material;
      appends.push({ streamId: materialStreamId(material.material_id), events: defined.events });
    }
    const item = context.streams.item;
    const state = item?.state ?? stockItemDecider.initialState();
    const ref = { location: request.location, materialId: material.material_id, partNumber: material.part_number, partName: material.part_name };
    const events = stockItemDecider.decide(commandFor(request, ref, context), state);
    appends.push({ streamId: item?.streamId ?? stockStreamId(request.location, material.material_id), events });
    const after = events.reduce(stockItemDecider.evolve, state);
    const row = toRow(request.location, {
      ...material,
      logistics_qty: after.logistics,
      on_hand: after.onHand,
      field_assigned: after.field,
      lost_outstanding: after.lost,
      in_transit: after.inTransit,
      incoming: after.incoming,
      low_threshold: after.lowThreshold,
      critical_threshold: after.criticalThreshold,
      low_stock_default: context.projectDefaults.low,
      critical_stock_default: context.projectDefaults.critical,
    });
    return { appends, result: { materialId: material.material_id, created: appends.length > 1, item: row, requestsWaiting: context.requestsWaiting } };
  },
};

/** Runs one stock command; an unknown part number is refused with the spec's message (a receive may define it). */
export function runStock(store: EventStore, request: StockRequest, options: CommandOptions) {
  return runCommand(store, stockHandler, { request, newMaterialId: randomUUID() }, options);
}
