/**
 * Stock of a location as it stood at an instant, from the running figures on the activity rows; and
 * as it was known on a day: what the ledger had recorded by then, leaving out what it learned later.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { StockFigures } from '../material-stock/queries.ts';

/** The same figures the current inventory reads select, as they stood then. */
export type StockFiguresAsOf = StockFigures;

/**
 * Every part the location has had a movement of at or before `asOf`, with its figures after the
 * latest such movement: per part one backward seek on activity_log_item_time. The time condition
 * is written as a row comparison led by the material (equal on both sides, so the same condition)
 * so that no index on the location alone, which would walk other parts' movements, can take it.
 * Thresholds are today's, as the ledger keeps no history of them on the activity rows.
 *
 * With `knownOn`, only movements recorded by then count ("what we knew that day"): the figures at
 * `asOf` less the deltas of the movements dated by then but recorded after `knownOn`. Nothing is
 * dated after it was recorded, so an `asOf` after `knownOn` is `knownOn`. The movements recorded
 * late are found two ways, each an index range: those recorded more than a second after they
 * happened (back-dated, in the partial index activity_log_recorded_late by recording time) and
 * the ordinary ones that happened in the last second before `knownOn` and were recorded after it.
 */
export function stockFiguresAsOfQuery(location: { kind: string; id: string }, asOf: Date, knownOn: Date | null = null): RawBuilder<StockFiguresAsOf> {
  const at = knownOn && knownOn < asOf ? knownOn : asOf;
  if (!knownOn) {
    return sql<StockFiguresAsOf>`
    select s.material_id, m.part_number, m.part_name, m.part_nickname,
           b.b_logistics as logistics_qty, b.b_on_hand as on_hand, b.b_field as field_assigned, b.b_lost as lost_outstanding, b.b_in_transit as in_transit, b.b_incoming as incoming,
           s.low_threshold, s.critical_threshold, p.low_stock_default, p.critical_stock_default
      from material_stock s
      cross join lateral (${latestAt(at)}) b
      join materials m on m.material_id = s.material_id
      left join projects p on s.location_kind = 'project' and p.id = s.location_id
     where s.location_kind = ${location.kind} and s.location_id = ${location.id}`;
  }
  const lateDeltas = sql`sum(d_logistics) as logistics, sum(d_on_hand) as on_hand, sum(d_field) as field, sum(d_lost) as lost, sum(d_in_transit) as in_transit, sum(d_incoming) as incoming`;
  return sql<StockFiguresAsOf>`
    with late_rows as (
           select material_id, ${lateDeltas} from activity_log
            where location_kind = ${location.kind} and location_id = ${location.id} and recorded_at - occurred_at > interval '1 second'
              and recorded_at > ${knownOn}::timestamptz and occurred_at <= ${at}::timestamptz
            group by material_id
           union all
           select material_id, ${lateDeltas} from activity_log
            where location_kind = ${location.kind} and location_id = ${location.id} and not (recorded_at - occurred_at > interval '1 second')
              and occurred_at > ${knownOn}::timestamptz - interval '1 second' and occurred_at <= ${at}::timestamptz and recorded_at > ${knownOn}::timestamptz
            group by material_id),
         late as (select material_id, sum(logistics) as logistics, sum(on_hand) as on_hand, sum(field) as field, sum(lost) as lost,
                         sum(in_transit) as in_transit, sum(incoming) as incoming
                    from late_rows group by material_id)
    select s.material_id, m.part_number, m.part_name, m.part_nickname,
           (b.b_logistics - coalesce(l.logistics, 0))::int as logistics_qty, (b.b_on_hand - coalesce(l.on_hand, 0))::int as on_hand,
           (b.b_field - coalesce(l.field, 0))::int as field_assigned, (b.b_lost - coalesce(l.lost, 0))::int as lost_outstanding,
           (b.b_in_transit - coalesce(l.in_transit, 0))::int as in_transit, (b.b_incoming - coalesce(l.incoming, 0))::int as incoming,
           s.low_threshold, s.critical_threshold, p.low_stock_default, p.critical_stock_default
      from material_stock s
      cross join lateral (${latestAt(at)}) b
      left join late l on l.material_id = s.material_id
      join materials m on m.material_id = s.material_id
      left join projects p on s.location_kind = 'project' and p.id = s.location_id
     where s.location_kind = ${location.kind} and s.location_id = ${location.id}
       and exists (select 1 from activity_log k
                    where k.location_kind = s.location_kind and k.location_id = s.location_id and k.material_id = s.material_id
                      and k.occurred_at <= ${at}::timestamptz and k.recorded_at <= ${knownOn}::timestamptz)`;
}

/** The figures after the latest movement of the part of `s` at or before `at`. */
function latestAt(at: Date): RawBuilder<unknown> {
  return sql`
            select a.b_logistics, a.b_on_hand, a.b_field, a.b_lost, a.b_in_transit, a.b_incoming
              from activity_log a
             where a.location_kind = s.location_kind and a.location_id = s.location_id and a.material_id = s.material_id
               and (a.material_id, a.occurred_at) <= (s.material_id, ${at}::timestamptz)
             order by a.occurred_at desc, a.position desc
             limit 1`;
}

export async function stockFiguresAsOf(
  db: Kysely<any>,
  location: { kind: string; id: string },
  asOf: Date,
  knownOn: Date | null = null,
): Promise<StockFiguresAsOf[]> {
  const { rows } = await sql<StockFiguresAsOf>`select f.* from (${stockFiguresAsOfQuery(location, asOf, knownOn)}) f order by f.part_number`.execute(db);
  return rows;
}
