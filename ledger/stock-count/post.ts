/**
 * Posting a count: one decision over every line. Each counted part line is measured against what
 * the books held at its place at the instant it was counted, so movements during the count never
 * make a variance; its difference goes into lost (a shortage) or takes back lost first and raises
 * logistics with the rest (a surplus), dated when it was counted. Like a correction dated then, it
 * is refused, naming the line, when the figures moved since so far that it would take one below
 * zero at some instant. Serialized assets a counter did not see are marked lost; lost ones seen,
 * found.
 */
import { COUNT_MESSAGES } from '../../contract/counts.ts';
import { TRANSACTIONS_FROZEN } from '../../contract/messages.ts';
import { normalizePlace, placeKey } from '../../contract/place.ts';
import type { AssetInstanceEvent } from '../asset/events.ts';
import { DomainError } from '../errors.ts';
import { MAX_BALANCE } from '../stock-item/decide.ts';
import { type StockCounted, stockStreamId } from '../stock-item/events.ts';
import type { CountSessionCommand, CountedInstantFigures, PostAssetLine, PostPartLine } from './commands.ts';
import type { CountEvent } from './events.ts';
import { lineName, requireOpen } from './rules.ts';
import type { CountLineState, CountSessionState, LineCount } from './state.ts';

export interface PostDecision {
  count: CountEvent[];
  /** One per counted part line with a difference, dated (occurredAt) when the line was counted. */
  stock: Array<StockCounted & { occurredAt: Date }>;
  assets: AssetInstanceEvent[];
}

type PostCount = Extract<CountSessionCommand, { type: 'PostCount' }>;
type Result = Extract<CountEvent, { type: 'CountSessionPosted' }>['data']['results'][number];
type Deltas = StockCounted['data']['deltas'];

/** Every line settled: none waiting for a recount or a second count, no double count in dispute. */
function requireSettled(state: CountSessionState, lines: CountLineState[]): void {
  for (const line of lines) {
    const name = () => lineName(line.line);
    if (line.recountRequested) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.recountPending(name()));
    if (!state.doubleCount) continue;
    const [first, second] = line.counts;
    if (first && !second) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.secondCountMissing(name()));
    if (first && second && first.counted !== second.counted) {
      throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.countsDisagree(name(), first.counted, second.counted));
    }
  }
  if (!lines.some((line) => line.counts.length > 0)) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.nothingCounted);
}

/**
 * What several lines on one figure add up to. Lines of one stock stream share its lost and its
 * logistics; on hand is the place's (a warehouse part counted at two places moves two piles).
 */
interface Figure {
  /** The lowest the figure stood at or after any of the lines' instants. */
  low: number;
  delta: number;
}

function addTo(figures: Map<string, Figure>, key: string, low: number, delta: number): Figure {
  const figure = figures.get(key) ?? { low, delta: 0 };
  figure.low = Math.min(figure.low, low);
  figure.delta += delta;
  figures.set(key, figure);
  return figure;
}

const lowest = (atInstant: number, after: number | null, now: number) => Math.min(atInstant, after ?? Number.POSITIVE_INFINITY, now);

/** Refuses a figure the lines so far would take below zero at some instant since they were counted. */
function requireCover(figure: Figure, delta: number, name: string, label: string): void {
  const to = figure.low + figure.delta;
  if (delta < 0 && to < 0) throw new DomainError('DOMAIN_RULE', COUNT_MESSAGES.belowZero(name, label, to));
}

/** The stock side of posting, kept across lines so lines on one stream are checked together. */
class StockPosting {
  private readonly onHand = new Map<string, Figure>();
  private readonly lost = new Map<string, Figure>();
  private readonly logistics = new Map<string, number>();
  /** Lost each stream's earlier surpluses already took back: a second line cannot take it again. */
  private readonly takenBack = new Map<string, number>();

  deltas(stream: string, difference: number, figures: CountedInstantFigures): Deltas {
    if (difference < 0) return { onHand: difference, lost: -difference, logistics: 0 };
    const available = Math.max(0, figures.lostAtInstant - (this.takenBack.get(stream) ?? 0));
    const fromLost = Math.min(difference, available);
    this.takenBack.set(stream, (this.takenBack.get(stream) ?? 0) + fromLost);
    return { onHand: difference, lost: -fromLost, logistics: difference - fromLost };
  }

  check(stream: string, place: string, deltas: Deltas, figures: CountedInstantFigures, name: string): void {
    const { expected, lowestOnHandAfter, onHandNow, lostAtInstant, lowestLostAfter, lostNow } = figures;
    requireCover(addTo(this.onHand, `${stream}|${place}`, lowest(expected, lowestOnHandAfter, onHandNow), deltas.onHand), deltas.onHand, name, 'Qty On Hand');
    requireCover(addTo(this.lost, stream, lowest(lostAtInstant, lowestLostAfter, lostNow), deltas.lost), deltas.lost, name, 'Qty Lost');
    // Logistics is on hand + field + lost + in transit: on hand and lost now are its floor.
    const logistics = (this.logistics.get(stream) ?? 0) + deltas.logistics;
    this.logistics.set(stream, logistics);
    if (deltas.logistics > 0 && onHandNow + lostNow + logistics > MAX_BALANCE) {
      throw new DomainError('DOMAIN_RULE', `This would take the part's stock past ${MAX_BALANCE.toLocaleString('en')}, the most a part can hold.`);
    }
  }
}

function byLine<T extends { lineId: string }>(items: T[]): Map<string, T> {
  return new Map(items.map((item) => [item.lineId, item]));
}

function required<T>(items: Map<string, T>, lineId: string): T {
  const item = items.get(lineId);
  if (!item) throw new Error(`posting a count: no figures loaded for line ${lineId}`);
  return item;
}

/** Posting: the session's event, the stock adjustments and the asset events, or a DomainError naming the line. */
export function decidePost(command: PostCount, state: CountSessionState): PostDecision {
  requireOpen(state);
  if (command.data.frozen) throw new DomainError('FROZEN', TRANSACTIONS_FROZEN);
  const lines = Object.values(state.lines).sort((a, b) => a.line.seq - b.line.seq);
  requireSettled(state, lines);

  const parts = byLine<PostPartLine>(command.data.parts);
  const assetLines = byLine<PostAssetLine>(command.data.assets);
  const { sessionName } = command.data;
  const location = { kind: state.location.kind, id: state.location.id };
  const posting = new StockPosting();
  const stock: PostDecision['stock'] = [];
  const assets: AssetInstanceEvent[] = [];
  const results: Result[] = [];
  let variances = 0;
  let lost = 0;
  let found = 0;

  for (const { line, planned, counts } of lines) {
    // The round's last count is the line's count (a double count's two agree by now).
    const final: LineCount | undefined = counts.at(-1);
    if (line.kind === 'part') {
      if (!final) continue;
      const part = required(parts, line.lineId);
      const { figures } = part;
      const difference = final.counted - figures.expected;
      results.push({ lineId: line.lineId, expected: figures.expected, difference, assetResult: null });
      if (difference === 0) continue;
      variances += 1;
      const materialId = line.materialId ?? part.materialId;
      const stream = stockStreamId(location, materialId);
      const place = location.kind === 'warehouse' ? (line.place ?? normalizePlace(null)) : null;
      const deltas = posting.deltas(stream, difference, figures);
      posting.check(stream, place ? placeKey(place) : '', deltas, figures, lineName(line));
      stock.push({
        type: 'StockCounted',
        occurredAt: final.countedAt,
        data: {
          location,
          materialId,
          partNumber: part.partNumber,
          partName: part.partName,
          sessionId: state.sessionId,
          sessionName,
          lineId: line.lineId,
          quantity: Math.abs(difference),
          counted: final.counted,
          expected: figures.expected,
          counterId: final.counterId,
          counterName: final.counterName,
          ...(place ? { place } : {}),
          deltas,
        },
      });
      continue;
    }
    const asset = required(assetLines, line.lineId);
    const seen = final !== undefined && final.counted >= 1;
    const held = asset.heldAtStart || asset.heldNow;
    // Missing only when it stayed here all along: one that arrived or left during the count is not.
    const assetResult = seen ? (held ? 'found' : 'unexpected') : asset.heldAtStart && asset.heldNow && planned ? 'missing' : null;
    if (final || assetResult === 'missing') results.push({ lineId: line.lineId, expected: null, difference: null, assetResult });
    if (assetResult === 'missing' || assetResult === 'unexpected') variances += 1;
    const owner = asset.owner ?? { type: location.kind, id: location.id };
    if (assetResult === 'missing' && !asset.lost) {
      lost += 1;
      assets.push({
        type: 'AssetInstanceMarkedLost',
        data: { instanceId: asset.instanceId, asset: asset.asset, owner, userId: asset.inUseBy, notes: `Count ${sessionName}: not found` },
      });
    }
    if (seen && asset.lost) {
      found += 1;
      assets.push({
        type: 'AssetInstanceMarkedFound',
        data: { instanceId: asset.instanceId, asset: asset.asset, owner, notes: `Count ${sessionName}: found` },
      });
    }
  }

  const posted: CountEvent = {
    type: 'CountSessionPosted',
    data: {
      sessionId: state.sessionId,
      location,
      linesCounted: lines.filter((l) => l.counts.length > 0).length,
      linesWithVariance: variances,
      linesNotCounted: lines.filter((l) => l.planned && l.counts.length === 0).length,
      adjustments: stock.length,
      assetsLost: lost,
      assetsFound: found,
      results,
    },
  };
  return { count: [posted], stock, assets };
}
