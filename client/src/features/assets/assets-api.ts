/**
 * Assets (spec 01 §7 "Assets", spec 02 §7): the catalogue and its categories, project and
 * warehouse asset inventories, instances, the search and location lookup, the logs, and every move
 * of an instance. Instances travel between warehouses and projects, so a move makes every asset
 * inventory and log stale; the live connection does the same for other browsers (topic `assets`).
 */
import { baseApi } from '../../api/base-api.ts';
import { IDEMPOTENCY_HEADER } from '../../api/idempotency.ts';
import type {
  AssetCatalogItem,
  AssetCategory,
  AssetInstance,
  AssetLocation,
  AssetMoveAnswer,
  AssetRow,
  AssetTransaction,
  CatalogBody,
  CategoryBody,
  LostFoundBody,
  OwnerType,
} from './asset-types.ts';
import { ASSET_LOG_LIMIT } from './asset-types.ts';

interface Items<T> {
  items: T[];
}

const enc = encodeURIComponent;
const CATALOG = { type: 'AssetCatalog', id: 'LIST' } as const;
const CATEGORIES = { type: 'AssetCatalog', id: 'CATEGORIES' } as const;
const MOVED = ['AssetInventory', 'AssetLogs'] as const;

export type CatalogItemFields = CatalogBody;
export type CategoryFields = CategoryBody;

export interface Owner {
  type: OwnerType;
  id: string;
}

interface Keyed {
  idempotencyKey: string;
}

export type OwnerMove = 'receive' | 'return' | 'assign';

export interface LogQuery {
  owner: Owner;
  /** 'All' or one action type. */
  type: string;
  q: string;
}

const logParams = ({ owner, type, q }: LogQuery) => ({
  [`${owner.type}_id`]: owner.id,
  type: type.toLowerCase(),
  limit: String(ASSET_LOG_LIMIT),
  ...(q.trim() ? { q: q.trim() } : {}),
});

const ownerPath = (owner: Owner, move: OwnerMove) => `api/${owner.type === 'warehouse' ? 'warehouses' : 'projects'}/${enc(owner.id)}/assets/${move}`;

export const assetsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listAssetCatalog: build.query<AssetCatalogItem[], void>({
      query: () => ({ url: 'api/assets/catalog' }),
      transformResponse: (r: Items<AssetCatalogItem>) => r.items,
      providesTags: [CATALOG],
    }),
    createAssetCatalogItem: build.mutation<AssetCatalogItem, CatalogItemFields>({
      query: (body) => ({ url: 'api/assets/catalog', method: 'POST', body }),
      invalidatesTags: [CATALOG],
    }),
    updateAssetCatalogItem: build.mutation<AssetCatalogItem, CatalogItemFields & { id: string }>({
      query: ({ id, ...body }) => ({ url: `api/assets/catalog/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [CATALOG, ...MOVED],
    }),
    deleteAssetCatalogItem: build.mutation<unknown, string>({
      query: (id) => ({ url: `api/assets/catalog/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [CATALOG],
    }),
    listAssetCategories: build.query<AssetCategory[], void>({
      query: () => ({ url: 'api/assets/categories' }),
      transformResponse: (r: Items<AssetCategory>) => r.items,
      providesTags: [CATEGORIES],
    }),
    createAssetCategory: build.mutation<AssetCategory, CategoryFields>({
      query: (body) => ({ url: 'api/assets/categories', method: 'POST', body }),
      invalidatesTags: [CATEGORIES],
    }),
    updateAssetCategory: build.mutation<AssetCategory, CategoryFields & { id: string }>({
      query: ({ id, ...body }) => ({ url: `api/assets/categories/${enc(id)}`, method: 'PUT', body }),
      invalidatesTags: [CATEGORIES, CATALOG],
    }),
    deleteAssetCategory: build.mutation<unknown, string>({
      query: (id) => ({ url: `api/assets/categories/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: [CATEGORIES],
    }),
    getAssetInventory: build.query<AssetRow[], Owner>({
      query: (owner) => ({ url: `api/assets/inventory/${owner.type}/${enc(owner.id)}` }),
      transformResponse: (r: Items<AssetRow>) => r.items,
      providesTags: (_r, _e, owner) => [{ type: 'AssetInventory', id: owner.id }],
    }),
    listAssetInstances: build.query<AssetInstance[], { asset_number?: string; warehouse_id?: string; project_id?: string; status?: string }>({
      query: (params) => ({ url: 'api/assets/instances', params }),
      transformResponse: (r: Items<AssetInstance>) => r.items,
      providesTags: ['AssetInventory'],
    }),
    searchAssets: build.query<AssetInstance[], { q: string; limit?: number }>({
      query: ({ q, limit = 20 }) => ({ url: 'api/assets/search', params: { q, limit } }),
      transformResponse: (r: Items<AssetInstance>) => r.items,
      providesTags: ['AssetInventory'],
    }),
    locateAsset: build.query<AssetLocation, string>({
      query: (id) => ({ url: `api/assets/location/${enc(id)}` }),
      providesTags: ['AssetInventory'],
    }),
    assetLogs: build.query<AssetTransaction[], LogQuery>({
      query: (query) => ({ url: 'api/assets/transactions', params: logParams(query) }),
      transformResponse: (r: Items<AssetTransaction>) => r.items,
      providesTags: (_r, _e, { owner }) => [{ type: 'AssetLogs', id: owner.id }],
    }),
    moveAsset: build.mutation<AssetMoveAnswer, Keyed & { owner: Owner; move: OwnerMove; body: object }>({
      query: ({ owner, move, body, idempotencyKey }) => ({
        url: ownerPath(owner, move),
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: [...MOVED],
    }),
    /** An instance moved from wherever it is (POST /api/assets/instances/assign, admins). */
    moveInstance: build.mutation<AssetMoveAnswer, Keyed & { body: object }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'api/assets/instances/assign',
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: [...MOVED],
    }),
    setAssetInUse: build.mutation<AssetMoveAnswer, Keyed & { instanceId: string; in_use: boolean; assigned_user_id?: string | null; notes?: string }>({
      query: ({ instanceId, idempotencyKey, ...body }) => ({
        url: `api/assets/instances/${enc(instanceId)}/in-use`,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: [...MOVED],
    }),
    markAssetLostFound: build.mutation<AssetMoveAnswer, Keyed & { action: 'lost' | 'found'; body: LostFoundBody }>({
      query: ({ action, body, idempotencyKey }) => ({
        url: `api/assets/${action}`,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: [...MOVED],
    }),
  }),
});

/** Every matching row of a warehouse's or project's asset log as CSV (asset_warehouse_logs_{timestamp}.csv). */
export const assetLogsCsvUrl = (query: LogQuery) => `/api/assets/transactions?${new URLSearchParams({ ...logParams(query), format: 'csv' })}`;

export const {
  useListAssetCatalogQuery,
  useCreateAssetCatalogItemMutation,
  useUpdateAssetCatalogItemMutation,
  useDeleteAssetCatalogItemMutation,
  useListAssetCategoriesQuery,
  useCreateAssetCategoryMutation,
  useUpdateAssetCategoryMutation,
  useDeleteAssetCategoryMutation,
  useGetAssetInventoryQuery,
  useListAssetInstancesQuery,
  useSearchAssetsQuery,
  useLocateAssetQuery,
  useAssetLogsQuery,
  useMoveAssetMutation,
  useMoveInstanceMutation,
  useSetAssetInUseMutation,
  useMarkAssetLostFoundMutation,
} = assetsApi;
