/**
 * What posting a count decides on besides the session (loaders.ts), in a few statements: every counted part line's figures
 * at its counted instant and the lowest they reach after it (the same history a correction dated
 * then is checked against), the stock streams' heads, the asset lines' holders at the opening and
 * now with their streams folded (an instance's stream is short), and the freeze flag.
 */
import { sql } from 'kysely';
import type { LoadedStream } from '../../ledger/command.ts';
import type { AssetInstanceEvent } from '../../ledger/asset/events.ts';
import { assetInstanceDecider } from '../../ledger/asset/decide.ts';
import { assetStreamId } from '../../ledger/asset/events.ts';
import type { AssetInstanceState } from '../../ledger/asset/state.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { StreamPosition } from '../../ledger/event-store/types.ts';
import type { CountedInstantFigures, PostAssetLine, PostPartLine } from '../../ledger/stock-count/commands.ts';
import type { CountLine } from '../../ledger/stock-count/events.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';
import { stockHeadOf } from '../material-stock/decision-context.ts';
import { placeDeltaSql, placeLabelSql } from './line-figures.ts';

const headOf = (version: number, hash: string): StreamPosition => stockHeadOf({ stream_version: version, last_hash: hash });

/** A part line to figure: where, what, and the instant its (agreed) count was made. */
export interface PartLineAt {
  lineId: string;
  materialId: string;
  place: CountLine['place'];
  placeKey: string;
  countedAt: Date;
}

interface FiguresRow {
  ord: number;
  now_on_hand: number | null;
  lost_now: number | null;
  stream_version: number | null;
  last_hash: string | null;
  n_after: number;
  moved: number;
  lost_moved: number;
  low_run: number | null;
  low_lost: number | null;
}

export interface PartLineFigures {
  figures: CountedInstantFigures;
  /** The stock stream's head (version 0 for a part the location never held). */
  head: StreamPosition;
}

/**
 * Every part line's figures, one set-based statement: now (the stock row, or the place's units),
 * the rows dated after the instant (their net change at the place, the lowest running total, the
 * lowest lost outstanding), and from those the figures at the instant. The location's movements
 * since the earliest count are read once and joined to the lines.
 */
export async function loadPartLineFigures(trx: Trx, location: { kind: string; id: string }, lines: readonly PartLineAt[]): Promise<PartLineFigures[]> {
  if (lines.length === 0) return [];
  // The earliest instant as a value, not a subquery over the unnested lines: the planner then knows
  // the range is short and takes the index (a subquery's minimum it cannot see, and it scans the location).
  const earliest = new Date(Math.min(...lines.map((l) => l.countedAt.getTime()))).toISOString();
  const { rows } = await sql<FiguresRow>`
    with i as (select x.ord, x.material_id, x.place_key, x.counted_at, ${placeLabelSql(sql`x.place`)} as lbl
                 from unnest(${lines.map((_, n) => n)}::int4[], ${lines.map((l) => l.materialId)}::uuid[],
                             ${lines.map((l) => l.placeKey)}::text[], ${lines.map((l) => l.countedAt.toISOString())}::timestamptz[],
                             ${lines.map((l) => (l.place && location.kind === 'warehouse' ? JSON.stringify(l.place) : null))}::jsonb[])
                      as x (ord, material_id, place_key, counted_at, place)),
         -- The location's movements since the earliest count: one range of activity_log_location_time.
         since as materialized (
           select a.material_id, a.occurred_at, a.position, a.log_type, a.quantity, a.location_a, a.location_b, a.d_on_hand, a.d_lost, a.b_lost
             from activity_log a
            where a.location_kind = ${location.kind} and a.location_id = ${location.id}::uuid and a.occurred_at > ${earliest}::timestamptz),
         runs as (
           select i.ord, d.delta, a.d_lost, a.b_lost, sum(d.delta) over (partition by i.ord order by a.occurred_at, a.position) as run
             from i join since a on a.material_id = i.material_id and a.occurred_at > i.counted_at
             cross join lateral (select ${placeDeltaSql(sql`i.lbl`)} as delta) d),
         aft as (
           select ord, count(*)::int as n_after, sum(delta)::int as moved, sum(d_lost)::int as lost_moved, min(run)::int as low_run, min(b_lost)::int as low_lost
             from runs group by ord)
    select i.ord, ms.stream_version, ms.last_hash, ms.lost_outstanding as lost_now,
           case when i.lbl is null then ms.on_hand else sp.qty end as now_on_hand,
           coalesce(aft.n_after, 0) as n_after, coalesce(aft.moved, 0) as moved, coalesce(aft.lost_moved, 0) as lost_moved, aft.low_run, aft.low_lost
      from i
      left join material_stock ms on ms.location_kind = ${location.kind} and ms.location_id = ${location.id}::uuid and ms.material_id = i.material_id
      left join warehouse_stock_places sp on i.lbl is not null and sp.warehouse_id = ${location.id}::uuid and sp.material_id = i.material_id
                                          and sp.place_key = i.place_key
      left join aft on aft.ord = i.ord
     order by i.ord`.execute(trx);
  return rows.map((r) => {
    const onHandNow = Number(r.now_on_hand ?? 0);
    const lostNow = Number(r.lost_now ?? 0);
    const expected = onHandNow - Number(r.moved);
    const after = Number(r.n_after) > 0;
    return {
      figures: {
        expected,
        lostAtInstant: lostNow - Number(r.lost_moved),
        lowestOnHandAfter: after ? expected + Number(r.low_run ?? 0) : null,
        lowestLostAfter: after ? Number(r.low_lost ?? 0) : null,
        onHandNow,
        lostNow,
      },
      head: r.stream_version === null ? { version: 0, hash: null } : headOf(Number(r.stream_version), r.last_hash ?? ''),
    };
  });
}

export type PartLineBase = Omit<PostPartLine, 'figures'>;

/** Whether the location held each instance when the session was opened (its latest move at or before then). */
async function heldAtOpening(trx: Trx, location: { kind: string; id: string }, openedAt: Date, instanceIds: readonly string[]): Promise<Set<string>> {
  if (instanceIds.length === 0) return new Set();
  const { rows } = await sql<{ instance_id: string; held: boolean }>`
    select i.id as instance_id, coalesce(h.held, false) as held
      from unnest(${[...instanceIds]}::uuid[]) as i (id)
      left join lateral (select (t.to_type = ${location.kind} and t.to_id = ${location.id}::uuid) as held from asset_transactions t
                          where t.instance_id = i.id and t.occurred_at <= ${openedAt}::timestamptz and t.to_type in ('warehouse', 'project')
                          order by t.position desc limit 1) h on true`.execute(trx);
  return new Set(rows.filter((r) => r.held).map((r) => r.instance_id));
}

export interface AssetLineContext {
  line: PostAssetLine;
  stream: LoadedStream<AssetInstanceState, AssetInstanceEvent>;
}

/** Every asset line as posting decides it, with its instance stream folded. */
export async function loadAssetLines(
  trx: Trx,
  location: { kind: 'project' | 'warehouse'; id: string },
  openedAt: Date,
  lines: ReadonlyArray<{ lineId: string; seq: number; instanceId: string; line: CountLine }>,
): Promise<AssetLineContext[]> {
  if (lines.length === 0) return [];
  const ids = lines.map((l) => l.instanceId);
  const [streams, held] = await Promise.all([loadFolded(trx, assetInstanceDecider, ids.map(assetStreamId)), heldAtOpening(trx, location, openedAt, ids)]);
  return lines.map((l, n) => {
    const stream = streams[n]!;
    const state = stream.state;
    const owner = state.owner;
    return {
      stream,
      line: {
        kind: 'asset',
        lineId: l.lineId,
        seq: l.seq,
        instanceId: l.instanceId,
        asset: state.asset ?? { catalogId: '', assetNumber: l.line.assetNumber ?? '', assetName: '', serialNumber: l.line.serialNumber },
        owner,
        heldAtStart: held.has(l.instanceId),
        heldNow: owner !== null && owner.type === location.kind && owner.id === location.id,
        lost: state.lost,
        inUseBy: state.inUse ? state.assignedUserId : null,
      },
    };
  });
}
