/**
 * What warehouse movements decide on, besides the stock rows `loadStockContextRows` reads for each
 * side: the warehouse (active, its label), the project a move names, and the warehouse stock's
 * places and project assignments, for a whole batch in one statement. The warehouse rows are read
 * FOR SHARE, so a deactivation (which locks its row FOR UPDATE) waits for movements in flight and
 * then counts their units, and a movement after it sees the warehouse deactivated.
 */
import { sql } from 'kysely';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { Place } from '../../contract/place.ts';

export interface WarehouseLookup {
  warehouseId: string;
  partNumber: string;
  projectId: string | null;
}

export interface WarehouseContextRow {
  warehouse_num_id: number | null;
  warehouse_name: string | null;
  warehouse_active: boolean;
  project_label: string | null;
  places: Array<Place & { place_key: string; qty: number }> | null;
  projects: Record<string, number> | null;
}

export async function loadWarehouseContextRows(trx: Trx, lookups: readonly WarehouseLookup[]): Promise<WarehouseContextRow[]> {
  const ids = [...new Set(lookups.map((l) => l.warehouseId))].sort();
  await sql`select id from warehouses where id = any(${ids}::uuid[]) order by id for share`.execute(trx);
  const { rows } = await sql<WarehouseContextRow & { ord: number }>`
    select i.ord, w.num_id as warehouse_num_id, w.name as warehouse_name, (w.id is not null and w.deactivated_at is null) as warehouse_active,
           case when p.id is not null then p.project_number || ' · ' || p.project_name end as project_label,
           (select json_agg(json_build_object('place_key', sp.place_key, 'rack', sp.rack, 'shelf', sp.shelf, 'bin', sp.bin,
                                              'zone', sp.zone, 'notes', sp.notes, 'qty', sp.qty))
              from warehouse_stock_places sp
             where sp.warehouse_id = i.wid and sp.material_id = m.material_id and sp.qty > 0) as places,
           (select json_object_agg(pr.project_id, pr.qty) from warehouse_stock_projects pr
             where pr.warehouse_id = i.wid and pr.material_id = m.material_id and pr.qty > 0) as projects
      from unnest(${lookups.map((_, i) => i)}::int4[], ${lookups.map((l) => l.warehouseId)}::uuid[],
                  ${lookups.map((l) => l.partNumber.trim())}::text[], ${lookups.map((l) => l.projectId)}::uuid[]) as i (ord, wid, part, pid)
      left join warehouses w on w.id = i.wid
      left join projects p on p.id = i.pid and p.archived_at is null
      left join lateral (select mm.material_id from materials mm where lower(mm.part_number) = lower(i.part)
                          order by mm.part_number = i.part desc limit 1) m on true
     order by i.ord`.execute(trx);
  return rows.map((r) => ({ ...r, warehouse_active: Boolean(r.warehouse_active) }));
}
