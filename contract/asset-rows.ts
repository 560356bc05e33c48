/**
 * The asset entities every answer is made of (spec 01 §3, 02 §3): an instance, the Asset row of an
 * inventory, the location lookup's result. Re-exported by contract/assets.ts, where the API is.
 */
import { z } from 'zod';

export const CATEGORY_KINDS = ['serialized', 'bulk'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];
export const OWNER_TYPES = ['warehouse', 'project'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];
/** What an asset row's and instance's Status reads. */
export const ASSET_STATUSES = ['Available', 'In-Use', 'Lost'] as const;
export type AssetStatus = (typeof ASSET_STATUSES)[number];

export const assetMetadata = z
  .object({
    asset_name: z.string().optional(),
    asset_category: z.string().optional(),
    serial_required: z.boolean().optional(),
  })
  .catchall(z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const assetInstance = z.object({
  id: z.string(),
  instance_id: z.string(),
  catalog_id: z.string(),
  asset_number: z.string(),
  asset_name: z.string(),
  category_id: z.string(),
  asset_category: z.string(),
  serial_number: z.string().nullable(),
  owner_type: z.enum(OWNER_TYPES),
  owner_id: z.string(),
  /** "#{num_id} · name" of a warehouse, or the project's number and name. */
  owner_label: z.string(),
  /** Set when a warehouse holds it. */
  warehouse_id: z.string().nullable(),
  /** Set when a project holds it. */
  project_id: z.string().nullable(),
  /** The warehouse it was first received into (or for). */
  origin_warehouse_id: z.string().nullable(),
  /** The warehouse it belongs to and returns to. */
  parent_warehouse_id: z.string().nullable(),
  Status: z.enum(ASSET_STATUSES),
  condition: z.string(),
  notes: z.string().nullable(),
  in_use: z.boolean(),
  assigned_user_id: z.string().nullable(),
  assigned_user_name: z.string().nullable(),
  lost: z.boolean(),
  metadata: assetMetadata,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AssetInstance = z.infer<typeof assetInstance>;
export const instanceList = z.object({ items: z.array(assetInstance) });

/**
 * The spec's Asset row: one per serialized instance (its quantities 0 or 1), and one per bulk type a
 * place holds. In a warehouse AssignedQty is what it assigned to projects and not taken back; in a
 * project it is what is in use by people.
 */
export const assetRow = z.object({
  AssetNumber: z.string(),
  AssetName: z.string(),
  /** The nickname. */
  StandardName: z.string(),
  Status: z.enum(ASSET_STATUSES),
  serial_number: z.string().nullable(),
  QtyOnHand: z.number(),
  AssignedQty: z.number(),
  QtyLost: z.number(),
  kind: z.enum(CATEGORY_KINDS),
  catalog_id: z.string(),
  /** Null for a bulk row. */
  instance_id: z.string().nullable(),
  category: z.string(),
  condition: z.string().nullable(),
  in_use: z.boolean(),
  assigned_user_id: z.string().nullable(),
  assigned_user_name: z.string().nullable(),
  ProjectID: z.string().nullable(),
  warehouse_id: z.string().nullable(),
});
export type AssetRow = z.infer<typeof assetRow>;
/** With as_of the rows are as they stood then (assigned_user_name is then left out). */
export const assetInventory = z.object({ items: z.array(assetRow), as_of: z.string().nullable().optional() });

/** The spec's Asset location lookup result. */
export const assetLocation = z.object({
  instance: assetInstance,
  warehouse: z.object({ id: z.string(), name: z.string(), num_id: z.number(), label: z.string() }).nullable(),
  project: z.object({ id: z.string(), project_name: z.string(), project_number: z.string() }).nullable(),
  assignedUser: z.object({ uuid: z.string(), user_email: z.string(), user_firstname: z.string(), user_lastname: z.string() }).nullable(),
});
export type AssetLocation = z.infer<typeof assetLocation>;

/**
 * An instance as a picker lists it. Where it is (owner, project or warehouse, who uses it and the
 * notes) is told only to someone who may see that place: a project's members (and superadmins and
 * auditors), a warehouse's admins. Others get the instance with those fields null.
 */
export const assetNumberItem = assetInstance.extend({
  owner_id: z.string().nullable(),
  owner_label: z.string().nullable(),
});
export type AssetNumberItem = z.infer<typeof assetNumberItem>;
export const assetNumbers = z.object({ catalog_id: z.string(), asset_number: z.string(), items: z.array(assetNumberItem) });
export type AssetNumbers = z.infer<typeof assetNumbers>;

/** An instance as the inventory lists it: one row, its figures 1 or 0 by its status. */
export function instanceRow(i: AssetInstance, nickname = ''): AssetRow {
  return {
    AssetNumber: i.asset_number,
    AssetName: i.asset_name,
    StandardName: nickname,
    Status: i.Status,
    serial_number: i.serial_number,
    QtyOnHand: i.Status === 'Available' ? 1 : 0,
    AssignedQty: i.Status === 'In-Use' ? 1 : 0,
    QtyLost: i.Status === 'Lost' ? 1 : 0,
    kind: 'serialized',
    catalog_id: i.catalog_id,
    instance_id: i.id,
    category: i.asset_category,
    condition: i.condition,
    in_use: i.in_use,
    assigned_user_id: i.assigned_user_id,
    assigned_user_name: i.assigned_user_name,
    ProjectID: i.project_id,
    warehouse_id: i.warehouse_id,
  };
}
