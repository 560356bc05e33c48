/**
 * The variance of a count session as a reviewer reads it: each counted line measured against what
 * its place held at the instant it was counted (stock as of then, so movements during the count
 * make no false variance), the change at the place since, the previous posted count of the same
 * part and place, and for assets whether a serial was found where the books hold it. One statement
 * for the whole session, set-based: the location's movements since the earliest count are read once
 * (one index range) and joined to the lines, never a query per line. A posted
 * line shows what was posted (its figures were measured then; the posted adjustment now sits at
 * its instant).
 */
import { type RawBuilder, sql } from 'kysely';
import type { AssetResult, VarianceAnswer, VarianceLine } from '../../contract/counts.ts';
import type { Db } from '../../ledger/database.ts';
import { placeDeltaSql, placeLabelSql } from './line-figures.ts';

/** One count of the line's current round, as the read row stores it (the last is the line's). */
interface CountEntry {
  user_id: string;
  name: string;
  counted: number;
}

interface VarianceRow {
  line_id: string;
  seq: number;
  kind: 'part' | 'asset';
  material_id: string | null;
  part_number: string | null;
  part_name: string | null;
  place_label: string | null;
  asset_number: string | null;
  serial_number: string | null;
  planned: boolean;
  status: VarianceLine['status'];
  counted: number | null;
  counted_at: string | null;
  counter_name: string | null;
  second: CountEntry | string | null;
  posted: boolean;
  posted_expected: number | null;
  posted_difference: number | null;
  posted_asset_result: string | null;
  now_on_hand: number | null;
  moved: number | null;
  moves: number | null;
  last_counted_at: string | null;
  last_counted: number | null;
  held_now: boolean | null;
  held_start: boolean | null;
}

/** The rows of a session's lines with everything their variance is computed from. */
/** An instant as the answer writes it (toISOString's form), so 5,000 rows are not parsed into dates and back. */
const iso = (column: RawBuilder<unknown>) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export function varianceRowsQuery(sessionId: string) {
  return sql<VarianceRow>`
    with s as (select id, location_kind, location_id, created_at from count_sessions where id = ${sessionId}),
         l as (select cl.session_id, cl.line_id, cl.seq, cl.kind, cl.material_id, cl.part_number, cl.part_name, cl.place_label, cl.asset_number,
                     cl.serial_number, cl.planned, cl.status, cl.counted, cl.counted_at, cl.counter_id, cl.counter_name, cl.counts, cl.posted_at,
                     cl.expected, cl.difference, cl.asset_result, cl.location_kind, cl.location_id, cl.place_key, cl.instance_id,
                     ${placeLabelSql(sql`cl.place`)} as lbl
                from count_lines cl where cl.session_id = ${sessionId}),
         -- The location's movements since the session's earliest count: one range of activity_log_location_time.
         since as materialized (
           select a.material_id, a.occurred_at, a.log_type, a.quantity, a.location_a, a.location_b, a.d_on_hand from activity_log a
            where a.location_kind = (select location_kind from s) and a.location_id = (select location_id from s)
              and a.occurred_at > (select min(counted_at) from l where l.kind = 'part')),
         aft as (
           select l.line_id, sum(d.delta)::int as moved, (count(*) filter (where d.delta <> 0))::int as moves
             from l join since a on a.material_id = l.material_id and a.occurred_at > l.counted_at
             cross join lateral (select ${placeDeltaSql(sql`l.lbl`)} as delta) d
            where l.kind = 'part'
            group by l.line_id)
    select l.line_id, l.seq, l.kind, l.material_id, l.part_number, l.part_name, l.place_label, l.asset_number, l.serial_number,
           l.planned, l.status, l.counted, ${iso(sql`l.counted_at`)} as counted_at, l.counter_name, l.posted_at is not null as posted,
           -- Double count: the round's earlier count (the line shows the last).
           case when jsonb_array_length(l.counts) > 1 then l.counts -> -2 end as second,
           l.expected as posted_expected, l.difference as posted_difference, l.asset_result as posted_asset_result,
           case when l.lbl is null then ms.on_hand else sp.qty end as now_on_hand, coalesce(aft.moved, 0) as moved, coalesce(aft.moves, 0) as moves,
           ${iso(sql`last.counted_at`)} as last_counted_at, last.counted as last_counted,
           (ai.owner_type = s.location_kind and ai.owner_id = s.location_id) as held_now, held.start as held_start
      from l cross join s
      left join material_stock ms on l.kind = 'part' and ms.location_kind = l.location_kind and ms.location_id = l.location_id and ms.material_id = l.material_id
      left join warehouse_stock_places sp on l.kind = 'part' and l.lbl is not null
                                          and sp.warehouse_id = l.location_id and sp.material_id = l.material_id and sp.place_key = l.place_key
      left join aft on aft.line_id = l.line_id
      left join lateral (
             select p.counted_at, p.counted from count_lines p
              where p.location_kind = l.location_kind and p.location_id = l.location_id and p.material_id = l.material_id
                and p.place_key = l.place_key and p.posted_at is not null and p.session_id <> l.session_id
              order by p.posted_at desc limit 1
           ) last on l.kind = 'part'
      left join asset_instances ai on l.kind = 'asset' and ai.id = l.instance_id
      left join lateral (
             select (t.to_type = s.location_kind and t.to_id = s.location_id) as start from asset_transactions t
              where t.instance_id = l.instance_id and t.occurred_at <= s.created_at and t.to_type in ('warehouse', 'project')
              order by t.position desc limit 1
           ) held on l.kind = 'asset'
     order by l.seq`;
}

/**
 * found / missing / unexpected by where the books held the asset at the count's opening and now, as
 * posting decides it (ledger/stock-count/post.ts): seen and held here (then or now) is found, seen
 * and not held unexpected; a planned asset held here all along and not seen is missing.
 */
export function assetResultOf(counted: number | null, held: { start: boolean; now: boolean }, planned: boolean): AssetResult | null {
  if (counted !== null && counted >= 1) return held.start || held.now ? 'found' : 'unexpected';
  if (held.start && held.now && planned) return 'missing';
  return counted === null ? 'not_counted' : null;
}

/** difference / expected × 100 to one decimal; null when nothing was expected. */
export const percentOf = (difference: number, expected: number): number | null => (expected === 0 ? null : Math.round((difference / expected) * 1000) / 10);

/** A JSON column as the driver gives it back: an object, or text where a driver leaves it so. */
const jsonOf = <T>(value: unknown): T | null => (typeof value === 'string' ? (JSON.parse(value) as T) : ((value ?? null) as T | null));

function lineOf(r: VarianceRow): VarianceLine {
  const counted = r.counted === null ? null : Number(r.counted);
  const second = jsonOf<CountEntry>(r.second);
  let expected: number | null = null;
  let difference: number | null = null;
  let assetResult: AssetResult | null = null;
  if (r.kind === 'part' && counted !== null) {
    if (r.posted) {
      expected = r.posted_expected;
      difference = r.posted_difference;
    } else {
      expected = Number(r.now_on_hand ?? 0) - Number(r.moved ?? 0);
      difference = counted - expected;
    }
  }
  if (r.kind === 'asset') {
    assetResult =
      r.posted && r.posted_asset_result
        ? (r.posted_asset_result as AssetResult)
        : assetResultOf(counted, { start: Boolean(r.held_start), now: Boolean(r.held_now) }, Boolean(r.planned));
  }
  return {
    line_id: r.line_id,
    seq: Number(r.seq),
    kind: r.kind,
    material_id: r.material_id,
    part_number: r.part_number,
    part_name: r.part_name,
    place_label: r.place_label,
    asset_number: r.asset_number,
    serial_number: r.serial_number,
    planned: Boolean(r.planned),
    status: r.status,
    counted,
    counted_at: r.counted_at,
    counter: r.counter_name,
    second_counted: second ? Number(second.counted) : null,
    second_counter: second ? second.name : null,
    expected,
    difference,
    percent: expected === null || difference === null ? null : percentOf(difference, expected),
    asset_result: assetResult,
    last_counted_at: r.last_counted_at,
    last_counted: r.last_counted === null ? null : Number(r.last_counted),
    moved_since: r.kind === 'part' && r.counted_at ? Number(r.moved ?? 0) : null,
    movements_since: r.kind === 'part' && r.counted_at ? Number(r.moves ?? 0) : null,
  };
}

/** A line with a variance: a part whose count differs from the books, an asset missing or unexpected. */
export const hasVariance = (line: VarianceLine): boolean =>
  (line.difference !== null && line.difference !== 0) || line.asset_result === 'missing' || line.asset_result === 'unexpected';

export function varianceTotals(items: readonly VarianceLine[]): VarianceAnswer['totals'] {
  const counted = items.filter((l) => l.counted !== null).length;
  const withVariance = items.filter(hasVariance).length;
  return {
    lines: items.length,
    counted,
    with_variance: withVariance,
    // As the session's summary gives it: a percentage, one decimal.
    accuracy: counted === 0 ? null : Math.round(((counted - withVariance) / counted) * 1000) / 10,
  };
}

/** The session's lines and totals, or null when there is no such session. */
export async function sessionVariance(db: Db, sessionId: string): Promise<Omit<VarianceAnswer, 'session'>> {
  const { rows } = await varianceRowsQuery(sessionId).execute(db);
  const items = rows.map(lineOf);
  return { items, totals: varianceTotals(items) };
}
