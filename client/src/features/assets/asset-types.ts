/**
 * Assets as the API speaks them (spec 01 §3, spec 02 §3): catalogue items, categories, instances,
 * inventory rows, transactions and the location lookup.
 */
export interface AssetCategory {
  id: string;
  category: string;
  /** Serialized categories track each piece by serial number; bulk ones are counted. */
  serialized: boolean;
  created_at: string;
}

export interface AssetCatalogItem {
  id: string;
  catalog_name: string;
  asset_number: string;
  asset_name: string;
  asset_nickname: string | null;
  /** The category id. */
  category: string;
  serial_required: boolean;
  created_at: string;
}

export type AssetStatus = 'Available' | 'In-Use';
export type OwnerType = 'warehouse' | 'project';

export interface AssetInstance {
  id: string;
  catalog_id: string;
  asset_number: string;
  asset_name: string;
  serial_number: string | null;
  owner_type: OwnerType;
  owner_id: string;
  warehouse_id: string | null;
  project_id: string | null;
  parent_warehouse_id: string | null;
  Status: AssetStatus;
  condition: string;
  notes: string | null;
  in_use: boolean;
  assigned_user_id: string | null;
}

/** A row of a project's or warehouse's asset inventory: one instance, or one bulk asset's counts. */
export interface AssetRow {
  instance_id: string | null;
  catalog_id: string;
  AssetNumber: string;
  AssetName: string;
  StandardName: string | null;
  AssetType: string;
  Status: AssetStatus;
  serial_number: string | null;
  QtyOnHand: number;
  AssignedQty: number;
  QtyLost: number;
  assigned_user_id: string | null;
  assigned_user_name: string | null;
}

export interface AssetTransaction {
  id: string;
  action_type: string;
  created_at: string;
  created_by: string;
  quantity: number;
  asset_number: string;
  asset_name: string | null;
  serial_number: string | null;
  from_owner_type: OwnerType | null;
  to_owner_type: OwnerType | null;
  from_owner_name: string | null;
  to_owner_name: string | null;
  position: number;
  hash: string;
}

export interface AssetLocation {
  instance: AssetInstance;
  warehouse: { id: string; name: string; num_id: number } | null;
  project: { id: string; project_name: string; project_number: string } | null;
  assignedUser: { id: string; user_firstname: string; user_lastname: string; user_email: string } | null;
}
