/** Stock of a location as it stood at an instant, from the running figures on the activity rows. */
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
 */
export function stockFiguresAsOfQuery(location: { kind: string; id: string }, asOf: Date): RawBuilder<StockFiguresAsOf> {
  return sql<StockFiguresAsOf>`
    select s.material_id, m.part_number, m.part_name, m.part_nickname,
           b.b_logistics as logistics_qty, b.b_on_hand as on_hand, b.b_field as field_assigned, b.b_lost as lost_outstanding, b.b_in_transit as in_transit, b.b_incoming as incoming,
           s.low_threshold, s.critical_threshold, p.low_stock_default, p.critical_stock_default
      from material_stock s
      cross join lateral (
            select a.b_logistics, a.b_on_hand, a.b_field, a.b_lost, a.b_in_transit, a.b_incoming
              from activity_log a
             where a.location_kind = s.location_kind and a.location_id = s.location_id and a.material_id = s.material_id
               and (a.material_id, a.occurred_at) <= (s.material_id, ${asOf}::timestamptz)
             order by a.occurred_at desc, a.position desc
             limit 1) b
      join materials m on m.material_id = s.material_id
      left join projects p on s.location_kind = 'project' and p.id = s.location_id
     where s.location_kind = ${location.kind} and s.location_id = ${location.id}`;
}

export async function stockFiguresAsOf(db: Kysely<any>, location: { kind: string; id: string }, asOf: Date): Promise<StockFiguresAsOf[]> {
  const { rows } = await sql<StockFiguresAsOf>`select f.* from (${stockFiguresAsOfQuery(location, asOf)}) f order by f.part_number`.execute(db);
  return rows;
}
