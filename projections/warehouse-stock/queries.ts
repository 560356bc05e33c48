/**
 * Reads of a warehouse's material stock: the spec's warehouse stock rows with their places and the
 * projects they were assigned to, stock as of an instant; and for the Material Catalog, the
 * catalogue searched and where a part is held.
 */
import { type Selectable, sql } from 'kysely';
import type { Holding, Holdings, PlaceRow, WarehouseStockRow } from '../../contract/warehouses.ts';
import { warehouseLabel } from '../../contract/warehouses.ts';
import type { CatalogPart } from '../../contract/materials.ts';
import type { Db } from '../../ledger/database.ts';
import type { MaterialsTable, MaterialStockTable, WarehouseStockPlacesTable } from '../../migrations/schema.ts';
import { placeLabel } from '../../contract/place.ts';
import { DEFAULT_CRITICAL_THRESHOLD, DEFAULT_LOW_THRESHOLD } from '../../ledger/stock-item/stock-numbers.ts';
import { containing } from '../like.ts';
import { inventoryPage, partDisplay } from '../material-stock/queries.ts';

/** A place's columns as `placesOf` builds them into JSON. */
type PlaceJson = Omit<Selectable<WarehouseStockPlacesTable>, 'warehouse_id' | 'material_id'>;
type Stock = Selectable<MaterialStockTable>;

const toPlaceRow = (p: PlaceJson): PlaceRow => ({ ...p, qty: Number(p.qty), label: placeLabel({ ...p }) });

/** A location's places, largest first, then by label. */
const byQuantity = (a: PlaceRow, b: PlaceRow) => b.qty - a.qty || a.label.localeCompare(b.label);

type StockJoined = Pick<Stock, 'material_id' | 'on_hand' | 'lost_outstanding' | 'low_threshold' | 'critical_threshold'> &
  Pick<Selectable<MaterialsTable>, 'part_number' | 'part_name' | 'part_nickname'> & {
    places: PlaceJson[] | null;
    projects: Array<{ project_id: string; project_name: string; project_number: string; qty: number }> | null;
  };

const placesOf = sql`(select json_agg(json_build_object('place_key', sp.place_key, 'rack', sp.rack, 'shelf', sp.shelf, 'bin', sp.bin,
                                            'zone', sp.zone, 'notes', sp.notes, 'qty', sp.qty))
                        from warehouse_stock_places sp
                       where sp.warehouse_id = s.location_id and sp.material_id = s.material_id and sp.qty > 0)`;

/** The warehouse's parts now (or as they stood at `asOf` and/or as known on `knownOn`, without places), by part number. */
export async function warehouseInventory(
  db: Db,
  warehouseId: string,
  options: { q?: string; asOf?: Date | null; knownOn?: Date | null } = {},
): Promise<WarehouseStockRow[]> {
  const text = options.q?.trim() ?? '';
  if (options.asOf || options.knownOn) {
    const rows = (await inventoryPage(db, { kind: 'warehouse', id: warehouseId }, { asOf: options.asOf, knownOn: options.knownOn })).items;
    const like = text.toLowerCase();
    return rows
      .filter((r) => !like || [r.part_number, r.part_name, r.part_nickname].some((v) => v.toLowerCase().includes(like)))
      .map((r) => ({
        warehouse_id: warehouseId,
        material_id: r.material_id,
        material: { part_number: r.part_number, part_name: r.part_name, part_nickname: r.part_nickname },
        qty_on_hand: r.QtyOnHand,
        qty_assigned: 0,
        qty_lost: r.QtyLost,
        warning_stock_limit: r.LowStockWarning,
        critical_stock_limit: r.CriticalStockWarning,
        locations: [],
        projects: [],
      }));
  }
  const like = containing(text);
  // Raw SQL: a part's places and projects come back as JSON arrays built in the query.
  const { rows } = await sql<StockJoined>`
    select s.material_id, m.part_number, m.part_name, m.part_nickname, s.on_hand, s.lost_outstanding, s.low_threshold, s.critical_threshold,
           ${placesOf} as places,
           (select json_agg(json_build_object('project_id', pr.project_id, 'project_name', p.project_name, 'project_number', p.project_number, 'qty', pr.qty)
                            order by p.project_number)
              from warehouse_stock_projects pr join projects p on p.id = pr.project_id
             where pr.warehouse_id = s.location_id and pr.material_id = s.material_id and pr.qty > 0) as projects
      from material_stock s
      join materials m on m.material_id = s.material_id
     where s.location_kind = 'warehouse' and s.location_id = ${warehouseId}
       ${text ? sql`and (m.part_number ilike ${like} or m.part_name ilike ${like} or m.part_nickname ilike ${like})` : sql``}
     order by m.part_number`.execute(db);
  return rows.map((r) => {
    const projects = (r.projects ?? []).map((p) => ({ ...p, qty: Number(p.qty) }));
    return {
      warehouse_id: warehouseId,
      material_id: r.material_id,
      material: { part_number: r.part_number, part_name: r.part_name, part_nickname: r.part_nickname },
      qty_on_hand: Number(r.on_hand),
      qty_assigned: projects.reduce((n, p) => n + p.qty, 0),
      qty_lost: Number(r.lost_outstanding),
      warning_stock_limit: Number(r.low_threshold ?? DEFAULT_LOW_THRESHOLD),
      critical_stock_limit: Number(r.critical_threshold ?? DEFAULT_CRITICAL_THRESHOLD),
      locations: (r.places ?? []).map(toPlaceRow).sort(byQuantity),
      projects,
    };
  });
}

/** One part of a warehouse's stock now, or null. */
export async function warehouseStockItem(db: Db, warehouseId: string, materialId: string): Promise<WarehouseStockRow | null> {
  const rows = await warehouseInventory(db, warehouseId);
  return rows.find((r) => r.material_id === materialId) ?? null;
}

/** Every project and warehouse holding a part (anything on hand, in the field or lost), projects first; null for an unknown part. */
export async function holdingsOf(db: Db, materialId: string): Promise<Holdings | null> {
  const part = await db.selectFrom('materials').select(['material_id', 'part_number']).where('material_id', '=', materialId).executeTakeFirst();
  if (!part) return null;
  // Raw SQL: a warehouse's places come back as a JSON array built in the query; the names are those of optional joins.
  const { rows } = await sql<
    Pick<Stock, 'location_kind' | 'location_id' | 'on_hand' | 'field_assigned' | 'lost_outstanding'> & {
      project_name: string | null;
      project_number: string | null;
      num_id: number | null;
      name: string | null;
      places: PlaceJson[] | null;
    }
  >`
    select s.location_kind, s.location_id, s.on_hand, s.field_assigned, s.lost_outstanding,
           p.project_name, p.project_number, w.num_id, w.name,
           case when s.location_kind = 'warehouse' then ${placesOf} end as places
      from material_stock s
      left join projects p on s.location_kind = 'project' and p.id = s.location_id
      left join warehouses w on s.location_kind = 'warehouse' and w.id = s.location_id
     where s.material_id = ${materialId} and (s.on_hand > 0 or s.field_assigned > 0 or s.lost_outstanding > 0)
       and (p.id is not null and p.archived_at is null or w.id is not null)
     order by s.location_kind, coalesce(p.project_number, ''), coalesce(w.num_id, 0)`.execute(db);
  const items: Holding[] = rows.map((r) => ({
    kind: r.location_kind,
    id: r.location_id,
    label: r.location_kind === 'warehouse' ? warehouseLabel({ num_id: r.num_id!, name: r.name! }) : `${r.project_number} · ${r.project_name}`,
    qty_on_hand: Number(r.on_hand),
    qty_field_assigned: Number(r.field_assigned),
    qty_lost: Number(r.lost_outstanding),
    locations: (r.places ?? []).map(toPlaceRow).sort(byQuantity),
  }));
  return { material_id: part.material_id, part_number: part.part_number, items };
}

/** Parts of the catalogue whose number, name or nickname contains the text, by part number; one part by id with `materialId`. */
export async function searchCatalogue(db: Db, options: { q?: string; materialId?: string } = {}): Promise<CatalogPart[]> {
  const text = options.q?.trim() ?? '';
  const like = containing(text);
  const rows = await db
    .selectFrom('materials')
    .select(['material_id', 'part_number', 'part_name', 'part_nickname'])
    .$if(text.length > 0, (qb) =>
      qb.where((eb) => eb.or([eb('part_number', 'ilike', like), eb('part_name', 'ilike', like), eb('part_nickname', 'ilike', like)])),
    )
    .$if(options.materialId !== undefined, (qb) => qb.where('material_id', '=', options.materialId!))
    .orderBy('part_number')
    .execute();
  return rows.map((m) => ({ ...m, display: partDisplay(m) }));
}
