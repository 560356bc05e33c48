/**
 * Warehouses (spec 02 §7 "Warehouses and assets"): the list and the Warehouse Manager's edits, a
 * warehouse's stock by location, its movements (receive, return, relocate, assign to and unassign
 * from a project, lost and found), its log, and where each catalogue part is held. Stock and logs are tagged per
 * warehouse; a move to or from a project also makes that project's stock and log stale.
 */
import { baseApi } from './base-api.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import type { WarehouseLogType } from '@contract/vocabulary.ts';
import type { LogPage } from './material-types.ts';
import { inventoryTag, logsTag } from './materials-api.ts';
import type { Holdings, Warehouse, WarehouseMoveAnswer, WarehouseStockRow } from './warehouse-types.ts';

interface Items<T> {
  items: T[];
}

export interface WarehouseLogQuery {
  warehouseId: string;
  /** Empty means every type. */
  types: readonly WarehouseLogType[];
  q: string;
  page: number;
  pageSize: number;
}

export interface WarehouseFields {
  name: string;
  yard_info: { location: string; capacity_summary: string };
}

interface Keyed {
  idempotencyKey: string;
}

export type WarehouseMove = 'receive' | 'return' | 'relocate' | 'assign' | 'unassign' | 'lost' | 'found';

export interface WarehouseMoveArgs extends Keyed {
  warehouseId: string;
  move: WarehouseMove;
  /** The request body, as the move's rules built it. */
  body: object & { project_id?: string };
}

const enc = encodeURIComponent;
export const warehouseStockTag = (id: string) => ({ type: 'WarehouseStock' as const, id });
export const warehouseLogsTag = (id: string) => ({ type: 'WarehouseLogs' as const, id });
const LIST = { type: 'Warehouse', id: 'LIST' } as const;

/** Query parameters of a warehouse's log, shared by the page and its CSV download. */
export function warehouseLogParams(query: Omit<WarehouseLogQuery, 'page' | 'pageSize'>): Record<string, string> {
  const params: Record<string, string> = { warehouse_id: query.warehouseId, type: query.types.length === 0 ? 'all' : query.types.join(',') };
  const q = query.q.trim();
  if (q) params.q = q;
  return params;
}

/** Every matching row of a warehouse's log as CSV (material_warehouse_logs_{timestamp}.csv). */
export function warehouseLogsCsvUrl(query: Omit<WarehouseLogQuery, 'page' | 'pageSize'>): string {
  return `/api/materials/logs?${new URLSearchParams({ ...warehouseLogParams(query), format: 'csv' })}`;
}

export const warehousesApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listWarehouses: build.query<Warehouse[], void>({
      // Inactive ones too: the Manager lists them, and the selector marks them.
      query: () => ({ url: 'api/warehouses', params: { include_inactive: 'true' } }),
      transformResponse: (response: Items<Warehouse>) => response.items,
      providesTags: (list = []) => [LIST, ...list.map((w) => ({ type: 'Warehouse' as const, id: w.id }))],
    }),
    createWarehouse: build.mutation<Warehouse, WarehouseFields & Keyed>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'api/warehouses', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: [LIST],
    }),
    updateWarehouse: build.mutation<Warehouse, WarehouseFields & Keyed & { id: string }>({
      query: ({ idempotencyKey, id, ...body }) => ({
        url: `api/warehouses/${enc(id)}`,
        method: 'PUT',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Warehouse', id }],
    }),
    setWarehouseActive: build.mutation<Warehouse, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `api/warehouses/${enc(id)}/${active ? 'reactivate' : 'deactivate'}`, method: 'POST' }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: 'Warehouse', id }],
    }),
    getWarehouseInventory: build.query<WarehouseStockRow[], string>({
      query: (id) => ({ url: `api/warehouses/${enc(id)}/inventory`, params: { mode: 'materials' } }),
      transformResponse: (response: Items<WarehouseStockRow>) => response.items,
      providesTags: (_r, _e, id) => [warehouseStockTag(id)],
    }),
    moveWarehouseStock: build.mutation<WarehouseMoveAnswer, WarehouseMoveArgs>({
      query: ({ warehouseId, move, body, idempotencyKey }) => ({
        url: `api/warehouses/${enc(warehouseId)}/materials/${move}`,
        method: 'POST',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      // Invalidated on failure too: a refusal often means the numbers shown were stale.
      invalidatesTags: (_r, _e, { warehouseId, body }) => [
        LIST,
        warehouseStockTag(warehouseId),
        warehouseLogsTag(warehouseId),
        'Catalog',
        ...(body.project_id ? [inventoryTag(body.project_id), logsTag(body.project_id)] : []),
      ],
    }),
    getWarehouseLogs: build.query<LogPage, WarehouseLogQuery>({
      query: (query) => ({ url: 'api/materials/logs', params: { ...warehouseLogParams(query), page: query.page, page_size: query.pageSize } }),
      providesTags: (_r, _e, { warehouseId }) => [warehouseLogsTag(warehouseId)],
    }),
    getPartHoldings: build.query<Holdings, string>({
      query: (materialId) => `api/catalog/materials/${enc(materialId)}/holdings`,
      providesTags: ['Catalog', 'Inventory', 'WarehouseStock'],
    }),
  }),
});

export const {
  useListWarehousesQuery,
  useCreateWarehouseMutation,
  useUpdateWarehouseMutation,
  useSetWarehouseActiveMutation,
  useGetWarehouseInventoryQuery,
  useMoveWarehouseStockMutation,
  useGetWarehouseLogsQuery,
  useGetPartHoldingsQuery,
} = warehousesApi;
