/**
 * Warehouses as the API speaks them (spec 02 §2.4–§2.6, §3, §5, §7; spec 01 §7): the warehouses
 * themselves, their material stock by location, every warehouse movement's request and answer, and
 * where a catalogue part is held.
 *
 * Paths (every one answers 401 signed out, 403 to a caller without the role named):
 *
 *   Warehouses (reads: global admin or superadmin; writes: superadmin, the Warehouse Manager)
 *   GET   /api/warehouses?include_inactive=true      → { items: Warehouse[] } (active only unless asked)
 *   GET   /api/warehouses/{id}                        → Warehouse
 *   POST  /api/warehouses                             body createWarehouseBody → Warehouse
 *   PATCH /api/warehouses/{id}                        body editWarehouseBody   → Warehouse
 *   POST  /api/warehouses/{id}/deactivate             → Warehouse (422 WAREHOUSE_HAS_STOCK while it holds stock)
 *   POST  /api/warehouses/{id}/reactivate             → Warehouse
 *
 *   Warehouse material stock (global admin or superadmin)
 *   GET   /api/warehouses/{id}/inventory?mode=materials&q=&as_of=   → { items: WarehouseStockRow[], as_of }
 *   POST  /api/warehouses/{id}/materials/receive      body warehouseReceiveBody   → WarehouseMoveAnswer
 *   POST  /api/warehouses/{id}/materials/return       body warehouseReturnBody    → WarehouseMoveAnswer
 *   POST  /api/warehouses/{id}/materials/relocate     body relocateBody           → WarehouseMoveAnswer
 *   POST  /api/warehouses/{id}/materials/assign       body assignToProjectBody    → WarehouseMoveAnswer (project_item set)
 *   POST  /api/warehouses/{id}/materials/unassign     body unassignFromProjectBody → WarehouseMoveAnswer (project_item set)
 *   POST  /api/warehouses/{id}/materials/lost         body warehouseLostBody      → WarehouseMoveAnswer
 *   POST  /api/warehouses/{id}/materials/found        body warehouseFoundBody     → WarehouseMoveAnswer
 *   Every movement: 423 (WAREHOUSE_MESSAGES.frozen) while the site is frozen; 422 with the rule's message.
 *
 *   Warehouse logs (global admin or superadmin): the project log endpoint with a warehouse instead
 *   GET   /api/materials/logs?warehouse_id=&type=&q=&days=&page=&page_size=&sort=&format=json|csv
 *         → LogPage (contract/materials.ts); format=csv downloads `material_warehouse_logs_{timestamp}.csv`.
 *         A move between a warehouse and a project shows in both logs, `location_a` the side it left
 *         and `location_b` the side it entered, each named `#{num_id} · name`.
 *
 *   Material Catalog (global admin or superadmin)
 *   GET   /api/catalog/materials?q=                   → { items: CatalogPart[], total } (number, name or nickname contains q; by number)
 *   POST  /api/catalog/materials                      body createPartBody → CatalogPart (409 PART_NUMBER_TAKEN)
 *   PUT   /api/catalog/materials/{material_id}        body editPartBody   → CatalogPart (rename, renumber; the material edit's messages)
 *   GET   /api/catalog/materials/{material_id}/holdings → Holdings (projects and warehouses holding it)
 *
 * Realtime: a warehouse change reaches every connected browser as a `changed` message naming the topic
 * `warehouses`, sent for each project the browser has subscribed to, like the catalogue's changes; a
 * warehouse screen that shows no project sends `{"type":"subscribe","projectId":"*"}` and gets them
 * as `projectId: "*"`. A move to or from a project also names that project's `inventory` and `logs`.
 */
import { LOST_FOUND_QUANTITY_POSITIVE, PART_NAMES_REQUIRED } from './messages.ts';
import { z } from 'zod';
import { id, quantity, text } from './fields.ts';
import { MAX_LENGTH } from './limits.ts';
import { WAREHOUSE_MESSAGES } from './messages/warehouses.ts';
import { catalogPart, inventoryRow, projectId } from './materials.ts';

export { placeShortMessage, WAREHOUSE_MESSAGES } from './messages/warehouses.ts';
/** The same key and label the server gives a location, for forms that name one before asking. */
export { normalizePlace, placeKey, placeLabel } from './place.ts';

/** Longest text of each warehouse field, in characters. */
export const WAREHOUSE_LIMITS = {
  name: 200,
  yardLocation: 200,
  capacitySummary: 500,
  /** Each of rack, shelf, bin and zone. */
  placeField: 60,
  placeNotes: 500,
} as const;

/** How every screen names a warehouse: "#3 · North Yard". */
export const warehouseLabel = (w: { num_id: number; name: string }) => `#${w.num_id} · ${w.name}`;

const placeField = (label: string) => text({ label, max: WAREHOUSE_LIMITS.placeField });

/** A location inside a warehouse. Rack, shelf, bin and zone name it (blank fields are dropped); notes describe it. */
export const place = z.object({
  rack: placeField('Rack').nullish(),
  shelf: placeField('Shelf').nullish(),
  bin: placeField('Bin').nullish(),
  zone: placeField('Zone').nullish(),
  notes: text({ label: 'Location notes', max: WAREHOUSE_LIMITS.placeNotes }).nullish(),
});
export type PlaceInput = z.infer<typeof place>;

/** A location as answered: its key (rack, shelf, bin, zone, compared without case) and its label ("Rack A · Shelf 2", or "No location"). */
export const placeRow = z.object({
  place_key: z.string(),
  label: z.string(),
  rack: z.string().nullable(),
  shelf: z.string().nullable(),
  bin: z.string().nullable(),
  zone: z.string().nullable(),
  notes: z.string().nullable(),
  qty: z.number(),
});
export type PlaceRow = z.infer<typeof placeRow>;

export const yardInfo = z.object({
  location: text({ label: 'Yard location', max: WAREHOUSE_LIMITS.yardLocation }).nullish(),
  capacity_summary: text({ label: 'Capacity summary', max: WAREHOUSE_LIMITS.capacitySummary }).nullish(),
});

export const warehouseSchema = z.object({
  id: z.string(),
  /** Sequential from 1, never reused. */
  num_id: z.number(),
  name: z.string(),
  /** "#{num_id} · name". */
  label: z.string(),
  yard_info: z.object({ location: z.string().nullable(), capacity_summary: z.string().nullable(), capacitySummary: z.string().nullable() }),
  active: z.boolean(),
  created_at: z.string(),
  deactivated_at: z.string().nullable(),
  /** Parts with stock here, and units on hand. */
  parts: z.number(),
  qty_on_hand: z.number(),
});
export type Warehouse = z.infer<typeof warehouseSchema>;
export const warehouseList = z.object({ items: z.array(warehouseSchema) });

export const warehouseParams = z.object({ id: id('Warehouse', 'id must be a valid warehouse id') });
export const warehousesQuery = z.object({ include_inactive: z.enum(['true', 'false'], { error: 'include_inactive must be true or false' }).default('false') });

export const createWarehouseBody = z.object({
  name: text({ label: 'Name', max: WAREHOUSE_LIMITS.name, required: WAREHOUSE_MESSAGES.nameRequired }),
  yard_info: yardInfo.nullish(),
});
export const editWarehouseBody = z
  .object({
    name: text({ label: 'Name', max: WAREHOUSE_LIMITS.name, required: WAREHOUSE_MESSAGES.nameRequired }).optional(),
    yard_info: yardInfo.nullish(),
  })
  .refine((v) => v.name !== undefined || v.yard_info !== undefined, { message: 'Send name or yard_info', path: ['name'] });

/** The spec's warehouse stock row, with the stock by location and the projects its assignments went to. */
export const warehouseStockRow = z.object({
  warehouse_id: z.string(),
  material_id: z.string(),
  material: z.object({ part_number: z.string(), part_name: z.string(), part_nickname: z.string() }),
  qty_on_hand: z.number(),
  /** Units this warehouse assigned to projects and not yet taken back. */
  qty_assigned: z.number(),
  /** Outstanding lost here: lost minus found. */
  qty_lost: z.number(),
  warning_stock_limit: z.number(),
  critical_stock_limit: z.number(),
  /** Where the on-hand units are; the quantities add up to qty_on_hand. Largest first. */
  locations: z.array(placeRow),
  /** Per project: what qty_assigned is made of. */
  projects: z.array(z.object({ project_id: z.string(), project_name: z.string(), project_number: z.string(), qty: z.number() })),
});
export type WarehouseStockRow = z.infer<typeof warehouseStockRow>;

export const warehouseInventoryQuery = z.object({
  mode: z.enum(['materials', 'assets'], { error: 'mode must be materials or assets' }).default('materials'),
  q: text({ label: 'Search', max: MAX_LENGTH.search }).optional(),
  as_of: z.iso.datetime({ offset: true, error: 'as_of must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
  /** As the ledger knew it then (by when things were recorded). */
  as_known_on: z.iso.datetime({ offset: true, error: 'as_known_on must be an ISO 8601 instant, for example 2026-11-01T12:00:00Z' }).optional(),
});
/** With as_of the rows carry the figures of that instant and `locations`/`projects` are empty (they are kept for now only). */
export const warehouseInventory = z.object({ items: z.array(warehouseStockRow), as_of: z.string().nullable() });
export type WarehouseInventory = z.infer<typeof warehouseInventory>;

const note = text({ label: 'Note', max: MAX_LENGTH.note }).nullish();
const partNumberAs = (required: string) => text({ label: 'Part number', max: MAX_LENGTH.partNumber, required });
const moveQuantity = (message: string) => quantity({ positive: message, required: message });

export const warehouseReceiveBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.selectMaterial),
  quantity: moveQuantity(WAREHOUSE_MESSAGES.quantityAtLeastOne),
  /** Needed when the part number is new to the catalogue. */
  part_name: text({ label: 'Part name', max: MAX_LENGTH.partName }).nullish(),
  part_nickname: text({ label: 'Part nickname', max: MAX_LENGTH.partNickname }).nullish(),
  location: place.default({}),
  note,
});
export const warehouseReturnBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  quantity: moveQuantity(WAREHOUSE_MESSAGES.quantityAtLeastOne),
  from_location: place,
  note,
});
export const relocateBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  quantity: moveQuantity(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  from_location: place,
  to_location: place,
  note,
});
export const assignToProjectBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  quantity: moveQuantity(WAREHOUSE_MESSAGES.quantityAtLeastOne),
  from_location: place,
  project_id: projectId,
  note,
});
export const unassignFromProjectBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  quantity: moveQuantity(WAREHOUSE_MESSAGES.quantityAtLeastOne),
  project_id: projectId,
  to_location: place.default({}),
  note,
});
export const warehouseLostBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  quantity: moveQuantity(LOST_FOUND_QUANTITY_POSITIVE),
  from_location: place,
  note,
});
export const warehouseFoundBody = z.object({
  part_number: partNumberAs(WAREHOUSE_MESSAGES.relocateMaterialAndQuantity),
  quantity: moveQuantity(LOST_FOUND_QUANTITY_POSITIVE),
  to_location: place.default({}),
  note,
});

/** What every warehouse movement answers: the warehouse's row afterwards, and the project's part on a move to or from one. */
export const warehouseMoveAnswer = z.object({
  item: warehouseStockRow.nullable(),
  /** The project side of an assign or unassign (contract/materials.ts inventoryRow), else null. */
  project_item: inventoryRow.nullable(),
});
export type WarehouseMoveAnswer = z.infer<typeof warehouseMoveAnswer>;

export const holdingsParams = z.object({ material_id: id('Material', 'material_id must be a valid id') });
/** One project or warehouse holding a part, with its figures there. */
export const holding = z.object({
  kind: z.enum(['project', 'warehouse']),
  id: z.string(),
  /** "#{num_id} · name" for a warehouse; the project's name (and number) for a project. */
  label: z.string(),
  qty_on_hand: z.number(),
  qty_field_assigned: z.number(),
  qty_lost: z.number(),
  /** For a warehouse: its locations; empty for a project. */
  locations: z.array(placeRow),
});
export type Holding = z.infer<typeof holding>;
export const holdings = z.object({ material_id: z.string(), part_number: z.string(), items: z.array(holding) });
export type Holdings = z.infer<typeof holdings>;

export const catalogQuery = z.object({ q: text({ label: 'Search', max: MAX_LENGTH.search }).optional() });
export const catalogList = z.object({ items: z.array(catalogPart), total: z.number() });
const partNumberField = text({ label: 'Part number', max: MAX_LENGTH.partNumber, required: PART_NAMES_REQUIRED });
const partNameField = text({ label: 'Part name', max: MAX_LENGTH.partName, required: PART_NAMES_REQUIRED });
/** A part added to the catalogue on its own (no stock anywhere yet). */
export const createPartBody = z.object({
  part_number: partNumberField,
  part_name: partNameField,
  part_nickname: text({ label: 'Part nickname', max: MAX_LENGTH.partNickname }).nullish(),
});
/** Rename a part, or renumber it with new_part_number (every project and warehouse sees the change). */
export const editPartBody = z.object({
  part_name: partNameField,
  part_nickname: text({ label: 'Part nickname', max: MAX_LENGTH.partNickname }).nullish(),
  new_part_number: text({ label: 'New part number', max: MAX_LENGTH.partNumber }).nullish(),
  note: text({ label: 'Note', max: MAX_LENGTH.note }).nullish(),
});

/** The warehouse log's CSV file name: `material_warehouse_logs_{timestamp}.csv`. */
export const warehouseLogsFileName = (at: Date) =>
  `material_warehouse_logs_${at
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-')}.csv`;
