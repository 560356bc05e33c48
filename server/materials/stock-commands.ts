/**
 * Stock commands: receive, return, assign, unassign, lost, found and a part's stock warnings. Each
 * takes plain input; one handler loads what a whole batch needs in one statement (the item's
 * snapshot row: its numbers are the fold of its stream, kept by the material_stock projection in
 * the same transaction, so loading them costs one row instead of replaying a long stream) and
 * decides each command with the stock item's pure `decide`, or a receive with the ledger's receipt
 * decider (which defines a part new to the catalogue in the same decision). The answer's inventory
 * row is computed from the state after the new events, without reading it back.
 */
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { MaterialReceiptCommand } from '../../ledger/material-receipt/commands.ts';
import { decideMaterialReceipt, type MaterialReceiptEvents } from '../../ledger/material-receipt/decide.ts';
import { materialDecider } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import type { MaterialState } from '../../ledger/material/state.ts';
import type { StockItemCommand, StockItemRef } from '../../ledger/stock-item/commands.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { stockStreamId, type FoundDestination, type LostSource, type StockItemEvent, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { type LoadedStock, loadStock, materialStateOf } from '../../projections/material-stock/decision-context.ts';
import type { InventoryRow } from '../../contract/materials.ts';
import { PART_NOT_FOUND } from '../../contract/messages.ts';
import { toRow } from '../../projections/material-stock/queries.ts';
import { reopenWaitingRequests } from '../requests/reopen-on-receive.ts';

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

interface StockContext extends CommandContext {
  streams: { item?: LoadedStream<StockItemState, StockItemEvent> };
  /** The catalogue's part (not defined when the catalogue has no such part number). */
  material: MaterialState;
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

function toContext(request: StockRequest, { row: r, stream }: LoadedStock): StockContext {
  const userName = r.user_email === null ? null : `${r.user_firstname ?? ''} ${r.user_lastname ?? ''}`.trim() || r.user_email;
  return {
    streams: stream ? { item: stream } : {},
    material: materialStateOf(r),
    frozen: r.frozen,
    projectDefaults: { low: nullableNumber(r.low_stock_default), critical: nullableNumber(r.critical_stock_default) },
    user: 'userId' in request && request.userId ? { name: userName ?? 'Unknown user', member: r.user_is_member } : null,
    requestsWaiting: r.requests_waiting,
  };
}

/** A receive names the part as typed: the receipt decider defines it when the catalogue has no such part. */
function receiptFor(request: Extract<StockRequest, { type: 'receive' }>, newMaterialId: string, frozen: boolean): MaterialReceiptCommand {
  const { location, partNumber, partName, partNickname, quantity } = request;
  return { type: 'ReceiveIntoProject', data: { part: { newMaterialId, partNumber, partName, partNickname }, location, quantity, frozen } };
}

function commandFor(request: Exclude<StockRequest, { type: 'receive' }>, ref: StockItemRef, context: StockContext): StockItemCommand {
  const { frozen } = context;
  const userName = context.user?.name ?? null;
  switch (request.type) {
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

/** Every command but a receive needs a part the catalogue has; a receive may define it. */
function decideStock(input: Input, context: StockContext, state: StockItemState): MaterialReceiptEvents {
  const { request } = input;
  const { material } = context;
  if (request.type === 'receive') return decideMaterialReceipt(receiptFor(request, input.newMaterialId, context.frozen), { material, item: state });
  if (!material.defined || material.materialId === null) throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
  const ref = { location: request.location, materialId: material.materialId, partNumber: material.partNumber, partName: material.partName };
  return { material: [], item: stockItemDecider.decide(commandFor(request, ref, context), state) };
}

const stockHandler: CommandHandler<Input, StockContext, StockOutcome> = {
  name: 'stock',
  // Two people adding the same new part at once collide on the catalogue's unique part number; the
  // loser is decided again as a receive of the now existing part.
  retryOn: ['materials_part_number_key', 'materials_part_number_lower'],
  async load(trx, inputs) {
    const loaded = await loadStock(
      trx,
      inputs.map(({ request }) => ({
        location: request.location,
        partNumber: request.partNumber,
        userId: 'userId' in request ? request.userId : null,
        // Only a receive brings stock that can re-open requests waiting on delivery.
        waitingRequests: request.type === 'receive',
      })),
    );
    return inputs.map((input, i) => toContext(input.request, loaded[i]!));
  },
  decide(input, context): Decision<StockOutcome> {
    const { request } = input;
    const item = context.streams.item;
    const state = item?.state ?? stockItemDecider.initialState();
    const events = decideStock(input, context, state);
    // The part as the catalogue has it after the decision (a receive may have just defined it).
    const part = events.material.reduce(materialDecider.evolve, context.material);
    const materialId = part.materialId!;
    const appends: Decision<StockOutcome>['appends'] = [];
    if (events.material.length > 0) appends.push({ streamId: materialStreamId(materialId), events: events.material });
    appends.push({ streamId: item?.streamId ?? stockStreamId(request.location, materialId), events: events.item });
    const after = events.item.reduce(stockItemDecider.evolve, state);
    const row = toRow(request.location, {
      material_id: materialId,
      part_number: part.partNumber,
      part_name: part.partName,
      part_nickname: part.partNickname,
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
    return { appends, result: { materialId, created: events.material.length > 0, item: row, requestsWaiting: context.requestsWaiting } };
  },
};

/** Runs one stock command; an unknown part number is refused with the spec's message (a receive may define it). */
export function runStock(store: EventStore, request: StockRequest, options: CommandOptions) {
  return runCommand(store, stockHandler, { request, newMaterialId: randomUUID() }, options);
}

/**
 * A receive, then its follow-up: the project's requests waiting on delivery of the part that the
 * new on hand covers are re-opened (a second command, over the requests' streams). Answers the
 * receive's outcome and how many requests it re-opened (none when the receive was a replay).
 */
export async function receiveStock(store: EventStore, request: Extract<StockRequest, { type: 'receive' }>, options: CommandOptions) {
  const outcome = await runStock(store, request, options);
  const { requestsWaiting, materialId } = outcome.result;
  const reopenedCount = outcome.replayed || !requestsWaiting ? 0 : await reopenWaitingRequests(store, request.location.id, [materialId], options);
  return { ...outcome, reopenedCount };
}
