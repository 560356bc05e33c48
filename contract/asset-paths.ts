/**
 * The asset calls' paths and the fixed figures of spec 01 §9 and 02 §9, apart from the asset schemas
 * (contract/assets.ts re-exports them): the dashboard's first load takes these, and taking them
 * from assets.ts built every asset schema as the page loaded.
 */

/** Spec 01 §9 and 02 §9. */
export const ASSET_DEFAULT_CONDITION = 'good';
export const ASSET_LOG_LIMIT = 500;
export const ASSET_SEARCH_LIMIT = 50;
export const ASSET_SEARCH_MAX = 500;

/** Route paths, for the client's api slice and the tests. */
export const ASSET_PATHS = {
  categories: '/api/assets/categories',
  category: (id: string) => `/api/assets/categories/${id}`,
  catalog: '/api/assets/catalog',
  catalogItem: (id: string) => `/api/assets/catalog/${id}`,
  assetNumbers: (id: string) => `/api/assets/catalog/${id}/asset-numbers`,
  projectInventory: (id: string) => `/api/assets/inventory/project/${id}`,
  warehouseInventory: (id: string) => `/api/assets/inventory/warehouse/${id}`,
  warehouseInventoryMode: (id: string) => `/api/warehouses/${id}/inventory?mode=assets`,
  instances: '/api/assets/instances',
  search: '/api/assets/search',
  location: (id: string) => `/api/assets/location/${encodeURIComponent(id)}`,
  transactions: '/api/assets/transactions',
  item: '/api/assets/item',
  available: '/api/assets/available',
  assigned: '/api/assets/assigned',
  assignees: '/api/assets/assignees',
  maxAssignable: '/api/assets/max-assignable',
  info: '/api/assets/info',
  warehouseReceive: (id: string) => `/api/warehouses/${id}/assets/receive`,
  warehouseAssign: (id: string) => `/api/warehouses/${id}/assets/assign`,
  warehouseReturn: (id: string) => `/api/warehouses/${id}/assets/return`,
  projectReceive: (id: string) => `/api/projects/${id}/assets/receive`,
  projectReturn: (id: string) => `/api/projects/${id}/assets/return`,
  instanceAssign: '/api/assets/instances/assign',
  inUse: (id: string) => `/api/assets/instances/${id}/in-use`,
  lost: '/api/assets/lost',
  found: '/api/assets/found',
} as const;
