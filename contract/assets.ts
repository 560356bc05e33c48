/**
 * Assets as the API speaks them (spec 01 §3, §4, §5, §7; spec 02 §2.4, §2.7, §3, §5, §7–§9):
 * categories (serialized or bulk), the catalogue of asset types, serialized instances and bulk
 * units, their moves between warehouses and projects, in use and available, lost and found, and
 * the reads (inventories, instances, search, location lookup, transactions).
 *
 * Roles: "admin" is a global admin or superadmin; "manager" of a project is a global admin or a
 * project admin or manager; "member" is anyone in the project (or a global admin).
 *
 *   Categories and catalogue (reads: signed in; writes: admin)
 *   GET    /api/assets/categories                 → { items: AssetCategory[] }
 *   POST   /api/assets/categories                 body categoryBody → AssetCategory (400 `Category name is required`)
 *   PUT    /api/assets/categories/{id}            body categoryBody → AssetCategory
 *   DELETE /api/assets/categories/{id}            → { deleted: true } (422 naming the catalog items that use it)
 *   GET    /api/assets/catalog?q=&category=       → { items: AssetCatalogItem[] }
 *   POST   /api/assets/catalog                    body catalogBody → AssetCatalogItem (400 `Asset number and name are required`)
 *   PUT    /api/assets/catalog/{id}               body catalogBody → AssetCatalogItem
 *   DELETE /api/assets/catalog/{id}               → { deleted: true } (422 naming the instances or units that use it)
 *   GET    /api/assets/catalog/{id}/asset-numbers → AssetNumbers (the type's instances, for pickers)
 *
 *   Moves (each answers AssetMoveAnswer; 423 (ASSET_MESSAGES.frozen) while frozen; 422 with the rule)
 *   POST /api/warehouses/{id}/assets/receive   (admin) receiveBody: a new instance (or bulk units) into
 *        warehouse {id}, or an existing instance from wherever it is into warehouse {id}
 *   POST /api/warehouses/{id}/assets/assign    (admin) transferBody (to_owner_type project): from warehouse {id}
 *        to project to_owner_id (404 `Asset not found in this warehouse`)
 *   POST /api/warehouses/{id}/assets/return    (admin) transferBody: an instance (or bulk units) held by a
 *        project comes back into warehouse {id}; `project_id` says which project for bulk units
 *   POST /api/projects/{id}/assets/receive     (manager of {id}) receiveBody: a new instance (parent_warehouse_id
 *        required) or an existing one from a warehouse into project {id}
 *   POST /api/projects/{id}/assets/return      (manager of {id}) transferBody: from project {id} to warehouse
 *        to_owner_id (404 `Asset not found in this project`)
 *   POST /api/assets/instances/assign          (admin) transferBody: from wherever it is to to_owner_type/to_owner_id
 *   POST /api/assets/instances/{id}/in-use     (manager of the holding project) inUseBody
 *        (`Missing instance or user`, `Missing instance`, `Only In-Use instances can be unassigned`)
 *   POST /api/assets/lost, /api/assets/found   (manager of project_id, or admin with warehouse_id) lostFoundBody
 *
 *   An item id (instance_id) is a 32-to-36-character id, or an asset number looked up where the move
 *   starts (the warehouse or project): a bulk type's units, or that type's first available instance.
 *
 *   Reads
 *   GET /api/assets/inventory/project/{id}?q=&as_of=     (member)  → { items: AssetRow[], as_of }
 *   GET /api/assets/inventory/warehouse/{id}?q=&as_of=   (admin)   → { items: AssetRow[], as_of }
 *   GET /api/warehouses/{id}/inventory?mode=assets&as_of= (admin)  → { items: AssetRow[], as_of }
 *        (as_of: the rows as they stood at that instant, from the transaction log)
 *   GET /api/assets/instances?asset_number&warehouse_id&project_id&status&catalog_id (member of project_id, else admin)
 *        → { items: AssetInstance[] }
 *   GET /api/assets/search?q&limit=50             (admin)   → { items: AssetInstance[] } (serial, asset number, name or id)
 *   GET /api/assets/location/{id}                 (admin, or member of the holding project) → AssetLocation
 *        ({id} may be an instance id, or a serial number when it names exactly one instance)
 *   GET /api/assets/transactions?project_id|warehouse_id|instance_id&type&q&limit=500&format=json|csv
 *        (manager of project_id; admin otherwise) → { items: AssetTransaction[] }, newest first;
 *        format=csv downloads `asset_warehouse_logs_{timestamp}.csv` (or `asset_project_logs_…`)
 *   GET /api/assets/item?project_id&number, /api/assets/info?project_id (member): the dashboard's asset variants,
 *   and /api/assets/available|assigned|assignees?project_id&number, /api/assets/max-assignable?project_id&number&user
 *
 * Realtime: every asset change names the topic `assets` for every project ("*"); a move to, from or
 * inside a project also names that project's `assets`.
 */
import { LOST_FOUND_QUANTITY_POSITIVE } from './messages.ts';
import { z } from 'zod';
import { id, quantity, text } from './fields.ts';
import { MAX_LENGTH } from './limits.ts';
import { limit, listFormat, projectOrWarehouse } from './paging.ts';
import { ASSET_MESSAGES as M } from './messages/assets.ts';
import { ASSET_STATUSES, assetInstance, assetMetadata, assetRow, CATEGORY_KINDS, OWNER_TYPES } from './asset-rows.ts';
import { ASSET_LOG_LIMIT, ASSET_SEARCH_LIMIT, ASSET_SEARCH_MAX } from './asset-paths.ts';

export * from './asset-rows.ts';
export * from './asset-paths.ts';

export { ASSET_MESSAGES, catalogInUseMessage, categoryInUseMessage, foundExceedsMessage, lostExceedsMessage } from './messages/assets.ts';

/** Longest text of each asset field, in characters. */
export const ASSET_LIMITS = {
  category: 100,
  assetNumber: 100,
  assetName: 200,
  assetNickname: 200,
  catalogName: 200,
  serialNumber: 100,
  condition: 50,
  notes: 1000,
  /** The itemId field: an id, or an asset number. */
  itemId: 100,
} as const;

/** The action types of an asset transaction (spec 02 §2.5's filter). */
export const ASSET_ACTIONS = ['Receive', 'Return', 'Assign', 'Unassign', 'Lost', 'Found', 'Transfer'] as const;
export type AssetAction = (typeof ASSET_ACTIONS)[number];

/** True when an item id is an instance id (32 to 36 characters of hex and dashes) rather than an asset number. */
export const looksLikeInstanceId = (value: string) => /^[0-9a-fA-F-]{32,36}$/.test(value.trim()) && value.replace(/-/g, '').length === 32;

const notes = text({ label: 'Notes', max: ASSET_LIMITS.notes }).nullish();
const warehouseIdField = (label = 'Warehouse') => id(label, `${label} must be a valid warehouse id`);

// ---- categories -------------------------------------------------------------------------------

export const assetCategory = z.object({
  id: z.string(),
  category: z.string(),
  kind: z.enum(CATEGORY_KINDS),
  /** kind === 'serialized'. */
  serialized: z.boolean(),
  created_at: z.string(),
  /** Catalog items of this category. */
  items: z.number(),
});
export type AssetCategory = z.infer<typeof assetCategory>;
export const categoryList = z.object({ items: z.array(assetCategory) });

export const categoryBody = z.object({
  category: text({ label: 'Category', max: ASSET_LIMITS.category, required: M.categoryRequired }),
  kind: z.enum(CATEGORY_KINDS, { error: 'Kind must be serialized or bulk' }).default('serialized'),
});
export type CategoryBody = z.input<typeof categoryBody>;

export const categoryParams = z.object({ id: id('Category', 'id must be a valid category id') });

// ---- catalogue --------------------------------------------------------------------------------

export const assetCatalogItem = z.object({
  id: z.string(),
  catalog_name: z.string(),
  asset_number: z.string(),
  asset_name: z.string(),
  asset_nickname: z.string(),
  /** The category's id. */
  category: z.string(),
  category_name: z.string(),
  category_kind: z.enum(CATEGORY_KINDS),
  serial_required: z.boolean(),
  created_at: z.string(),
  /** Serialized instances of this type, and bulk units held anywhere (on hand, assigned, lost). */
  instances: z.number(),
  units: z.number(),
});
export type AssetCatalogItem = z.infer<typeof assetCatalogItem>;
export const catalogItemList = z.object({ items: z.array(assetCatalogItem) });
export const catalogListQuery = z.object({
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  category: id('Category', 'category must be a valid category id').optional(),
});

const catalogRequiredText = (label: string, max: number) => text({ label, max, required: M.catalogRequired });
export const catalogBody = z.object({
  asset_number: catalogRequiredText('Asset number', ASSET_LIMITS.assetNumber),
  asset_name: catalogRequiredText('Asset name', ASSET_LIMITS.assetName),
  asset_nickname: text({ label: 'Asset nickname', max: ASSET_LIMITS.assetNickname }).nullish(),
  catalog_name: text({ label: 'Catalog name', max: ASSET_LIMITS.catalogName }).nullish(),
  /** The category's id. */
  category: id('Category', M.categoryMissing),
  /** Default: true for a serialized category; always false for a bulk one. */
  serial_required: z.boolean({ error: 'serial_required must be true or false' }).optional(),
});
export type CatalogBody = z.input<typeof catalogBody>;
export const catalogParams = z.object({ id: id('Catalog item', 'id must be a valid catalog item id') });
export const deletedAnswer = z.object({ deleted: z.literal(true) });

// ---- instances and rows (the entities are in asset-rows.ts) -------------------------------------
export const assetInventoryQuery = z.object({
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  as_of: z.iso.datetime({ offset: true, error: 'as_of must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
});
export const ownerParams = z.object({ id: id('Owner', 'id must be a valid id') });

export const instancesQuery = z.object({
  asset_number: text({ label: 'Asset number', max: ASSET_LIMITS.assetNumber }).optional(),
  asset_name: text({ label: 'Asset name', max: ASSET_LIMITS.assetName }).optional(),
  catalog_id: id('Catalog item', 'catalog_id must be a valid id').optional(),
  warehouse_id: warehouseIdField().optional(),
  project_id: id('Project', 'project_id must be a valid project id').optional(),
  status: z
    .string()
    .max(20)
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '' || value.toLowerCase() === 'all') return undefined;
      const match = ASSET_STATUSES.find((s) => s.toLowerCase() === value.toLowerCase().replace(' ', '-'));
      if (!match) {
        ctx.addIssue({ code: 'custom', message: 'Status must be Available, In-Use or Lost.' });
        return z.NEVER;
      }
      return match;
    }),
});

export const searchQuery = z.object({
  q: text({ label: 'Search', max: MAX_LENGTH.search }).default(''),
  limit: limit(ASSET_SEARCH_MAX).default(ASSET_SEARCH_LIMIT),
});

export const locationParams = z.object({ id: text({ label: 'Instance', max: ASSET_LIMITS.itemId, required: M.missingInstance }) });

// ---- moves ------------------------------------------------------------------------------------

const itemId = text({ label: 'Instance', max: ASSET_LIMITS.itemId });
const bulkQuantity = quantity({ positive: M.quantityPositive, required: M.bulkNeedsQuantity }).optional();

/** The spec's Asset transfer body; `quantity` moves units of a bulk type named by asset number. */
export const transferBody = z.object({
  instance_id: itemId.optional(),
  to_owner_type: z.enum(OWNER_TYPES, { error: 'to_owner_type must be warehouse or project' }).optional(),
  to_owner_id: z.uuid({ error: 'to_owner_id must be a valid id' }).optional(),
  /** For bulk units returned to a warehouse: the project they come from. */
  project_id: id('Project', 'project_id must be a valid project id').optional(),
  quantity: bulkQuantity,
  notes,
});
export type TransferBody = z.input<typeof transferBody>;

/**
 * Receive: a new instance (catalog_id, serial_number, asset_name, condition, notes,
 * parent_warehouse_id, metadata), bulk units of a type (catalog_id and quantity), or an existing
 * instance (instance_id, to_owner_type, to_owner_id, notes).
 */
export const receiveBody = z.object({
  instance_id: itemId.optional(),
  to_owner_type: z.enum(OWNER_TYPES, { error: 'to_owner_type must be warehouse or project' }).optional(),
  to_owner_id: z.uuid({ error: 'to_owner_id must be a valid id' }).optional(),
  catalog_id: id('Catalog item', M.definitionRequired).optional(),
  serial_number: text({ label: 'Serial number', max: ASSET_LIMITS.serialNumber }).nullish(),
  asset_name: text({ label: 'Asset name', max: ASSET_LIMITS.assetName }).nullish(),
  condition: text({ label: 'Condition', max: ASSET_LIMITS.condition }).nullish(),
  parent_warehouse_id: warehouseIdField('Parent warehouse').nullish(),
  metadata: assetMetadata.nullish(),
  quantity: bulkQuantity,
  notes,
});
export type ReceiveBody = z.input<typeof receiveBody>;

/** The spec's Receive form (02 §3): what the receive wizard holds before it sends a receiveBody. */
export const receiveForm = z.object({
  itemId: z.string(),
  quantity: z.number(),
  notes: z.string(),
  receiveMode: z.enum(['existing', 'newCatalog']),
  assetCatalogId: z.string(),
  assetName: z.string(),
  assetNumber: z.string(),
  assetCategory: z.string(),
  newCategoryName: z.string(),
  serialNumber: z.string(),
  instanceMode: z.enum(['newInstance', 'existing']),
  instanceId: z.string(),
  condition: z.string(),
  parentWarehouseId: z.string(),
  serialRequired: z.boolean(),
  location: z.object({ rack: z.string(), shelf: z.string(), bin: z.string(), zone: z.string(), notes: z.string() }),
});
export type ReceiveForm = z.infer<typeof receiveForm>;

export const inUseBody = z.object({
  in_use: z.boolean({ error: 'in_use must be true or false' }),
  assigned_user_id: z.uuid({ error: M.missingInstanceOrUser }).nullish(),
  notes,
});
export const instanceParams = z.object({ id: z.uuid({ error: M.missingInstance }) });

/** Lost and found (spec 01 §7's asset variant): an instance, or units of a bulk type by asset number. */
export const lostFoundBody = projectOrWarehouse(
  z.object({
    project_id: id('Project', 'project_id must be a valid project id').optional(),
    warehouse_id: warehouseIdField().optional(),
    instance_id: itemId.optional(),
    asset_number: text({ label: 'Asset number', max: ASSET_LIMITS.assetNumber }).optional(),
    quantity: quantity({ positive: LOST_FOUND_QUANTITY_POSITIVE }).optional(),
    /** Lost from on hand, or (bulk in a warehouse) from what was assigned out is not offered: on_hand only. */
    source: z.enum(['on_hand', 'field_assigned'], { error: 'Source must be on_hand or field_assigned' }).default('on_hand'),
    note: text({ label: 'Note', max: MAX_LENGTH.note }).nullish(),
  }),
).refine((v) => Boolean(v.instance_id) || Boolean(v.asset_number), { message: M.missingInstance, path: ['instance_id'] });
export type LostFoundBody = z.input<typeof lostFoundBody>;

/** What every move answers: the instance afterwards (null for bulk units) and the moved type's row on each side. */
export const assetMoveAnswer = z.object({
  instance: assetInstance.nullable(),
  rows: z.array(assetRow),
});
export type AssetMoveAnswer = z.infer<typeof assetMoveAnswer>;

// ---- transactions ------------------------------------------------------------------------------

/** The spec's Asset transaction / Asset log, with where it sits in the ledger (position and hash). */
export const assetTransaction = z.object({
  id: z.number(),
  position: z.number(),
  hash: z.string(),
  action_type: z.enum(ASSET_ACTIONS),
  created_at: z.string(),
  /** Who did it (display name), and their id. */
  created_by: z.string(),
  created_by_id: z.string().nullable(),
  quantity: z.number(),
  asset_number: z.string(),
  asset_name: z.string(),
  serial_number: z.string().nullable(),
  instance_id: z.string().nullable(),
  catalog_id: z.string(),
  from_owner_type: z.enum(['warehouse', 'project', 'user']).nullable(),
  from_owner_id: z.string().nullable(),
  from_owner_label: z.string().nullable(),
  to_owner_type: z.enum(['warehouse', 'project', 'user']).nullable(),
  to_owner_id: z.string().nullable(),
  to_owner_label: z.string().nullable(),
  notes: z.string().nullable(),
});
export type AssetTransaction = z.infer<typeof assetTransaction>;
export const transactionList = z.object({ items: z.array(assetTransaction) });

export const transactionsQuery = z
  .object({
    project_id: id('Project', 'project_id must be a valid project id').optional(),
    warehouse_id: warehouseIdField().optional(),
    instance_id: id('Instance', 'instance_id must be a valid id').optional(),
    type: z
      .string()
      .max(20)
      .default('all')
      .transform((value, ctx) => {
        if (value.toLowerCase() === 'all' || value === '') return undefined;
        const match = ASSET_ACTIONS.find((a) => a.toLowerCase() === value.toLowerCase());
        if (!match) {
          ctx.addIssue({ code: 'custom', message: 'Type must be All, Receive, Return, Assign, Unassign, Lost, Found or Transfer.' });
          return z.NEVER;
        }
        return match;
      }),
    q: text({ label: 'Search', max: MAX_LENGTH.search }).default(''),
    limit: limit(ASSET_LOG_LIMIT).default(ASSET_LOG_LIMIT),
    format: listFormat,
  })
  .refine((v) => [v.project_id, v.warehouse_id, v.instance_id].filter(Boolean).length <= 1, {
    message: 'Send one of project_id, warehouse_id or instance_id',
    path: ['project_id'],
  });

const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
/** `asset_warehouse_logs_{timestamp}.csv` (spec 02 §9). */
export const assetWarehouseLogsFileName = (at: Date) => `asset_warehouse_logs_${stamp(at)}.csv`;
export const assetProjectLogsFileName = (at: Date) => `asset_project_logs_${stamp(at)}.csv`;

// ---- the dashboard's asset variants (spec 01 §7) -------------------------------------------------

export const itemQuery = z.object({
  project_id: id('Project', 'project_id must be a valid project id'),
  number: text({ label: 'Asset number', max: ASSET_LIMITS.assetNumber, required: M.missingInstance }),
});
export const infoQuery = z.object({ project_id: id('Project', 'project_id must be a valid project id') });
/** Instances Available plus bulk units on hand of one asset number in a project. */
export const assetAvailable = z.object({ asset_number: z.string(), available: z.number() });
/** Someone with instances of an asset number in use, and how many. */
export const assetAssignee = z.object({
  uuid: z.string(),
  user_email: z.string(),
  user_firstname: z.string(),
  user_lastname: z.string(),
  quantity: z.number(),
});
export type AssetAssignee = z.infer<typeof assetAssignee>;
export const assetAssigned = z.object({ items: z.array(assetAssignee), total: z.number() });
export const assetAssignees = z.object({ items: z.array(assetAssignee) });
export const maxAssignableQuery = itemQuery.extend({ user: z.uuid({ error: 'Select a user' }).optional() });
/** The most that can be marked in use (available), and how many a user has in use (the most that can be made available). */
export const assetMaxAssignable = z.object({ max: z.number(), assigned: z.number() });

/** Totals of a project's assets for the dashboard. */
export const assetInfo = z.object({
  types: z.number(),
  instances: z.number(),
  available: z.number(),
  in_use: z.number(),
  lost: z.number(),
  bulk_on_hand: z.number(),
});
export type AssetInfo = z.infer<typeof assetInfo>;
