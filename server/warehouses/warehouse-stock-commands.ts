/**
 * Warehouse stock commands: receive, return, relocate, lost and found on a warehouse's stock of a
 * part, and assign to / unassign from a project, which is ONE command over TWO stock streams (the
 * warehouse's and the project's): the handler loads both, `decideWarehouseStock` decides on both
 * states at once, and the runner appends to each with its expected version in one transaction, so
 * both sides move or neither does. A concurrent command on either stream fails the version check
 * and the whole move is decided again on fresh numbers. A receive goes through the ledger's receipt
 * decider, which defines a part new to the catalogue in the same decision.
 *
 * Stock loads from the snapshot rows (`material_stock` plus the warehouse's places and project
 * assignments), as the project stock commands do; names and the freeze come in the same reads.
 */
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { MaterialReceiptCommand } from '../../ledger/material-receipt/commands.ts';
import { decideMaterialReceipt } from '../../ledger/material-receipt/decide.ts';
import { materialDecider } from '../../ledger/material/decide.ts';
import { type MaterialEvent, materialStreamId } from '../../ledger/material/events.ts';
import type { MaterialState } from '../../ledger/material/state.ts';
import type { StockItemRef } from '../../ledger/stock-item/commands.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { projectLocation, type StockItemEvent, type StockLocation, stockStreamId } from '../../ledger/stock-item/events.ts';
import { normalizePlace, type Place } from '../../contract/place.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import type { WarehouseGate, WarehouseStockCommand } from '../../ledger/warehouse-stock/commands.ts';
import { decideWarehouseStock, type WarehouseStockEvents } from '../../ledger/warehouse-stock/decide.ts';
import { WAREHOUSE_MESSAGES } from '../../contract/messages/warehouses.ts';
import { type LoadedStock, loadStock, materialStateOf } from '../../projections/material-stock/decision-context.ts';
import { loadWarehouseContextRows, type WarehouseContextRow } from '../../projections/warehouse-stock/decision-context.ts';

type PlaceInput = Parameters<typeof normalizePlace>[0];

interface Target {
  warehouseId: string;
  partNumber: string;
  quantity: number;
  note?: string | null;
}

/** Every warehouse stock command, as plain data (places as typed; they are normalised here). */
export type WarehouseStockRequest =
  | (Target & { type: 'receive'; place: PlaceInput; partName?: string | null; partNickname?: string | null })
  | (Target & { type: 'return' | 'lost'; from: PlaceInput })
  | (Target & { type: 'relocate'; from: PlaceInput; to: PlaceInput })
  | (Target & { type: 'found'; to: PlaceInput })
  | (Target & { type: 'assign'; from: PlaceInput; projectId: string })
  | (Target & { type: 'unassign'; to: PlaceInput; projectId: string });

interface Input {
  request: WarehouseStockRequest;
  newMaterialId: string;
}

interface WarehouseStockContext extends CommandContext {
  streams: { warehouse?: LoadedStream<StockItemState, StockItemEvent>; project?: LoadedStream<StockItemState, StockItemEvent> };
  /** The catalogue's part (not defined when the catalogue has no such part number). */
  material: MaterialState;
  gate: WarehouseGate;
  found: boolean;
  projectLabel: string | null;
}

export interface WarehouseStockOutcome {
  materialId: string;
  /** True when a receive added the part to the catalogue. */
  created: boolean;
}

const projectIdOf = (request: WarehouseStockRequest): string | null => ('projectId' in request ? request.projectId : null);
const warehouseLocation = (id: string): StockLocation => ({ kind: 'warehouse', id });

/** The warehouse's stock state: the snapshot's numbers with its places and project assignments. */
function warehouseState(state: StockItemState, extra: WarehouseContextRow): StockItemState {
  const places: StockItemState['places'] = {};
  for (const p of extra.places ?? []) places[p.place_key] = { place: normalizePlace(p), qty: Number(p.qty) };
  const projects: StockItemState['projects'] = {};
  for (const [id, qty] of Object.entries(extra.projects ?? {})) projects[id] = Number(qty);
  return { ...state, places, projects };
}

function toContext(w: LoadedStock, p: LoadedStock | null, extra: WarehouseContextRow): WarehouseStockContext {
  const { row } = w;
  const streams: WarehouseStockContext['streams'] = {};
  if (w.stream) {
    streams.warehouse = { ...w.stream, state: warehouseState(w.stream.state, extra) };
    if (p?.stream) streams.project = p.stream;
  }
  const found = extra.warehouse_num_id !== null;
  const label = found ? `#${extra.warehouse_num_id} · ${extra.warehouse_name}` : '';
  return {
    streams,
    material: materialStateOf(row),
    found,
    gate: { frozen: row.frozen, warehouse: { active: extra.warehouse_active, label } },
    projectLabel: extra.project_label,
  };
}

/** A receive names the part as typed: the receipt decider defines it when the catalogue has no such part. */
function receiptFor(request: Extract<WarehouseStockRequest, { type: 'receive' }>, newMaterialId: string, gate: WarehouseGate): MaterialReceiptCommand {
  const { warehouseId, partNumber, partName, partNickname, quantity } = request;
  return {
    type: 'ReceiveIntoWarehouse',
    data: {
      ...gate,
      part: { newMaterialId, partNumber, partName: partName ?? null, partNickname: partNickname ?? null },
      location: warehouseLocation(warehouseId),
      quantity,
      note: request.note ?? null,
      place: normalizePlace(request.place),
    },
  };
}

function commandFor(request: Exclude<WarehouseStockRequest, { type: 'receive' }>, ref: StockItemRef, context: WarehouseStockContext): WarehouseStockCommand {
  const move = { ...context.gate, ref, quantity: request.quantity, note: request.note ?? null };
  const target = (projectId: string) => ({
    ref: { ...ref, location: projectLocation(projectId) },
    project: context.projectLabel ? { label: context.projectLabel } : null,
  });
  const place = (input: PlaceInput): Place => normalizePlace(input);
  switch (request.type) {
    case 'return':
      return { type: 'ReturnFromWarehouse', data: { ...move, from: place(request.from) } };
    case 'lost':
      return { type: 'MarkLostInWarehouse', data: { ...move, from: place(request.from) } };
    case 'relocate':
      return { type: 'RelocateInWarehouse', data: { ...move, from: place(request.from), to: place(request.to) } };
    case 'found':
      return { type: 'MarkFoundInWarehouse', data: { ...move, to: place(request.to) } };
    case 'assign':
      return { type: 'AssignToProject', data: { ...move, from: place(request.from), target: target(request.projectId) } };
    case 'unassign':
      return { type: 'UnassignFromProject', data: { ...move, to: place(request.to), target: target(request.projectId) } };
    default: {
      const unknown: never = request;
      throw new Error(`unknown warehouse request ${JSON.stringify(unknown)}`);
    }
  }
}

/** Every command but a receive needs a part the catalogue has; a receive may define it. */
function decideMove(input: Input, context: WarehouseStockContext): WarehouseStockEvents & { material: MaterialEvent[] } {
  const { request } = input;
  const { material, streams } = context;
  const warehouse = streams.warehouse?.state ?? stockItemDecider.initialState();
  if (request.type === 'receive') {
    const events = decideMaterialReceipt(receiptFor(request, input.newMaterialId, context.gate), { material, item: warehouse });
    return { material: events.material, warehouse: events.item, project: [] };
  }
  if (!material.defined || material.materialId === null) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.partNotInWarehouse);
  const ref: StockItemRef = {
    location: warehouseLocation(request.warehouseId),
    materialId: material.materialId,
    partNumber: material.partNumber,
    partName: material.partName,
  };
  return { material: [], ...decideWarehouseStock(commandFor(request, ref, context), { warehouse, project: streams.project?.state }) };
}

const warehouseStockHandler: CommandHandler<Input, WarehouseStockContext, WarehouseStockOutcome> = {
  name: 'warehouse-stock',
  retryOn: ['materials_part_number_key', 'materials_part_number_lower'],
  async load(trx, inputs) {
    const requests = inputs.map((i) => i.request);
    const warehouseSide = await loadStock(
      trx,
      requests.map((r) => ({ location: warehouseLocation(r.warehouseId), partNumber: r.partNumber, userId: null })),
    );
    const moves = requests.flatMap((r, i) => (projectIdOf(r) ? [i] : []));
    const projectSide =
      moves.length > 0
        ? await loadStock(
            trx,
            moves.map((i) => ({ location: projectLocation(projectIdOf(requests[i]!)!), partNumber: requests[i]!.partNumber, userId: null })),
          )
        : [];
    const projectRows = new Map(moves.map((i, j) => [i, projectSide[j]!]));
    const extras = await loadWarehouseContextRows(
      trx,
      requests.map((r) => ({ warehouseId: r.warehouseId, partNumber: r.partNumber, projectId: projectIdOf(r) })),
    );
    return requests.map((_, i) => toContext(warehouseSide[i]!, projectRows.get(i) ?? null, extras[i]!));
  },
  decide(input, context): Decision<WarehouseStockOutcome> {
    const { request } = input;
    if (!context.found) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
    const events = decideMove(input, context);
    // The part as the catalogue has it after the decision (a receive may have just defined it).
    const materialId = events.material.reduce(materialDecider.evolve, context.material).materialId!;
    const { warehouse, project } = context.streams;
    const appends: Decision<WarehouseStockOutcome>['appends'] = [];
    if (events.material.length > 0) appends.push({ streamId: materialStreamId(materialId), events: events.material });
    appends.push({ streamId: warehouse?.streamId ?? stockStreamId(warehouseLocation(request.warehouseId), materialId), events: events.warehouse });
    const projectId = projectIdOf(request);
    if (projectId && events.project.length > 0) {
      appends.push({ streamId: project?.streamId ?? stockStreamId(projectLocation(projectId), materialId), events: events.project });
    }
    return { appends, result: { materialId, created: events.material.length > 0 } };
  },
};

/** Runs one warehouse stock command; assign and unassign move the units between the warehouse and the project in one transaction. */
export function runWarehouseStock(store: EventStore, request: WarehouseStockRequest, options: CommandOptions) {
  return runCommand(store, warehouseStockHandler, { request, newMaterialId: randomUUID() }, options);
}
