/**
 * Posting a count session: ONE command that loads the session with all its lines and what posting
 * decides on (projections/stock-count/post-context.ts), decides with the pure `decidePost`, and
 * appends the session's event, each line's `StockCounted` on its stock stream dated when the line
 * was counted, and the asset events, all in the command's one transaction. Every stream is checked
 * against the head it was loaded at, so a movement landing meanwhile decides the post again on
 * fresh figures; a refusal appends nothing.
 */
import type { PostCountAnswer } from '../../contract/counts.ts';
import { COUNT_MESSAGES } from '../../contract/counts.ts';
import type { CommandContext, CommandHandler, CommandOptions, Decision, LoadedStream } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { assetStreamId } from '../../ledger/asset/events.ts';
import { CONFLICT_MESSAGE, DomainError } from '../../ledger/errors.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import type { NewEvent } from '../../ledger/event-store/types.ts';
import type { PostAssetLine, PostPartLine } from '../../ledger/stock-count/commands.ts';
import { decidePost } from '../../ledger/stock-count/decide.ts';
import type { CountSessionState } from '../../ledger/stock-count/state.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { stockStreamId, stockStreamOf, type StockItemEvent } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import { placeKey } from '../../contract/place.ts';
import { isFrozen } from '../../projections/assets/decision-context.ts';
import { loadCountSessions } from '../../projections/stock-count/loaders.ts';
import { loadAssetLines, loadPartLineFigures } from '../../projections/stock-count/post-context.ts';

export interface PostCountRequest {
  sessionId: string;
}

export type PostCountResult = Omit<PostCountAnswer, 'session'>;

interface RefusedPost extends CommandContext {
  refusal: DomainError;
  streams: Record<string, never>;
}

interface LoadedPost extends CommandContext {
  /** `count` is the session's stream; the others are keyed by their stream id. */
  streams: Record<string, LoadedStream<unknown, never>>;
  loaded: LoadedStream<unknown, never>;
  state: CountSessionState;
  frozen: boolean;
  parts: PostPartLine[];
  assets: PostAssetLine[];
}

type PostContext = RefusedPost | LoadedPost;

/** The instant a line's round was counted: its last count (a double count's second). */
const countedAtOf = (counts: ReadonlyArray<{ countedAt: Date }>): Date => new Date(Math.max(...counts.map((c) => c.countedAt.getTime())));

async function loadOne(trx: Trx, input: PostCountRequest): Promise<LoadedPost> {
  const [session] = await loadCountSessions(trx, [{ sessionId: input.sessionId, lines: { all: true } }]);
  if (!session?.row) throw new DomainError('NOT_FOUND', COUNT_MESSAGES.notFound);
  const { state } = session.stream;
  const location = state.location;
  const lines = Object.values(state.lines).sort((a, b) => a.line.seq - b.line.seq);
  const partLines = lines.filter((l) => l.line.kind === 'part' && l.line.materialId !== null && l.counts.length > 0);
  const assetLines = lines.filter((l) => l.line.kind === 'asset' && l.line.instanceId !== null);
  const [figures, assets] = await Promise.all([
    loadPartLineFigures(
      trx,
      location,
      partLines.map((l) => ({
        lineId: l.line.lineId,
        materialId: l.line.materialId!,
        place: l.line.place,
        placeKey: l.line.place ? placeKey(l.line.place) : '',
        countedAt: countedAtOf(l.counts),
      })),
    ),
    loadAssetLines(
      trx,
      location,
      new Date(session.row.created_at),
      assetLines.map((l) => ({ lineId: l.line.lineId, seq: l.line.seq, instanceId: l.line.instanceId!, line: l.line })),
    ),
  ]);
  const streams: Record<string, LoadedStream<unknown, never>> = { count: session.stream as LoadedStream<unknown, never> };
  const parts: PostPartLine[] = partLines.map((l, n) => {
    const figured = figures[n]!;
    const streamId = stockStreamId(location, l.line.materialId!);
    if (!streams[streamId]) {
      const item: LoadedStream<StockItemState, StockItemEvent> = {
        streamId,
        head: figured.head,
        state: { ...stockItemDecider.initialState(), exists: figured.head.version > 0 },
        evolve: stockItemDecider.evolve,
      };
      streams[streamId] = item as LoadedStream<unknown, never>;
    }
    return {
      kind: 'part',
      lineId: l.line.lineId,
      seq: l.line.seq,
      location,
      materialId: l.line.materialId!,
      partNumber: l.line.partNumber ?? '',
      partName: l.line.partName ?? '',
      place: l.line.place,
      figures: figured.figures,
    };
  });
  for (const a of assets) streams[a.stream.streamId] = a.stream as LoadedStream<unknown, never>;
  return { streams, loaded: streams.count!, state, frozen: await isFrozen(trx), parts, assets: assets.map((a) => a.line) };
}

const postHandler: CommandHandler<PostCountRequest, PostContext, PostCountResult> = {
  name: 'count-post',
  async load(trx, inputs) {
    const contexts: PostContext[] = [];
    for (const input of inputs) {
      try {
        contexts.push(await loadOne(trx, input));
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        contexts.push({ refusal: error, streams: {} });
      }
    }
    return contexts;
  },
  decide(_input, context): Decision<PostCountResult> {
    if ('refusal' in context) throw context.refusal;
    // Another command of the same batch touched the session: its figures were loaded before it.
    if (context.streams.count !== context.loaded) throw new DomainError('CONFLICT', CONFLICT_MESSAGE);
    const decided = decidePost(
      { type: 'PostCount', data: { sessionName: context.state.name, frozen: context.frozen, parts: context.parts, assets: context.assets } },
      context.state,
    );
    const appends: Decision<PostCountResult>['appends'] = [{ streamId: context.loaded.streamId, events: decided.count }];
    const stock = new Map<string, NewEvent[]>();
    for (const { occurredAt, ...event } of decided.stock) {
      const streamId = stockStreamOf(event);
      stock.set(streamId, [...(stock.get(streamId) ?? []), { ...event, occurredAt }]);
    }
    for (const [streamId, events] of stock) appends.push({ streamId, events });
    const assets = new Map<string, NewEvent[]>();
    for (const event of decided.assets) {
      const streamId = assetStreamId(event.data.instanceId);
      assets.set(streamId, [...(assets.get(streamId) ?? []), event]);
    }
    for (const [streamId, events] of assets) appends.push({ streamId, events });
    const posted = decided.count.find((e) => e.type === 'CountSessionPosted');
    const data = posted?.type === 'CountSessionPosted' ? posted.data : null;
    return {
      appends,
      result: {
        adjustments: data?.adjustments ?? decided.stock.length,
        assets_lost: data?.assetsLost ?? 0,
        assets_found: data?.assetsFound ?? 0,
        lines_counted: data?.linesCounted ?? 0,
        lines_not_counted: data?.linesNotCounted ?? 0,
      },
    };
  },
};

/** Posts one count session; its events say `source: 'count'` in the logs. */
export function runPostCount(store: EventStore, request: PostCountRequest, options: CommandOptions) {
  return runCommand(store, postHandler, request, { ...options, metadata: { ...options.metadata, source: 'count' } });
}
