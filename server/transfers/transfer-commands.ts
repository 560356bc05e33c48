/**
 * Transfer commands: request, pick list changes, status changes, and the item decisions that move
 * stock. An item fulfilled or received is ONE command over the transfer's stream and the stock
 * streams of both projects: the handler loads them all, the transfer's decide rules on the item
 * (with the source's on hand in the command), `stockMovesOf` turns its events into the stock events,
 * and the runner appends to every stream with its expected version in one transaction. A concurrent
 * change to any of them fails the version check and the whole command is decided again on fresh
 * numbers.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import { readStreams, type Trx } from '../../ledger/event-store/event-store.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { type StockItemEvent, type StockLocation, stockStreamId } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import type { SettableStatus, TransferActor, TransferCommand } from '../../ledger/transfer/commands.ts';
import { transferDecider } from '../../ledger/transfer/decide.ts';
import { type DeliveryMethod, type ShippingAddress, type TransferEvent, transferStreamId } from '../../ledger/transfer/events.ts';
import { TRANSFER_MESSAGES } from '../../contract/messages/transfers.ts';
import type { TransferState } from '../../ledger/transfer/state.ts';
import { stockMovesOf } from '../../ledger/transfer/stock-moves.ts';
import { loadStockContextRows, type StockContextRow } from '../../projections/material-stock/decision-context.ts';
import { itemStateOf } from '../materials/stock-commands.ts';

export type TransferRequest =
  | {
      type: 'request';
      transferId: string;
      fromId: string;
      toId: string;
      requestedBy: string;
      requestedById: string | null;
      deliveryMethod: DeliveryMethod;
      shippingAddress: ShippingAddress | null;
      pickList: Array<{ partNumber: string; qty: number }>;
    }
  | {
      type: 'picklist';
      transferId: string;
      pickList: Array<{ partNumber: string; qty: number; status?: 'pending' | 'fulfilled' | 'partial' | 'denied' | 'received' }>;
    }
  | { type: 'status'; transferId: string; status: SettableStatus; trackingNumber: string | null }
  | { type: 'fulfil'; transferId: string; items: Array<{ partNumber: string; quantity: number | null }> }
  | { type: 'deny-item'; transferId: string; partNumber: string }
  | { type: 'receive'; transferId: string; partNumber: string; quantity: number };

interface Input {
  request: TransferRequest;
  actor: TransferActor;
}

type StockStream = LoadedStream<StockItemState, StockItemEvent>;

interface TransferContext extends CommandContext {
  streams: Record<string, LoadedStream<TransferState, TransferEvent> | StockStream>;
  /** Per part number as the request or the transfer names it: the catalogue's part and both sides' rows. */
  parts: Map<string, { source: StockContextRow; destination: StockContextRow }>;
  projects: Map<string, { name: string; hidden: boolean }>;
  frozen: boolean;
}

const project = (id: string): StockLocation => ({ kind: 'project', id });
const key = (partNumber: string) => partNumber.trim().toLowerCase();

function stockStream(location: StockLocation, row: StockContextRow): StockStream | null {
  if (!row.material_id) return null;
  const exists = row.stream_version !== null;
  return {
    streamId: stockStreamId(location, row.material_id),
    head: exists ? { version: row.stream_version!, hash: Buffer.from(row.last_hash!, 'hex') } : { version: 0, hash: null },
    state: itemStateOf(row),
    evolve: stockItemDecider.evolve,
  };
}

function partsOf(request: TransferRequest, state: TransferState): string[] {
  if (request.type === 'request' || request.type === 'picklist') return request.pickList.map((p) => p.partNumber);
  return state.items.map((i) => i.partNumber);
}

const transferHandler: CommandHandler<Input, TransferContext, { transferId: string }> = {
  name: 'transfer',
  async load(trx: Trx, inputs) {
    const ids = inputs.map((i) => transferStreamId(i.request.transferId));
    const histories = await readStreams(trx, ids);
    const transfers = inputs.map((_, i) => {
      const history = histories.get(ids[i]!)!;
      const last = history[history.length - 1];
      const state = history.reduce((s, e) => transferDecider.evolve(s, { type: e.type, data: e.data } as TransferEvent), transferDecider.initialState());
      const stream: LoadedStream<TransferState, TransferEvent> = {
        streamId: ids[i]!,
        head: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null },
        state,
        evolve: transferDecider.evolve,
      };
      return stream;
    });
    const sides = inputs.map(({ request }, i) => {
      const state = transfers[i]!.state;
      return request.type === 'request' ? { fromId: request.fromId, toId: request.toId } : { fromId: state.fromId, toId: state.toId };
    });
    const lookups = inputs.flatMap(({ request }, i) => {
      const { fromId, toId } = sides[i]!;
      if (!fromId) return [];
      return partsOf(request, transfers[i]!.state).flatMap((partNumber) => [
        { location: project(fromId), partNumber, userId: null },
        { location: project(toId), partNumber, userId: null },
      ]);
    });
    const rows = lookups.length > 0 ? await loadStockContextRows(trx, lookups) : [];
    const projectIds = [...new Set(sides.flatMap((s) => (s.fromId ? [s.fromId, s.toId] : [])))];
    const projectRows =
      projectIds.length > 0
        ? await trx
            .selectFrom('projects')
            .select(['id', 'project_name', 'hide_from_transfer_list'])
            .where('id', 'in', projectIds)
            .where('archived_at', 'is', null)
            .execute()
        : [];
    const projects = new Map(projectRows.map((p) => [p.id, { name: p.project_name, hidden: p.hide_from_transfer_list }]));
    let next = 0;
    return inputs.map(({ request }, i) => {
      const { fromId, toId } = sides[i]!;
      const streams: TransferContext['streams'] = { transfer: transfers[i]! };
      const parts: TransferContext['parts'] = new Map();
      let frozen = false;
      if (fromId) {
        for (const partNumber of partsOf(request, transfers[i]!.state)) {
          const source = rows[next++]!;
          const destination = rows[next++]!;
          frozen = source.frozen;
          parts.set(key(partNumber), { source, destination });
          const s = stockStream(project(fromId), source);
          const d = stockStream(project(toId), destination);
          if (s) streams[`source:${s.streamId}`] = s;
          if (d) streams[`destination:${d.streamId}`] = d;
        }
      }
      return { streams, parts, projects, frozen };
    });
  },
  decide(input, context): Decision<{ transferId: string }> {
    const { request, actor } = input;
    const transfer = context.streams.transfer as LoadedStream<TransferState, TransferEvent>;
    const state = transfer.state;
    const material = (partNumber: string) => {
      const row = context.parts.get(key(partNumber))?.source;
      if (!row?.material_id) throw new DomainError('NOT_FOUND', `Part number ${partNumber} not found`);
      return { materialId: row.material_id, partNumber: row.part_number!, partName: row.part_name! };
    };
    const stockOf = (side: 'source' | 'destination', projectId: string, materialId: string): StockStream | undefined =>
      context.streams[`${side}:${stockStreamId(project(projectId), materialId)}`] as StockStream | undefined;
    let command: TransferCommand;
    switch (request.type) {
      case 'request': {
        const from = context.projects.get(request.fromId);
        const to = context.projects.get(request.toId);
        if (!from || !to) throw new DomainError('NOT_FOUND', 'Project not found');
        command = {
          type: 'RequestTransfer',
          data: {
            transferId: request.transferId,
            fromId: request.fromId,
            fromName: from.name,
            fromHidden: from.hidden,
            toId: request.toId,
            toName: to.name,
            requestedBy: request.requestedBy,
            requestedById: request.requestedById,
            deliveryMethod: request.deliveryMethod,
            shippingAddress: request.shippingAddress,
            pickList: request.pickList.map((p) => ({ ...material(p.partNumber), qty: p.qty })),
            actor,
          },
        };
        break;
      }
      case 'picklist':
        if (state.status === 'none') throw new DomainError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
        command = {
          type: 'ChangePicklist',
          data: { pickList: request.pickList.map((p) => ({ ...material(p.partNumber), qty: p.qty, status: p.status })), actor },
        };
        break;
      case 'status':
        command = { type: 'SetTransferStatus', data: { status: request.status, trackingNumber: request.trackingNumber, actor } };
        break;
      case 'fulfil': {
        const available: Record<string, number> = {};
        for (const item of state.items) available[item.partNumber] = stockOf('source', state.fromId, item.materialId)?.state.onHand ?? 0;
        command = { type: 'FulfilItems', data: { items: request.items, available, frozen: context.frozen, actor } };
        break;
      }
      case 'deny-item':
        command = { type: 'DenyItem', data: { partNumber: request.partNumber, actor } };
        break;
      case 'receive':
        command = { type: 'ReceiveItem', data: { partNumber: request.partNumber, quantity: request.quantity, frozen: context.frozen, actor } };
        break;
      default: {
        const unknown: never = request;
        throw new Error(`unknown transfer request ${JSON.stringify(unknown)}`);
      }
    }
    const events = transferDecider.decide(command, state);
    const appends: Decision<{ transferId: string }>['appends'] = [{ streamId: transfer.streamId, events }];
    const stock = new Map<string, StockItemEvent[]>();
    let current = state;
    for (const event of events) {
      for (const move of stockMovesOf(event, current)) {
        const projectId = move.side === 'source' ? current.fromId : current.toId;
        const streamId = stockOf(move.side, projectId, move.materialId)?.streamId ?? stockStreamId(project(projectId), move.materialId);
        stock.set(streamId, [...(stock.get(streamId) ?? []), move.event]);
      }
      current = transferDecider.evolve(current, event);
    }
    for (const [streamId, stockEvents] of stock) appends.push({ streamId, events: stockEvents });
    return { appends, result: { transferId: request.transferId } };
  },
};

/** Runs one transfer command; the item decisions move the stock of both projects in the same transaction. */
export function runTransfer(store: EventStore, request: TransferRequest, actor: TransferActor, options: CommandOptions) {
  return runCommand(
    store,
    transferHandler,
    { request, actor },
    { ...options, metadata: { ...options.metadata, source: options.metadata.source ?? 'transfer' } },
  );
}
