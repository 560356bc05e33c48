/**
 * Warehouse stock commands: receive, return, relocate, lost and found on a warehouse's stock of a
 * part, and assign to / unassign from a project, which is ONE command over TWO stock streams (the
 * warehouse's and the project's): the handler loads both, `decideWarehouseStock` decides on both
 * states at once, and the runner appends to each with its expected version in one transaction, so
 * both sides move or neither does. A concurrent command on either stream fails the version check
 * and the whole move is decided again on fresh numbers.
 *
 * Stock loads from the snapshot rows (`material_stock` plus the warehouse's places and project
 * assignments), as the project stock commands do; names and the freeze come in the same reads.
 */
import { randomUUID } from 'node:crypto';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { NewEvent } from '../../ledger/event-store/types.ts';
import { initialMaterialState, materialDecider } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import type { StockItemRef } from '../../ledger/stock-item/commands.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { type StockItemEvent, type StockLocation, stockStreamId } from '../../ledger/stock-item/events.ts';
import { normalizePlace, type Place } from '../../contract/place.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import type { WarehouseGate, WarehouseStockCommand } from '../../ledger/warehouse-stock/commands.ts';
import { decideWarehouseStock } from '../../ledger/warehouse-stock/decide.ts';
import { WAREHOUSE_MESSAGES } from '../../contract/messages/warehouses.ts';
import { loadStockContextRows, type StockContextRow } from '../../projections/material-stock/decision-context.ts';
import { loadWarehouseContextRows, type WarehouseContextRow } from '../../projections/warehouse-stock/decision-context.ts';
import { NEW_PART_NEEDS_NAMES } from '../../contract/messages.ts';
import { itemStateOf } from '../materials/stock-commands.ts';

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

interface MaterialRow {
  material_id: string;
  part_number: string;
  part_name: string;
}

interface WarehouseStockContext extends CommandContext {
  streams: { warehouse?: LoadedStream<StockItemState, StockItemEvent>; project?: LoadedStream<StockItemState, StockItemEvent> };
  material: MaterialRow | null;
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
const projectLocation = (id: string): StockLocation => ({ kind: 'project', id });

function loadedStream(location: StockLocation, materialId: string, row: StockContextRow, state: StockItemState): LoadedStream<StockItemState, StockItemEvent> {
  const exists = row.stream_version !== null;
  return {
    streamId: stockStreamId(location, materialId),
    head: exists ? { version: row.stream_version!, hash: Buffer.from(row.last_hash!, 'hex') } : { version: 0, hash: null },
    state,
    evolve: stockItemDecider.evolve,
  };
}

/** The warehouse's stock state: the snapshot's numbers with its places and project assignments. */
function warehouseState(stock: StockContextRow, extra: WarehouseContextRow): StockItemState {
  const places: StockItemState['places'] = {};
  for (const p of extra.places ?? []) places[p.place_key] = { place: normalizePlace(p), qty: Number(p.qty) };
  const projects: StockItemState['projects'] = {};
  for (const [id, qty] of Object.entries(extra.projects ?? {})) projects[id] = Number(qty);
  return { ...itemStateOf(stock), places, projects };
}

function toContext(request: WarehouseStockRequest, w: StockContextRow, p: StockContextRow | null, extra: WarehouseContextRow): WarehouseStockContext {
  const material = w.material_id ? { material_id: w.material_id, part_number: w.part_number!, part_name: w.part_name! } : null;
  const streams: WarehouseStockContext['streams'] = {};
  const projectId = projectIdOf(request);
  if (material) {
    streams.warehouse = loadedStream(warehouseLocation(request.warehouseId), material.material_id, w, warehouseState(w, extra));
    if (projectId && p) streams.project = loadedStream(projectLocation(projectId), material.material_id, p, itemStateOf(p));
  }
  const found = extra.warehouse_num_id !== null;
  const label = found ? `#${extra.warehouse_num_id} · ${extra.warehouse_name}` : '';
  return { streams, material, found, gate: { frozen: w.frozen, warehouse: { active: extra.warehouse_active, label } }, projectLabel: extra.project_label };
}

function defineMaterial(input: Input): { material: MaterialRow; events: NewEvent[] } {
  const { request } = input;
  if (request.type !== 'receive') throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.partNotInWarehouse);
  if (!request.partName?.trim() || !request.partNickname?.trim()) throw new DomainError('VALIDATION', NEW_PART_NEEDS_NAMES);
  const events = materialDecider.decide(
    {
      type: 'DefineMaterial',
      data: { materialId: input.newMaterialId, partNumber: request.partNumber, partName: request.partName, partNickname: request.partNickname },
    },
    initialMaterialState(),
  );
  const d = events[0]!.data;
  return { material: { material_id: input.newMaterialId, part_number: d.partNumber, part_name: d.partName }, events };
}

function commandFor(request: WarehouseStockRequest, ref: StockItemRef, context: WarehouseStockContext): WarehouseStockCommand {
  const move = { ...context.gate, ref, quantity: request.quantity, note: request.note ?? null };
  const target = (projectId: string) => ({
    ref: { ...ref, location: projectLocation(projectId) },
    project: context.projectLabel ? { label: context.projectLabel } : null,
  });
  const place = (input: PlaceInput): Place => normalizePlace(input);
  switch (request.type) {
    case 'receive':
      return { type: 'ReceiveIntoWarehouse', data: { ...move, place: place(request.place) } };
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

const warehouseStockHandler: CommandHandler<Input, WarehouseStockContext, WarehouseStockOutcome> = {
  name: 'warehouse-stock',
  retryOn: ['materials_part_number_key', 'materials_part_number_lower'],
  async load(trx, inputs) {
    const requests = inputs.map((i) => i.request);
    const warehouseSide = await loadStockContextRows(
      trx,
      requests.map((r) => ({ location: warehouseLocation(r.warehouseId), partNumber: r.partNumber, userId: null })),
    );
    const moves = requests.flatMap((r, i) => (projectIdOf(r) ? [i] : []));
    const projectSide =
      moves.length > 0
        ? await loadStockContextRows(
            trx,
            moves.map((i) => ({ location: projectLocation(projectIdOf(requests[i]!)!), partNumber: requests[i]!.partNumber, userId: null })),
          )
        : [];
    const projectRows = new Map(moves.map((i, j) => [i, projectSide[j]!]));
    const extras = await loadWarehouseContextRows(
      trx,
      requests.map((r) => ({ warehouseId: r.warehouseId, partNumber: r.partNumber, projectId: projectIdOf(r) })),
    );
    return requests.map((r, i) => toContext(r, warehouseSide[i]!, projectRows.get(i) ?? null, extras[i]!));
  },
  decide(input, context): Decision<WarehouseStockOutcome> {
    const { request } = input;
    if (!context.found) throw new DomainError('NOT_FOUND', WAREHOUSE_MESSAGES.notFound);
    const appends: Decision<WarehouseStockOutcome>['appends'] = [];
    let material = context.material;
    if (!material) {
      const defined = defineMaterial(input);
      material = defined.material;
      appends.push({ streamId: materialStreamId(material.material_id), events: defined.events });
    }
    const ref: StockItemRef = {
      location: warehouseLocation(request.warehouseId),
      materialId: material.material_id,
      partNumber: material.part_number,
      partName: material.part_name,
    };
    const { warehouse, project } = context.streams;
    const events = decideWarehouseStock(commandFor(request, ref, context), {
      warehouse: warehouse?.state ?? stockItemDecider.initialState(),
      project: project?.state,
    });
    appends.push({ streamId: warehouse?.streamId ?? stockStreamId(ref.location, material.material_id), events: events.warehouse });
    const projectId = projectIdOf(request);
    if (projectId && events.project.length > 0) {
      appends.push({ streamId: project?.streamId ?? stockStreamId(projectLocation(projectId), material.material_id), events: events.project });
    }
    return { appends, result: { materialId: material.material_id, created: context.material === null } };
  },
};

/** Runs one warehouse stock command; assign and unassign move the units between the warehouse and the project in one transaction. */
export function runWarehouseStock(store: EventStore, request: WarehouseStockRequest, options: CommandOptions) {
  return runCommand(store, warehouseStockHandler, { request, newMaterialId: randomUUID() }, options);
}
