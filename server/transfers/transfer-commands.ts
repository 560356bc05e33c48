/**
 * Transfer commands: request, pick list changes, status changes, and the item decisions that move
 * stock. Each is ONE command over the transfer's stream and the stock streams of its parts in both
 * projects: `load` reads them all, `commandOf` maps the request to a command, and the ledger's
 * `decideTransferStock` answers the events of every stream (the items' stock moves included); the
 * runner appends them with their expected versions in one transaction. A concurrent change to any
 * of them fails the version check and the whole command is decided again on fresh numbers.
 */
import { PROJECT_NOT_FOUND } from '../../contract/messages.ts';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { appendsByStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { projectLocation, type StockItemEvent, stockStreamOf } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';
import type { ScannedLine, SettableStatus, TransferActor, TransferStockCommand } from '../../ledger/transfer/commands.ts';
import { transferDecider } from '../../ledger/transfer/decide.ts';
import { type DeliveryMethod, type ShippingAddress, type TransferEvent, transferStreamId } from '../../ledger/transfer/events.ts';
import { TRANSFER_MESSAGES } from '../../contract/messages/transfers.ts';
import type { TransferState } from '../../ledger/transfer/state.ts';
import { decideTransferStock } from '../../ledger/transfer/stock-moves.ts';
import { type LoadedStock, loadStock, type StockContextRow } from '../../projections/material-stock/decision-context.ts';

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
  | { type: 'receive'; transferId: string; partNumber: string; quantity: number }
  /** Scanned lines, one command: all sent (or received) or none. */
  | { type: 'fulfil-lines' | 'receive-lines'; transferId: string; lines: ScannedLine[] };

interface Input {
  request: TransferRequest;
  actor: TransferActor;
}

interface TransferContext extends CommandContext {
  /** The transfer, and every stock stream of its parts in both projects under its stream id. */
  streams: { transfer: LoadedStream<TransferState, TransferEvent> } & Record<`stock:${string}`, LoadedStream<StockItemState, StockItemEvent>>;
  /** The catalogue's part of each part number the request or the transfer names (its source row), by part number in lower case. */
  parts: Map<string, StockContextRow>;
  projects: Map<string, { name: string; hidden: boolean }>;
  frozen: boolean;
}

const key = (partNumber: string) => partNumber.trim().toLowerCase();

function partsOf(request: TransferRequest, state: TransferState): string[] {
  if (request.type === 'request' || request.type === 'picklist') return request.pickList.map((p) => p.partNumber);
  return state.items.map((i) => i.partNumber);
}

/** The projects' names and whether each is hidden from the transfer list, for every project the batch names. */
async function loadProjects(trx: Trx, projectIds: string[]): Promise<TransferContext['projects']> {
  if (projectIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('projects')
    .select(['id', 'project_name', 'hide_from_transfer_list'])
    .where('id', 'in', projectIds)
    .where('archived_at', 'is', null)
    .execute();
  return new Map(rows.map((p) => [p.id, { name: p.project_name, hidden: p.hide_from_transfer_list }]));
}

/** The transfer command a request maps to, with the parts and projects as loaded. */
function commandOf({ request, actor }: Input, context: TransferContext): TransferStockCommand {
  const state = context.streams.transfer.state;
  const material = (partNumber: string) => {
    const row = context.parts.get(key(partNumber));
    if (!row?.material_id) throw new DomainError('NOT_FOUND', `Part number ${partNumber} not found`);
    return { materialId: row.material_id, partNumber: row.part_number!, partName: row.part_name! };
  };
  switch (request.type) {
    case 'request': {
      const from = context.projects.get(request.fromId);
      const to = context.projects.get(request.toId);
      if (!from || !to) throw new DomainError('NOT_FOUND', PROJECT_NOT_FOUND);
      return {
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
    }
    case 'picklist':
      if (state.status === 'none') throw new DomainError('NOT_FOUND', TRANSFER_MESSAGES.notFound);
      return { type: 'ChangePicklist', data: { pickList: request.pickList.map((p) => ({ ...material(p.partNumber), qty: p.qty, status: p.status })), actor } };
    case 'status':
      return { type: 'SetTransferStatus', data: { status: request.status, trackingNumber: request.trackingNumber, actor } };
    case 'fulfil':
      return { type: 'FulfilItems', data: { items: request.items, frozen: context.frozen, actor } };
    case 'deny-item':
      return { type: 'DenyItem', data: { partNumber: request.partNumber, actor } };
    case 'receive':
      return { type: 'ReceiveItem', data: { partNumber: request.partNumber, quantity: request.quantity, frozen: context.frozen, actor } };
    case 'fulfil-lines':
      return { type: 'FulfilLines', data: { lines: request.lines, frozen: context.frozen, actor } };
    case 'receive-lines':
      return { type: 'ReceiveLines', data: { lines: request.lines, frozen: context.frozen, actor } };
    default: {
      const unknown: never = request;
      throw new Error(`unknown transfer request ${JSON.stringify(unknown)}`);
    }
  }
}

const transferHandler: CommandHandler<Input, TransferContext, { transferId: string }> = {
  name: 'transfer',
  async load(trx: Trx, inputs) {
    const transfers = await loadFolded(
      trx,
      transferDecider,
      inputs.map((i) => transferStreamId(i.request.transferId)),
    );
    const sides = inputs.map(({ request }, i) => {
      const state = transfers[i]!.state;
      return request.type === 'request' ? { fromId: request.fromId, toId: request.toId } : { fromId: state.fromId, toId: state.toId };
    });
    const lookups = inputs.flatMap(({ request }, i) => {
      const { fromId, toId } = sides[i]!;
      if (!fromId) return [];
      return partsOf(request, transfers[i]!.state).flatMap((partNumber) => [
        { location: projectLocation(fromId), partNumber, userId: null },
        { location: projectLocation(toId), partNumber, userId: null },
      ]);
    });
    const stock = lookups.length > 0 ? await loadStock(trx, lookups) : [];
    const projects = await loadProjects(trx, [...new Set(sides.flatMap((s) => (s.fromId ? [s.fromId, s.toId] : [])))]);
    let next = 0;
    return inputs.map(({ request }, i) => {
      const parts: TransferContext['parts'] = new Map();
      const loaded: LoadedStock[] = [];
      let frozen = false;
      if (sides[i]!.fromId) {
        for (const partNumber of partsOf(request, transfers[i]!.state)) {
          const source = stock[next++]!;
          loaded.push(source, stock[next++]!);
          frozen = source.row.frozen;
          parts.set(key(partNumber), source.row);
        }
      }
      const stockStreams = Object.fromEntries(loaded.flatMap(({ stream }) => (stream ? [[stream.streamId, stream]] : [])));
      return { streams: { transfer: transfers[i]!, ...stockStreams }, parts, projects, frozen };
    });
  },
  decide(input, context): Decision<{ transferId: string }> {
    const { transfer, ...stock } = context.streams;
    const states = { transfer: transfer.state, stock: Object.fromEntries(Object.entries(stock).map(([streamId, s]) => [streamId, s.state])) };
    const decided = decideTransferStock(commandOf(input, context), states);
    return {
      appends: [{ streamId: transfer.streamId, events: decided.transfer }, ...appendsByStream(decided.stock, stockStreamOf)],
      result: { transferId: input.request.transferId },
    };
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
