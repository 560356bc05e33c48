/**
 * Request commands: submit, hold, re-open, deny, fulfil (all or part), line changes and finalise.
 * A fulfil is ONE command over the request's stream and the stock streams of the parts it gives:
 * the handler loads them all, the request's decide rules on the lines (with the project's on hand
 * in the command), each fulfilled line becomes an assignment to the requester decided by the stock
 * item's own rules, and the runner appends to every stream with its expected version in one
 * transaction. A concurrent change to any of them fails the version check and the whole command is
 * decided again on fresh numbers, so two managers fulfilling one line cannot both succeed.
 */
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { DomainError } from '../../ledger/errors.ts';
import { readStreams, type EventStore, type Trx } from '../../ledger/event-store/event-store.ts';
import type { RecordedEvent } from '../../ledger/event-store/types.ts';
import type { FulfilLine, RequestActor, RequestCommand } from '../../ledger/request/commands.ts';
import { requestDecider } from '../../ledger/request/decide.ts';
import { type LineChange, type RequestEvent, type RequestType, requestStreamId } from '../../ledger/request/events.ts';
import { REQUEST_MESSAGES } from '../../contract/messages/requests.ts';
import { openLines, type RequestState } from '../../ledger/request/state.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { type StockItemEvent, type StockLocation, stockStreamId } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { loadStockContextRows, type StockContextRow } from '../../projections/material-stock/decision-context.ts';
import { itemStateOf } from '../materials/stock-commands.ts';
import { type AssetContext, assetTypes, instanceMoves, loadAssetContext } from './asset-lines.ts';

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

type RequestStream = LoadedStream<RequestState, RequestEvent>;
type StockStream = LoadedStream<StockItemState, StockItemEvent>;

interface RequestContext extends CommandContext {
  streams: Record<string, RequestStream | StockStream>;
  /** The project's stock rows, by part number in lower case and by material id. */
  parts: Map<string, StockContextRow>;
  /** The next request number in the project (submit only). */
  num: number;
  /** Asset requests: the asset types and the instances free to give. */
  assets: AssetContext | null;
}

const project = (id: string): StockLocation => ({ kind: 'project', id });
const key = (partNumber: string) => partNumber.trim().toLowerCase();
/** A part exists in the project when it has stock there (received at least once). */
const inProject = (row: StockContextRow | undefined): row is StockContextRow & { material_id: string } =>
  Boolean(row?.material_id && row.stream_version !== null);

function stockStream(projectId: string, row: StockContextRow & { material_id: string }): StockStream {
  return {
    streamId: stockStreamId(project(projectId), row.material_id),
    head: { version: row.stream_version!, hash: Buffer.from(row.last_hash!, 'hex') },
    state: itemStateOf(row),
    evolve: stockItemDecider.evolve,
  };
}

function foldRequest(streamId: string, history: readonly RecordedEvent[]): RequestStream {
  const last = history[history.length - 1];
  const state = history.reduce((s, e) => requestDecider.evolve(s, { type: e.type, data: e.data } as RequestEvent), requestDecider.initialState());
  return { streamId, head: { version: last?.streamVersion ?? 0, hash: last?.hash ?? null }, state, evolve: requestDecider.evolve };
}

/** The part numbers a change needs the project's stock of. */
async function partsOf(trx: Trx, change: RequestChange, state: RequestState): Promise<string[]> {
  if (change.type === 'submit') return change.requestType === 'Material' ? change.lines.map((l) => l.partNumber) : [];
  if (change.type !== 'fulfil' || state.type !== 'Material') return [];
  const materialIds = [...new Set(openLines(state).flatMap((l) => (l.materialId ? [l.materialId] : [])))];
  // Lines name parts by id: a part renumbered since the request still resolves to its stock.
  const current = materialIds.length > 0 ? await trx.selectFrom('materials').select('part_number').where('material_id', 'in', materialIds).execute() : [];
  return [...current.map((m) => m.part_number), ...change.lines.flatMap((l) => (l.replacementPartNumber ? [l.replacementPartNumber] : []))];
}

const requestHandler: CommandHandler<Input, RequestContext, { requestId: string }> = {
  name: 'request',
  // Two requests submitted at once in one project may pick the same number: the loser picks again.
  retryOn: ['requests_project_num_key'],
  async load(trx, inputs) {
    const ids = inputs.map((i) => requestStreamId(i.change.requestId));
    const histories = await readStreams(trx, ids);
    const contexts: RequestContext[] = [];
    const taken = new Map<string, number>();
    for (const [i, { change }] of inputs.entries()) {
      const request = foldRequest(ids[i]!, histories.get(ids[i]!) ?? []);
      const projectId = change.type === 'submit' ? change.projectId : request.state.projectId;
      const requesterId = change.type === 'submit' ? change.requester.id : request.state.requesterId;
      const partNumbers = projectId ? await partsOf(trx, change, request.state) : [];
      const rows =
        partNumbers.length > 0
          ? await loadStockContextRows(
              trx,
              partNumbers.map((partNumber) => ({ location: project(projectId), partNumber, userId: requesterId })),
            )
          : [];
      const parts = new Map<string, StockContextRow>();
      const streams: RequestContext['streams'] = { request };
      for (const [j, row] of rows.entries()) {
        parts.set(key(partNumbers[j]!), row);
        if (!inProject(row)) continue;
        parts.set(row.material_id, row);
        streams[`stock:${row.material_id}`] = stockStream(projectId, row);
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
        Object.assign(streams, assets.streams);
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
      contexts.push({ streams, parts, num, assets });
    }
    return contexts;
  },
  decide(input, context): Decision<{ requestId: string }> {
    const { change, actor } = input;
    const request = context.streams.request as RequestStream;
    const state = request.state;
    const stockOf = (materialId: string) => context.streams[`stock:${materialId}`] as StockStream | undefined;
    let command: RequestCommand;
    switch (change.type) {
      case 'submit':
        command = {
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
        break;
      case 'hold':
        command = { type: 'HoldRequest', data: { reason: change.reason, actor } };
        break;
      case 'reopen':
        command = { type: 'ReopenRequest', data: { actor } };
        break;
      case 'deny':
        command = { type: 'DenyRequest', data: { reason: change.reason, actor } };
        break;
      case 'fulfil': {
        const available: Record<string, number> = {};
        let frozen = context.assets?.frozen ?? false;
        for (const row of context.parts.values()) {
          frozen ||= row.frozen;
          if (inProject(row)) available[row.material_id] = stockOf(row.material_id)?.state.onHand ?? 0;
        }
        const lines: FulfilLine[] = change.lines.map((l) => {
          let replacement: FulfilLine['replacement'] = null;
          if (l.replacementPartNumber && context.assets) {
            const type = context.assets.types.get(key(l.replacementPartNumber));
            replacement = type
              ? { materialId: null, partNumber: type.assetNumber, partName: type.assetName, known: true }
              : { materialId: null, partNumber: l.replacementPartNumber, partName: '', known: false };
          } else if (l.replacementPartNumber) {
            const row = context.parts.get(key(l.replacementPartNumber));
            replacement = inProject(row)
              ? { materialId: row.material_id, partNumber: row.part_number!, partName: row.part_name!, known: true }
              : { materialId: null, partNumber: l.replacementPartNumber, partName: '', known: false };
          }
          return { lineId: l.lineId, partNumber: l.partNumber, quantity: l.quantity, replacement, remainderLineId: l.remainderLineId };
        });
        command = { type: 'FulfilRequest', data: { lines, remainder: change.remainder, available, instances: context.assets?.instances ?? {}, frozen, actor } };
        break;
      }
      case 'lines':
        command = { type: 'ChangeLines', data: { changes: change.changes, reason: change.reason, actor } };
        break;
      case 'finalise':
        command = { type: 'FinaliseRequest', data: { actor } };
        break;
      default: {
        const unknown: never = change;
        throw new Error(`unknown request change ${JSON.stringify(unknown)}`);
      }
    }
    const events = requestDecider.decide(command, state);
    const appends: Decision<{ requestId: string }>['appends'] = [{ streamId: request.streamId, events }];
    // Each fulfilled line assigns its quantity to the requester, by the stock item's own rules.
    const stock = new Map<string, { stream: StockStream; state: StockItemState; events: StockItemEvent[] }>();
    for (const event of events) {
      if (event.type !== 'RequestLineFulfilled') continue;
      if (context.assets) {
        appends.push(...instanceMoves(event, context.assets, `Request R-${state.num}`));
        continue;
      }
      const d = event.data;
      const stream = d.materialId ? stockOf(d.materialId) : undefined;
      if (!stream || !d.materialId) throw new DomainError('VALIDATION', REQUEST_MESSAGES.partNotFound);
      const entry = stock.get(stream.streamId) ?? { stream, state: stream.state, events: [] };
      const row = context.parts.get(d.materialId)!;
      const userName = `${row.user_firstname ?? ''} ${row.user_lastname ?? ''}`.trim() || (row.user_email ?? 'Unknown user');
      const assigned = stockItemDecider.decide(
        {
          type: 'AssignMaterial',
          data: {
            location: project(state.projectId),
            materialId: d.materialId,
            partNumber: d.partNumber,
            partName: d.partName,
            quantity: d.quantity,
            userId: d.assignedTo,
            userName,
            assigneeIsMember: row.user_is_member,
            frozen: row.frozen,
          },
        },
        entry.state,
      );
      entry.events.push(...assigned);
      entry.state = assigned.reduce(stockItemDecider.evolve, entry.state);
      stock.set(stream.streamId, entry);
    }
    for (const [streamId, entry] of stock) appends.push({ streamId, events: entry.events });
    return { appends, result: { requestId: state.requestId || change.requestId } };
  },
};

/** Runs one request command; a fulfil assigns the stock to the requester in the same transaction. */
export function runRequest(store: EventStore, change: RequestChange, actor: RequestActor, options: CommandOptions) {
  return runCommand(store, requestHandler, { change, actor }, { ...options, metadata: { ...options.metadata, source: options.metadata.source ?? 'request' } });
}
