/**
 * The count reports: the open sessions a person may see by due date, and when each part at each
 * place of a location was last counted (from the posted lines, index count_lines_posted).
 */
import { sql } from 'kysely';
import type { LastCountedRow } from '../../contract/counts.ts';
import type { Db } from '../../ledger/database.ts';

/**
 * Open sessions the caller reviews or counts, soonest due first (those without a due date last):
 * a superadmin every one; a global admin every warehouse's; a project's admins and managers their
 * project's; a counter the sessions naming them.
 */
export async function dueSessionIds(db: Db, caller: { id: string; role: string }): Promise<string[]> {
  const role = caller.role.toLowerCase();
  const { rows } = await sql<{ id: string }>`
    select s.id from count_sessions s
     where s.status = 'open'
       and (${role === 'superadmin'}
            or (s.location_kind = 'warehouse' and ${role === 'admin'})
            or (s.location_kind = 'project' and exists (select 1 from project_members m
                                                         where m.project_id = s.location_id and m.user_id = ${caller.id}::uuid
                                                           and m.project_role in ('admin', 'manager')))
            or s.counters @> ${JSON.stringify([{ user_id: caller.id }])}::jsonb)
     order by s.due_date asc nulls last, s.created_at asc, s.id`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * Every part the location stocks (a warehouse: at each place it has units) and every part and place
 * a posted count named, with its latest posted count: when, in which session, the difference.
 */
export async function lastCounted(db: Db, location: { kind: 'project' | 'warehouse'; id: string }): Promise<LastCountedRow[]> {
  const stocked =
    location.kind === 'project'
      ? sql`select ms.material_id, '' as place_key, null::text as place_label from material_stock ms
             where ms.location_kind = 'project' and ms.location_id = ${location.id}::uuid`
      : sql`select sp.material_id, sp.place_key,
                   coalesce(nullif(concat_ws(' · ', 'Rack ' || sp.rack, 'Shelf ' || sp.shelf, 'Bin ' || sp.bin, 'Zone ' || sp.zone), ''), 'No location') as place_label
              from warehouse_stock_places sp where sp.warehouse_id = ${location.id}::uuid and sp.qty > 0`;
  const { rows } = await sql<{
    material_id: string;
    part_number: string;
    part_name: string;
    place_label: string | null;
    last_counted_at: Date | null;
    session_id: string | null;
    session_name: string | null;
    last_difference: number | null;
  }>`
    with k as (
      select material_id, place_key, min(place_label) as place_label from (
        ${stocked}
        union all
        select distinct p.material_id, p.place_key, p.place_label from count_lines p
         where p.location_kind = ${location.kind} and p.location_id = ${location.id}::uuid and p.posted_at is not null and p.kind = 'part'
      ) u group by material_id, place_key)
    select k.material_id, m.part_number, m.part_name, k.place_label, last.counted_at as last_counted_at, last.session_id,
           s.name as session_name, last.difference as last_difference
      from k
      join materials m on m.material_id = k.material_id
      left join lateral (select p.counted_at, p.session_id, p.difference from count_lines p
                          where p.location_kind = ${location.kind} and p.location_id = ${location.id}::uuid and p.material_id = k.material_id
                            and p.place_key = k.place_key and p.posted_at is not null
                          order by p.posted_at desc limit 1) last on true
      left join count_sessions s on s.id = last.session_id
     order by m.part_number, k.place_label nulls first`.execute(db);
  return rows.map((r) => ({
    material_id: r.material_id,
    part_number: r.part_number,
    part_name: r.part_name,
    place_label: r.place_label,
    last_counted_at: r.last_counted_at ? new Date(r.last_counted_at).toISOString() : null,
    session_id: r.session_id,
    session_name: r.session_name,
    last_difference: r.last_difference === null ? null : Number(r.last_difference),
  }));
}
