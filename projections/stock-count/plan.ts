/**
 * What a count session would count at a location: every part with stock there (a project's parts
 * with logistics or on hand; a warehouse's parts once per place holding units), narrowed by a
 * filter or chosen as a cycle set, then, when asked, the serialized assets the location holds now.
 */
import { sql } from 'kysely';
import type { CountLocation, CountPlanLine, CountScope } from '../../contract/counts.ts';
import { type Place, placeLabel } from '../../contract/place.ts';
import type { Db } from '../../ledger/database.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import { DEFAULT_LOW_THRESHOLD } from '../../ledger/stock-item/stock-numbers.ts';
import { containing, escapeLike } from '../like.ts';

interface PartRow {
  material_id: string;
  part_number: string;
  part_name: string;
  place_key: string;
  rack: string | null;
  shelf: string | null;
  bin: string | null;
  zone: string | null;
  notes: string | null;
}

/** How long "most moved" looks back. */
const MOVED_DAYS = 90;

/** Every stocked part (and place) at the location that passes the filter, as rows of one statement. */
function stockedParts(location: CountLocation, scope: CountScope) {
  const filter = scope.kind === 'filter' ? scope : null;
  const prefix = filter?.part_prefix?.trim() ? sql`and m.part_number ilike ${`${escapeLike(filter.part_prefix.trim())}%`}` : sql``;
  if (location.kind === 'project') {
    const below = filter?.below_threshold ? sql`and s.on_hand <= coalesce(s.low_threshold, p.low_stock_default, ${DEFAULT_LOW_THRESHOLD})` : sql``;
    // A project's stock has no places: a place filter leaves its parts as they are.
    return sql<PartRow>`
      select s.material_id, m.part_number, m.part_name, '' as place_key,
             null::text as rack, null::text as shelf, null::text as bin, null::text as zone, null::text as notes
        from material_stock s
        join materials m on m.material_id = s.material_id
        left join projects p on p.id = s.location_id
       where s.location_kind = 'project' and s.location_id = ${location.id}
         and (s.logistics_qty > 0 or s.on_hand > 0) ${prefix} ${below}`;
  }
  const text = filter?.place?.trim();
  const place = text
    ? sql`and (w.rack ilike ${containing(text)} or w.shelf ilike ${containing(text)} or w.bin ilike ${containing(text)} or w.zone ilike ${containing(text)})`
    : sql``;
  const below = filter?.below_threshold ? sql`and coalesce(s.on_hand, 0) <= coalesce(s.low_threshold, ${DEFAULT_LOW_THRESHOLD})` : sql``;
  return sql<PartRow>`
    select w.material_id, m.part_number, m.part_name, w.place_key, w.rack, w.shelf, w.bin, w.zone, w.notes
      from warehouse_stock_places w
      join materials m on m.material_id = w.material_id
      left join material_stock s on s.location_kind = 'warehouse' and s.location_id = w.warehouse_id and s.material_id = w.material_id
     where w.warehouse_id = ${location.id} and w.qty > 0 ${prefix} ${place} ${below}`;
}

/** The candidates the scope takes: all of them, or a cycle set's first `size` in the order it proposes them. */
function ordered(location: CountLocation, scope: CountScope) {
  const parts = stockedParts(location, scope);
  const at = sql`location_kind = ${location.kind} and location_id = ${location.id}`;
  if (scope.kind !== 'cycle') return parts;
  switch (scope.strategy) {
    case 'oldest':
      // Never counted first, then the longest since the last posted count of the part at its place.
      return sql<PartRow>`
        select c.* from (${parts}) c
          left join (select material_id, place_key, max(posted_at) as last
                       from count_lines where ${at} and posted_at is not null and kind = 'part'
                      group by material_id, place_key) l on l.material_id = c.material_id and l.place_key = c.place_key
         order by l.last asc nulls first, lower(c.part_number), c.place_key
         limit ${scope.size}`;
    case 'most_moved':
      return sql<PartRow>`
        select c.* from (${parts}) c
          left join (select material_id, count(*) as moves
                       from activity_log where ${at} and occurred_at >= now() - make_interval(days => ${MOVED_DAYS})
                      group by material_id) a on a.material_id = c.material_id
         order by coalesce(a.moves, 0) desc, lower(c.part_number), c.place_key
         limit ${scope.size}`;
    case 'variances':
      // Only parts a posted count found off: the others have no past variance to propose them.
      return sql<PartRow>`
        select c.* from (${parts}) c
          join (select material_id, place_key, count(*) as misses
                  from count_lines where ${at} and posted_at is not null and kind = 'part' and difference <> 0
                 group by material_id, place_key) v on v.material_id = c.material_id and v.place_key = c.place_key
         order by v.misses desc, lower(c.part_number), c.place_key
         limit ${scope.size}`;
    default: {
      const unknown: never = scope.strategy;
      return unknown;
    }
  }
}

/** The serialized assets the location holds now (lost ones are not on the shelf to count). */
async function heldAssets(db: Db | Trx, location: CountLocation): Promise<CountPlanLine[]> {
  const { rows } = await sql<{ id: string; asset_number: string; asset_name: string; serial_number: string | null }>`
    select i.id, c.asset_number, c.asset_name, i.serial_number
      from asset_instances i join asset_catalog c on c.id = i.catalog_id
     where i.owner_type = ${location.kind} and i.owner_id = ${location.id} and not i.lost
     order by lower(c.asset_number), lower(coalesce(i.serial_number, '')), i.id`.execute(db);
  return rows.map((r) => ({
    kind: 'asset',
    material_id: null,
    part_number: null,
    part_name: r.asset_name,
    place: null,
    place_label: null,
    instance_id: r.id,
    asset_number: r.asset_number,
    serial_number: r.serial_number,
  }));
}

/** The lines a session at `location` with `scope` would count, in count order (parts, then assets). */
export async function planCount(db: Db | Trx, location: CountLocation, scope: CountScope, includeAssets: boolean): Promise<CountPlanLine[]> {
  // Counted in shelf order, whatever chose them.
  const { rows } = await sql<PartRow>`select * from (${ordered(location, scope)}) x order by lower(x.part_number), x.place_key`.execute(db);
  const parts = rows.map((r): CountPlanLine => {
    const place: Place | null = location.kind === 'warehouse' ? { rack: r.rack, shelf: r.shelf, bin: r.bin, zone: r.zone, notes: r.notes } : null;
    return {
      kind: 'part',
      material_id: r.material_id,
      part_number: r.part_number,
      part_name: r.part_name,
      place,
      place_label: place ? placeLabel(place) : null,
      instance_id: null,
      asset_number: null,
      serial_number: null,
    };
  });
  return includeAssets ? [...parts, ...(await heldAssets(db, location))] : parts;
}
