/**
 * Reads of the asset tables: categories and the catalogue with what uses them, instances with where
 * they are and who has them, the Asset rows of a warehouse's or project's inventory, search and the
 * location lookup, and resolving an item id (an instance id, or an asset number where the move starts).
 */
import { type Selectable, sql } from 'kysely';
import type { AssetCatalogItem, AssetCategory, AssetInstance, AssetLocation, AssetRow, AssetStatus } from '../../contract/assets.ts';
import { instanceRow } from '../../contract/asset-rows.ts';
import type { Owner } from '../../ledger/asset/events.ts';
import type { Db } from '../../ledger/database.ts';
import type { AssetCatalogTable, AssetCategoriesTable, AssetInstancesTable } from '../../migrations/schema.ts';
import { containing as like } from '../like.ts';

const iso = (d: Date | string) => new Date(d).toISOString();
const statusOf = (r: { lost: boolean; in_use: boolean }): AssetStatus => (r.lost ? 'Lost' : r.in_use ? 'In-Use' : 'Available');

type Category = Selectable<AssetCategoriesTable>;
type CatalogItem = Selectable<AssetCatalogTable>;

export async function listCategories(db: Db, id?: string): Promise<AssetCategory[]> {
  // Raw SQL: how many live types use each category is a correlated subquery.
  const { rows } = await sql<Pick<Category, 'id' | 'category' | 'kind' | 'created_at'> & { items: number }>`
    select g.id, g.category, g.kind, g.created_at,
           (select count(*) from asset_catalog c where c.category_id = g.id and c.deleted_at is null)::int as items
      from asset_categories g
     where g.deleted_at is null ${id ? sql`and g.id = ${id}` : sql``}
     order by lower(g.category)`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    category: r.category,
    kind: r.kind,
    serialized: r.kind === 'serialized',
    created_at: iso(r.created_at),
    items: Number(r.items),
  }));
}

export async function listCatalog(db: Db, filter: { q?: string; category?: string; id?: string } = {}): Promise<AssetCatalogItem[]> {
  const q = filter.q?.trim();
  // Raw SQL: what uses each type (instances, bulk units) are correlated subqueries.
  const { rows } = await sql<
    Pick<CatalogItem, 'id' | 'catalog_name' | 'asset_number' | 'asset_name' | 'asset_nickname' | 'category_id' | 'serial_required' | 'created_at'> &
      Pick<Category, 'category' | 'kind'> & { instances: number; units: number }
  >`
    select c.id, c.catalog_name, c.asset_number, c.asset_name, c.asset_nickname, c.category_id, g.category, g.kind, c.serial_required, c.created_at,
           (select count(*) from asset_instances i where i.catalog_id = c.id)::int as instances,
           (select coalesce(sum(s.on_hand + s.lost), 0) from asset_stock s where s.catalog_id = c.id)::int as units
      from asset_catalog c join asset_categories g on g.id = c.category_id
     where c.deleted_at is null
       ${filter.id ? sql`and c.id = ${filter.id}` : sql``}
       ${filter.category ? sql`and c.category_id = ${filter.category}` : sql``}
       ${q ? sql`and (c.asset_number ilike ${like(q)} or c.asset_name ilike ${like(q)} or c.asset_nickname ilike ${like(q)} or c.catalog_name ilike ${like(q)})` : sql``}
     order by lower(c.asset_number)`.execute(db);
  return rows.map((r) => ({
    id: r.id,
    catalog_name: r.catalog_name,
    asset_number: r.asset_number,
    asset_name: r.asset_name,
    asset_nickname: r.asset_nickname,
    category: r.category_id,
    category_name: r.category,
    category_kind: r.kind,
    serial_required: Boolean(r.serial_required),
    created_at: iso(r.created_at),
    instances: Number(r.instances),
    units: Number(r.units),
  }));
}

/** An instance's columns, with its type's number and name, its category, and who and where it is in words. */
type InstanceRow = Selectable<AssetInstancesTable> &
  Pick<CatalogItem, 'asset_number'> &
  Pick<Category, 'category'> & { catalog_asset_name: string; category_id: string; owner_label: string | null; assigned_user_name: string | null };

export interface InstanceFilter {
  ids?: string[];
  catalogId?: string;
  assetNumber?: string;
  assetName?: string;
  warehouseId?: string;
  projectId?: string;
  status?: AssetStatus;
  /** Serial, asset number, name or id contains it. */
  q?: string;
  limit?: number;
}

function toInstance(r: InstanceRow): AssetInstance {
  const metadata = JSON.parse(r.metadata) as AssetInstance['metadata'];
  const assetName = typeof metadata.asset_name === 'string' && metadata.asset_name ? metadata.asset_name : r.catalog_asset_name;
  return {
    id: r.id,
    instance_id: r.id,
    catalog_id: r.catalog_id,
    asset_number: r.asset_number,
    asset_name: assetName,
    category_id: r.category_id,
    asset_category: r.category,
    serial_number: r.serial_number,
    owner_type: r.owner_type,
    owner_id: r.owner_id,
    owner_label: r.owner_label ?? '',
    warehouse_id: r.owner_type === 'warehouse' ? r.owner_id : null,
    project_id: r.owner_type === 'project' ? r.owner_id : null,
    origin_warehouse_id: r.origin_warehouse_id,
    parent_warehouse_id: r.parent_warehouse_id,
    Status: statusOf(r),
    condition: r.condition,
    notes: r.notes,
    in_use: Boolean(r.in_use),
    assigned_user_id: r.assigned_user_id,
    assigned_user_name: r.assigned_user_name,
    lost: Boolean(r.lost),
    metadata,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

export async function listInstances(db: Db, f: InstanceFilter): Promise<AssetInstance[]> {
  const q = f.q?.trim();
  const status =
    f.status === 'Lost'
      ? sql`and i.lost`
      : f.status === 'In-Use'
        ? sql`and i.in_use and not i.lost`
        : f.status === 'Available'
          ? sql`and not i.in_use and not i.lost`
          : sql``;
  // Raw SQL: the owner's label is a case over two optional joins, and the name search reads the metadata's text.
  const { rows } = await sql<InstanceRow>`
    select i.id, i.catalog_id, c.asset_number, c.asset_name as catalog_asset_name, g.id as category_id, g.category,
           i.serial_number, i.owner_type, i.owner_id,
           case when i.owner_type = 'warehouse' then '#' || w.num_id || ' · ' || w.name else p.project_number || ' · ' || p.project_name end as owner_label,
           i.origin_warehouse_id, i.parent_warehouse_id, i.condition, i.notes, i.in_use, i.assigned_user_id,
           nullif(trim(coalesce(u.user_firstname, '') || ' ' || coalesce(u.user_lastname, '')), '') as assigned_user_name,
           i.lost, i.metadata, i.created_at, i.updated_at
      from asset_instances i
      join asset_catalog c on c.id = i.catalog_id
      join asset_categories g on g.id = c.category_id
      left join warehouses w on i.owner_type = 'warehouse' and w.id = i.owner_id
      left join projects p on i.owner_type = 'project' and p.id = i.owner_id
      left join users u on u.id = i.assigned_user_id
     where true
       ${f.ids ? sql`and i.id = any(${f.ids}::uuid[])` : sql``}
       ${f.catalogId ? sql`and i.catalog_id = ${f.catalogId}` : sql``}
       ${f.assetNumber ? sql`and lower(c.asset_number) = lower(${f.assetNumber.trim()})` : sql``}
       ${f.assetName ? sql`and (c.asset_name ilike ${like(f.assetName.trim())} or i.metadata ilike ${like(f.assetName.trim())})` : sql``}
       ${f.warehouseId ? sql`and i.owner_type = 'warehouse' and i.owner_id = ${f.warehouseId}` : sql``}
       ${f.projectId ? sql`and i.owner_type = 'project' and i.owner_id = ${f.projectId}` : sql``}
       ${status}
       ${q ? sql`and (i.serial_number ilike ${like(q)} or c.asset_number ilike ${like(q)} or c.asset_name ilike ${like(q)} or i.id::text ilike ${like(q)})` : sql``}
     order by lower(c.asset_number), lower(coalesce(i.serial_number, '')), i.id
     ${f.limit ? sql`limit ${f.limit}` : sql``}`.execute(db);
  return rows.map(toInstance);
}

export async function findInstance(db: Db, id: string): Promise<AssetInstance | undefined> {
  return (await listInstances(db, { ids: [id] }))[0];
}

/** The Asset rows an owner holds: one per serialized instance, one per bulk type with units. */
export async function assetInventory(db: Db, owner: Owner, q?: string): Promise<AssetRow[]> {
  const instances = await listInstances(db, owner.type === 'warehouse' ? { warehouseId: owner.id, q } : { projectId: owner.id, q });
  const query = q?.trim();
  const rows = await db
    .selectFrom('asset_stock as s')
    .innerJoin('asset_catalog as c', 'c.id', 's.catalog_id')
    .innerJoin('asset_categories as g', 'g.id', 'c.category_id')
    .select(['s.catalog_id', 'c.asset_number', 'c.asset_name', 'c.asset_nickname', 'g.category', 's.on_hand', 's.assigned', 's.lost'])
    .where('s.owner_type', '=', owner.type)
    .where('s.owner_id', '=', owner.id)
    .where(sql<boolean>`(s.on_hand + s.assigned + s.lost) > 0`)
    .$if(Boolean(query), (qb) => qb.where((eb) => eb.or([eb('c.asset_number', 'ilike', like(query!)), eb('c.asset_name', 'ilike', like(query!))])))
    .orderBy(sql`lower(c.asset_number)`)
    .execute();
  const nicknames = await catalogNicknames(db, [...new Set(instances.map((i) => i.catalog_id))]);
  const place = { ProjectID: owner.type === 'project' ? owner.id : null, warehouse_id: owner.type === 'warehouse' ? owner.id : null };
  const serialized: AssetRow[] = instances.map((i) => ({ ...instanceRow(i, nicknames.get(i.catalog_id) ?? ''), ...place }));
  const bulk: AssetRow[] = rows.map((r) => {
    const onHand = Number(r.on_hand);
    const assigned = Number(r.assigned);
    return {
      AssetNumber: r.asset_number,
      AssetName: r.asset_name,
      StandardName: r.asset_nickname,
      Status: onHand > 0 ? 'Available' : assigned > 0 ? 'In-Use' : 'Lost',
      serial_number: null,
      QtyOnHand: onHand,
      AssignedQty: assigned,
      QtyLost: Number(r.lost),
      kind: 'bulk',
      catalog_id: r.catalog_id,
      instance_id: null,
      category: r.category,
      condition: null,
      in_use: false,
      assigned_user_id: null,
      assigned_user_name: null,
      ...place,
    };
  });
  return [...serialized, ...bulk].sort((a, b) => a.AssetNumber.localeCompare(b.AssetNumber) || (a.serial_number ?? '').localeCompare(b.serial_number ?? ''));
}

/** The nickname (StandardName) of each asset type. */
export async function catalogNicknames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  // Raw SQL: one array parameter (= any) whatever the number of ids.
  const { rows } = await sql<Pick<CatalogItem, 'id' | 'asset_nickname'>>`select id, asset_nickname from asset_catalog where id = any(${ids}::uuid[])`.execute(
    db,
  );
  return new Map(rows.map((r) => [r.id, r.asset_nickname]));
}

/** An item id: an instance id (32 to 36 characters), or an asset number held where the move starts. */
export type ResolvedItem = { kind: 'instance'; instanceId: string } | { kind: 'bulk'; catalogId: string } | null;

export async function resolveItem(db: Db, itemId: string, at: Owner | null): Promise<ResolvedItem> {
  const value = itemId.trim();
  if (/^[0-9a-fA-F-]{32,36}$/.test(value) && value.replace(/-/g, '').length === 32) {
    const id = value.includes('-') ? value.toLowerCase() : value.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5').toLowerCase();
    return { kind: 'instance', instanceId: id };
  }
  const { rows } = await sql<Pick<CatalogItem, 'id'> & Pick<Category, 'kind'>>`
    select c.id, g.kind from asset_catalog c join asset_categories g on g.id = c.category_id
     where lower(c.asset_number) = lower(${value}) and c.deleted_at is null`.execute(db);
  const type = rows[0];
  if (!type) return null;
  if (type.kind === 'bulk') return { kind: 'bulk', catalogId: type.id };
  // A serialized number names its first available instance where the move starts.
  const { rows: first } = await sql<{ id: string }>`
    select id from asset_instances
     where catalog_id = ${type.id} and not in_use and not lost
       ${at ? sql`and owner_type = ${at.type} and owner_id = ${at.id}` : sql``}
     order by lower(coalesce(serial_number, '')), id limit 1`.execute(db);
  return first[0] ? { kind: 'instance', instanceId: first[0].id } : null;
}

/** Where an instance is: by id, or by a serial number that names exactly one instance. */
export async function locateInstance(db: Db, idOrSerial: string): Promise<AssetLocation | undefined> {
  const value = idOrSerial.trim();
  let instance: AssetInstance | undefined;
  const resolved = await resolveItem(db, value, null);
  if (resolved?.kind === 'instance' && /^[0-9a-fA-F-]{32,36}$/.test(value)) instance = await findInstance(db, resolved.instanceId);
  if (!instance) {
    const { rows } = await sql<{ id: string }>`select id from asset_instances where lower(serial_number) = lower(${value}) limit 2`.execute(db);
    if (rows.length === 1) instance = await findInstance(db, rows[0]!.id);
  }
  if (!instance) return undefined;
  const warehouseId = instance.warehouse_id ?? instance.parent_warehouse_id;
  const w = warehouseId ? await db.selectFrom('warehouses').select(['id', 'name', 'num_id']).where('id', '=', warehouseId).execute() : [];
  const p = instance.project_id
    ? await db.selectFrom('projects').select(['id', 'project_name', 'project_number']).where('id', '=', instance.project_id).execute()
    : [];
  const u = instance.assigned_user_id
    ? await db.selectFrom('users').select(['id', 'email', 'user_firstname', 'user_lastname']).where('id', '=', instance.assigned_user_id).execute()
    : [];
  const warehouse = w[0] ? { id: w[0].id, name: w[0].name, num_id: Number(w[0].num_id), label: `#${w[0].num_id} · ${w[0].name}` } : null;
  const project = p[0] ? { id: p[0].id, project_name: p[0].project_name, project_number: p[0].project_number } : null;
  const user = u[0] ? { uuid: u[0].id, user_email: u[0].email, user_firstname: u[0].user_firstname, user_lastname: u[0].user_lastname } : null;
  return { instance, warehouse, project, assignedUser: user };
}

/** Who has instances of an asset number in use in a project, and how many each. */
export async function assetAssignees(db: Db, projectId: string, assetNumber: string) {
  const { rows } = await sql<{ id: string; email: string; user_firstname: string; user_lastname: string; quantity: number }>`
    select u.id, u.email, u.user_firstname, u.user_lastname, count(*)::int as quantity
      from asset_instances i join asset_catalog c on c.id = i.catalog_id join users u on u.id = i.assigned_user_id
     where i.owner_type = 'project' and i.owner_id = ${projectId} and i.in_use and not i.lost and lower(c.asset_number) = lower(${assetNumber.trim()})
     group by u.id, u.email, u.user_firstname, u.user_lastname
     order by lower(u.user_lastname), lower(u.user_firstname)`.execute(db);
  return rows.map((r) => ({ uuid: r.id, user_email: r.email, user_firstname: r.user_firstname, user_lastname: r.user_lastname, quantity: Number(r.quantity) }));
}
