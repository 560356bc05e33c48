/**
 * A request command decided together with the project's stock and asset instances. The request's
 * own rules decide (decide.ts, with the project's on hand read from its stock streams); then each
 * line a fulfil gives becomes, by the rules of the stream it lands on, either an assignment of the
 * part to the requester (a material line) or each of its instances marked in use for them (an
 * asset line). One command, appended together in one transaction, or refused whole when any of
 * them refuses; a concurrent change to any of the streams decides it all again on fresh states.
 */
import { assetInstanceDecider } from '../asset/decide.ts';
import { type AssetInstanceEvent, assetStreamId } from '../asset/events.ts';
import type { AssetInstanceState } from '../asset/state.ts';
import { DomainError } from '../errors.ts';
import { stockItemDecider } from '../stock-item/decide.ts';
import { type StockItemEvent, projectLocation, stockStreamId } from '../stock-item/events.ts';
import type { StockItemState } from '../stock-item/state.ts';
import type { RequestStockCommand } from './commands.ts';
import { requestDecider } from './decide.ts';
import type { RequestEvent, RequestLineFulfilled } from './events.ts';
import { REQUEST_MESSAGES as M } from '../../contract/messages/requests.ts';
import type { RequestState } from './state.ts';

export interface RequestStockStates {
  request: RequestState;
  /** The project's stock of the parts a fulfil may give, by stream id: only parts with stock in the project. */
  stock: Record<string, StockItemState>;
  /** An asset request's instances free to give, by stream id. */
  instances: Record<string, AssetInstanceState>;
}

/** The request's events, then the stock and instance events in order; each names its stream by its own data. */
export interface RequestStockEvents {
  request: RequestEvent[];
  stock: StockItemEvent[];
  instances: AssetInstanceEvent[];
}

type Fulfil = Extract<RequestStockCommand, { type: 'FulfilRequest' }>['data'];

/** The project's on hand of every part the lines name or a replacement gives, by material id. */
function onHandOf({ request, stock }: RequestStockStates, data: Fulfil): Record<string, number> {
  const materialIds = [...request.lines.map((l) => l.materialId), ...data.lines.map((l) => l.replacement?.materialId ?? null)];
  const location = projectLocation(request.projectId);
  return Object.fromEntries(materialIds.flatMap((id) => (id ? [[id, stock[stockStreamId(location, id)]?.onHand ?? 0]] : [])));
}

/** Assigns a material line's quantity to the requester, by the stock item's own rules. */
function assign(event: RequestLineFulfilled, data: Fulfil, stock: Record<string, StockItemState>): StockItemEvent[] {
  const { materialId, partNumber, partName, quantity, assignedTo } = event.data;
  const location = projectLocation(event.data.projectId);
  const state = materialId ? stock[stockStreamId(location, materialId)] : undefined;
  if (!state || !materialId) throw new DomainError('VALIDATION', M.partNotFound);
  const { name, member } = data.requester;
  const command = { location, materialId, partNumber, partName, quantity, userId: assignedTo, userName: name, assigneeIsMember: member, frozen: data.frozen };
  return stockItemDecider.decide({ type: 'AssignMaterial', data: command }, state);
}

/** Marks an asset line's instances in use for the requester, by each instance's own rules. */
function markInUse(event: RequestLineFulfilled, data: Fulfil, states: RequestStockStates): AssetInstanceEvent[] {
  const notes = `Request R-${states.request.num}`;
  return (event.data.instanceIds ?? []).flatMap((instanceId) =>
    assetInstanceDecider.decide(
      { type: 'SetInstanceInUse', data: { frozen: data.frozen, inUse: true, userId: event.data.assignedTo, userIsMember: data.requester.member, notes } },
      states.instances[assetStreamId(instanceId)] ?? assetInstanceDecider.initialState(),
    ),
  );
}

export function decideRequestStock(command: RequestStockCommand, states: RequestStockStates): RequestStockEvents {
  if (command.type !== 'FulfilRequest') return { request: requestDecider.decide(command, states.request), stock: [], instances: [] };
  const data = command.data;
  const { requester: _, ...fulfil } = data;
  const events = requestDecider.decide({ type: 'FulfilRequest', data: { ...fulfil, available: onHandOf(states, data) } }, states.request);
  const stock = { ...states.stock };
  const decided: RequestStockEvents = { request: events, stock: [], instances: [] };
  for (const event of events) {
    if (event.type !== 'RequestLineFulfilled') continue;
    if (states.request.type === 'Asset') {
      decided.instances.push(...markInUse(event, data, states));
      continue;
    }
    const assigned = assign(event, data, stock);
    decided.stock.push(...assigned);
    // A part given on two lines is assigned twice, the second time on the first's outcome.
    const streamId = stockStreamId(projectLocation(event.data.projectId), event.data.materialId!);
    stock[streamId] = assigned.reduce(stockItemDecider.evolve, stock[streamId]!);
  }
  return decided;
}
