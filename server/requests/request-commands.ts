/**
 * Request commands: submit, hold, re-open, deny, fulfil (all or part), line changes and finalise.
 * Each is ONE command over the request's stream and, for a fulfil, the project's stock streams of
 * the parts it gives (or the asset instances free to give): `load` reads them all, `commandOf` maps
 * the change to a command, and the ledger's `decideRequestStock` answers the events of every stream
 * (each fulfilled line assigned to the requester by the stock item's or the instance's own rules);
 * the runner appends them with their expected versions in one transaction. A concurrent change to
 * any of them fails the version check and the whole command is decided again on fresh numbers, so
 * two managers fulfilling one line cannot both succeed.
 */
import type { AssetInstanceEvent } from '../../ledger/asset/events.ts';
import { assetStreamId } from '../../ledger/asset/events.ts';
import type { AssetInstanceState } from '../../ledger/asset/state.ts';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { appendsByStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { FulfilLine, RequestActor, RequestStockCommand } from '../../ledger/request/commands.ts';
import { requestDecider } from '../../ledger/request/decide.ts';
import { type LineChange, type RequestEvent, type RequestType, requestStreamId } from '../../ledger/request/events.ts';
import { decideRequestStock } from '../../ledger/request/fulfil.ts';
import { openLines, type RequestState } from '../../ledger/request/state.ts';
import { projectLocation, type StockItemEvent, stockStreamOf } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';
import { loadStock, type StockContextRow } from '../../projections/material-stock/decision-context.ts';
import { type AssetContext, assetTypes, loadAssetContext } from './asset-lines.ts';

export type RequestChange =
  | {
      type: 'submit';
      requestId: string;
      projectId: string;
      requestType: RequestType;
      requester: { id: string; name: string; email: string };
      lines: Array<{ lineId: string; partNumber: string; partName: string | null; qty: number; notes: string | null }>;
      notes: string | null;
      imagePath: string | null;
    }
  | { type: 'hold'; requestId: string; reason: string | null }
  | { type: 'reopen'; requestId: string }
  | { type: 'deny'; requestId: string; reason: string | null }
  | {
      type: 'fulfil';
      requestId: string;
      /** Empty: Fulfil All. */
      lines: Array<{ lineId: string | null; partNumber: string; quantity: number; replacementPartNumber: string | null; remainderLineId: string }>;
      remainder: 'open' | 'waiting_delivery';
    }
  | { type: 'lines'; requestId: string; changes: LineChange[]; reason: string | null }
  | { type: 'finalise'; requestId: string };

interface Input {
  change: RequestChange;
  actor: RequestActor;
}

interface RequestContext extends CommandContext {
  /** The request, the project's stock streams of the parts it may give and the instances free to give, each under its stream id. */
  streams: { request: LoadedStream<RequestState, RequestEvent> } & Record<`stock:${string}`, LoadedStream<StockItemState, StockItemEvent>> &
    Record<`asset:${string}`, LoadedStream<AssetInstanceState, AssetInstanceEvent>>;
  /** The project's stock rows, by part number in lower case and by material id. */
  parts: Map<string, StockContextRow>;
  /** The next request number in the project (submit only). */
  num: number;
  /** Asset requests: the asset types and the instances free to give. */
  assets: AssetContext | null;
}

const key = (partNumber: string) => partNumber.trim().toLowerCase();
/** A part exists in the project when it has stock there (received at least once). */
const inProject = (row: StockContextRow | undefined): row is StockContextRow & { material_id: string } =>
  Boolean(row?.material_id && row.stream_version !== null);
const isStock = (name: string): name is `stock:${string}` => name.startsWith('stock:');
const isInstance = (name: string): name is `asset:${string}` => name.startsWith('asset:');

/** The part numbers a change needs the project's stock of. */
async function partsOf(trx: Trx, change: RequestChange, state: RequestState): Promise<string[]> {
  if (change.type === 'submit') return change.requestType === 'Material' ? change.lines.map((l) => l.partNumber) : [];
  if (change.type !== 'fulfil' || state.type !== 'Material') return [];
  const materialIds = [...new Set(openLines(state).flatMap((l) => (l.materialId ? [l.materialId] : [])))];
  // Lines name parts by id: a part renumbered since the request still resolves to its stock.
  const current = materialIds.length > 0 ? await trx.selectFrom('materials').select('part_number').where('material_id', 'in', materialIds).execute() : [];
  return [...current.map((m) => m.part_number), ...change.lines.flatMap((l) => (l.replacementPartNumber ? [l.replacementPartNumber] : []))];
}

/** The part or asset given instead of the one asked for, as the project knows it. */
function replacementOf(partNumber: string | null, context: RequestContext): FulfilLine['replacement'] {
  if (!partNumber) return null;
  if (context.assets) {
    const type = context.assets.types.get(key(partNumber));
    return type
      ? { materialId: null, partNumber: type.assetNumber, partName: type.assetName, known: true }
      : { materialId: null, partNumber, partName: '', known: false };
  }
  const row = context.parts.get(key(partNumber));
  return inProject(row)
    ? { materialId: row.material_id, partNumber: row.part_number!, partName: row.part_name!, known: true }
    : { materialId: null, partNumber, partName: '', known: false };
}

/** The requester as a fulfil assigns to them: their name as it reads now, and whether they are a member of the project. */
function requesterOf(context: RequestContext): { name: string; member: boolean } {
  const row = context.parts.values().next().value;
  const name = `${row?.user_firstname ?? ''} ${row?.user_lastname ?? ''}`.trim() || (row?.user_email ?? 'Unknown user');
  return { name, member: context.assets ? context.assets.requesterIsMember : (row?.user_is_member ?? false) };
}

/** The request command a change maps to, with the parts, asset types and number as loaded. */
function commandOf({ change, actor }: Input, context: RequestContext): RequestStockCommand {
  switch (change.type) {
    case 'submit':
      return {
        type: 'SubmitRequest',
        data: {
          requestId: change.requestId,
          projectId: change.projectId,
          num: context.num,
          type: change.requestType,
          requesterId: change.requester.id,
          requesterName: change.requester.name,
          requesterEmail: change.requester.email,
          lines: change.lines.map((l) => {
            if (change.requestType === 'Asset') {
              const type = context.assets?.types.get(key(l.partNumber));
              const named = { partNumber: type?.assetNumber ?? l.partNumber, partName: type?.assetName ?? l.partName ?? '' };
              return { lineId: l.lineId, materialId: null, ...named, qty: l.qty, notes: l.notes, known: Boolean(type) };
            }
            const row = context.parts.get(key(l.partNumber));
            const known = inProject(row);
            return {
              lineId: l.lineId,
              materialId: known ? row.material_id : null,
              partNumber: known ? row.part_number! : l.partNumber,
              partName: known ? row.part_name! : (l.partName ?? ''),
              qty: l.qty,
              notes: l.notes,
              known,
            };
          }),
          notes: change.notes,
          imagePath: change.imagePath,
        },
      };
    case 'hold':
      return { type: 'HoldRequest', data: { reason: change.reason, actor } };
    case 'reopen':
      return { type: 'ReopenRequest', data: { actor } };
    case 'deny':
      return { type: 'DenyRequest', data: { reason: change.reason, actor } };
    case 'fulfil': {
      let frozen = context.assets?.frozen ?? false;
      for (const row of context.parts.values()) frozen ||= row.frozen;
      const lines: FulfilLine[] = change.lines.map((l) => ({
        lineId: l.lineId,
        partNumber: l.partNumber,
        quantity: l.quantity,
        replacement: replacementOf(l.replacementPartNumber, context),
        remainderLineId: l.remainderLineId,
      }));
      const instances = context.assets?.instances ?? {};
      return { type: 'FulfilRequest', data: { lines, remainder: change.remainder, instances, frozen, actor, requester: requesterOf(context) } };
    }
    case 'lines':
      return { type: 'ChangeLines', data: { changes: change.changes, reason: change.reason, actor } };
    case 'finalise':
      return { type: 'FinaliseRequest', data: { actor } };
    default: {
      const unknown: never = change;
      throw new Error(`unknown request change ${JSON.stringify(unknown)}`);
    }
  }
}

const requestHandler: CommandHandler<Input, RequestContext, { requestId: string }> = {
  name: 'request',
  // Two requests submitted at once in one project may pick the same number: the loser picks again.
  retryOn: ['requests_project_num_key'],
  async load(trx, inputs) {
    const requests = await loadFolded(
      trx,
      requestDecider,
      inputs.map((i) => requestStreamId(i.change.requestId)),
    );
    const contexts: RequestContext[] = [];
    const taken = new Map<string, number>();
    for (const [i, { change }] of inputs.entries()) {
      const request = requests[i]!;
      const projectId = change.type === 'submit' ? change.projectId : request.state.projectId;
      const requesterId = change.type === 'submit' ? change.requester.id : request.state.requesterId;
      const partNumbers = projectId ? await partsOf(trx, change, request.state) : [];
      const stock =
        partNumbers.length > 0
          ? await loadStock(
              trx,
              partNumbers.map((partNumber) => ({ location: projectLocation(projectId), partNumber, userId: requesterId })),
            )
          : [];
      const parts = new Map<string, StockContextRow>();
      const stockStreams: Record<string, LoadedStream<StockItemState, StockItemEvent>> = {};
      for (const [j, { row, stream }] of stock.entries()) {
        parts.set(key(partNumbers[j]!), row);
        if (!inProject(row) || !stream) continue;
        parts.set(row.material_id, row);
        stockStreams[stream.streamId] = stream;
      }
      let assets: AssetContext | null = null;
      if (change.type === 'submit' && change.requestType === 'Asset') {
        assets = {
          types: await assetTypes(
            trx,
            change.lines.map((l) => l.partNumber),
          ),
          instances: {},
          streams: {},
          requesterIsMember: false,
          frozen: false,
        };
      } else if (change.type === 'fulfil' && request.state.type === 'Asset') {
        const open = openLines(request.state);
        const numbers = [...open.map((l) => l.partNumber), ...change.lines.flatMap((l) => (l.replacementPartNumber ? [l.replacementPartNumber] : []))];
        const most = open.reduce((sum, l) => sum + l.qty, 0);
        assets = await loadAssetContext(trx, projectId, requesterId, numbers, most);
      }
      let num = 0;
      if (change.type === 'submit') {
        const top = await trx
          .selectFrom('requests')
          .select((eb) => eb.fn.max('num').as('n'))
          .where('project_id', '=', projectId)
          .executeTakeFirst();
        // Submits of one batch in one project take consecutive numbers, not the same one.
        num = Math.max(Number(top?.n ?? 0), taken.get(projectId) ?? 0) + 1;
        taken.set(projectId, num);
      }
      contexts.push({ streams: { request, ...stockStreams, ...assets?.streams }, parts, num, assets });
    }
    return contexts;
  },
  decide(input, context): Decision<{ requestId: string }> {
    const { request, ...others } = context.streams;
    const names = Object.keys(others);
    const states = {
      request: request.state,
      stock: Object.fromEntries(names.filter(isStock).map((name) => [name, others[name]!.state])),
      instances: Object.fromEntries(names.filter(isInstance).map((name) => [name, others[name]!.state])),
    };
    const decided = decideRequestStock(commandOf(input, context), states);
    return {
      appends: [
        { streamId: request.streamId, events: decided.request },
        ...appendsByStream(decided.instances, (e) => assetStreamId(e.data.instanceId)),
        ...appendsByStream(decided.stock, stockStreamOf),
      ],
      result: { requestId: request.state.requestId || input.change.requestId },
    };
  },
};

/** Runs one request command; a fulfil assigns the stock to the requester in the same transaction. */
export function runRequest(store: EventStore, change: RequestChange, actor: RequestActor, options: CommandOptions) {
  return runCommand(store, requestHandler, { change, actor }, { ...options, metadata: { ...options.metadata, source: options.metadata.source ?? 'request' } });
}
