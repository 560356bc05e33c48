/**
 * Stock movements and edits (spec 01 §7 "Materials"): receive, return, assign, unassign, lost and
 * found, stock warnings, names and bulk files. Each carries an Idempotency-Key, and each invalidates
 * the project's stock even on failure: a refusal often means the numbers shown were stale.
 */
import { baseApi } from './base-api.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import type { BulkAction, BulkAnswer, BulkReversal, InventoryRow, StockAnswer } from './material-types.ts';
import { inventoryTag, logsTag } from './materials-api.ts';

export interface Keyed {
  idempotencyKey: string;
}

export interface ReceiveArgs extends Keyed {
  project_id: string;
  part_number: string;
  quantity: number;
  part_name?: string;
  standard_name?: string;
}

export interface ReturnArgs extends Keyed {
  project_id: string;
  part_number: string;
  quantity: number;
  bin_info?: string | null;
}

export interface AssignArgs extends Keyed {
  action: 'assign' | 'unassign';
  project_id: string;
  part_number: string;
  quantity: number;
  user_id: string;
}

export type LostFoundSource = 'on_hand' | 'field_assigned';

export interface LostFoundArgs extends Keyed {
  action: 'lost' | 'found';
  project_id: string;
  part_number: string;
  quantity: number;
  source: LostFoundSource;
  associated_user?: string | null;
  note?: string | null;
}

export interface StockWarningArgs extends Keyed {
  project_id: string;
  part_number: string;
  /** null means the default. */
  low_threshold: number | null;
  critical_threshold: number | null;
}

export interface EditMaterialArgs extends Keyed {
  part_number: string;
  project_id: string;
  part_name: string;
  part_nickname: string;
  new_part_number?: string;
  note?: string;
}

export interface BulkArgs extends Keyed {
  projectId: string;
  action: BulkAction;
  csv: string;
}

const enc = encodeURIComponent;
const movementTags = (projectId: string) => [inventoryTag(projectId), logsTag(projectId)];
const headers = (key: string) => ({ [IDEMPOTENCY_HEADER]: key });

export const stockApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    receiveMaterial: build.mutation<StockAnswer, ReceiveArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'api/materials/receive',
        method: 'POST',
        body,
        headers: headers(idempotencyKey),
      }),
      // A new part number joins the shared catalogue.
      invalidatesTags: (_result, _error, { project_id }) => [...movementTags(project_id), 'Catalog'],
    }),
    returnMaterial: build.mutation<StockAnswer, ReturnArgs>({
      query: ({ idempotencyKey, ...body }) => ({
        url: 'api/materials/return',
        method: 'POST',
        body,
        headers: headers(idempotencyKey),
      }),
      invalidatesTags: (_result, _error, { project_id }) => movementTags(project_id),
    }),
    assignMaterial: build.mutation<StockAnswer, AssignArgs>({
      query: ({ idempotencyKey, action, ...body }) => ({
        url: `api/inventory/${action}`,
        method: 'POST',
        body,
        headers: headers(idempotencyKey),
      }),
      invalidatesTags: (_result, _error, { project_id }) => movementTags(project_id),
    }),
    markLostFound: build.mutation<StockAnswer, LostFoundArgs>({
      query: ({ idempotencyKey, action, ...body }) => ({
        url: `api/materials/${action}`,
        method: 'POST',
        body,
        headers: headers(idempotencyKey),
      }),
      invalidatesTags: (_result, _error, { project_id }) => movementTags(project_id),
    }),
    setStockWarnings: build.mutation<StockAnswer, StockWarningArgs>({
      query: ({ idempotencyKey, part_number, ...body }) => ({
        url: `api/materials/${enc(part_number)}/stock-warnings`,
        method: 'PUT',
        body,
        headers: headers(idempotencyKey),
      }),
      invalidatesTags: (_result, _error, { project_id }) => [inventoryTag(project_id)],
    }),
    editMaterial: build.mutation<InventoryRow, EditMaterialArgs>({
      query: ({ idempotencyKey, part_number, ...body }) => ({
        url: `api/materials/${enc(part_number)}`,
        method: 'PUT',
        body,
        headers: headers(idempotencyKey),
      }),
      // The catalogue is shared: the new name shows in every project and in the logs' search.
      invalidatesTags: (_result, _error, { project_id }) => [...movementTags(project_id), 'Inventory', 'Catalog'],
    }),
    bulkUpload: build.mutation<BulkAnswer, BulkArgs>({
      query: ({ idempotencyKey, projectId, action, csv }) => ({
        url: 'api/materials/bulk',
        method: 'POST',
        params: { project_id: projectId, action },
        body: csv,
        headers: { ...headers(idempotencyKey), 'content-type': 'text/csv' },
      }),
      invalidatesTags: (_result, _error, { projectId }) => [...movementTags(projectId), 'Catalog'],
    }),
    // The server's own reader and rules, committing nothing: a mutation so each file is asked once.
    bulkPreview: build.mutation<BulkAnswer, Omit<BulkArgs, 'idempotencyKey'>>({
      query: ({ projectId, action, csv }) => ({
        url: 'api/materials/bulk',
        method: 'POST',
        params: { project_id: projectId, action, dry_run: 'true' },
        body: csv,
        headers: { 'content-type': 'text/csv' },
      }),
    }),
    reverseBulk: build.mutation<BulkReversal, { projectId: string; batchId: string }>({
      query: ({ projectId, batchId }) => ({
        url: `api/materials/bulk/${enc(batchId)}/reverse`,
        method: 'POST',
        params: { project_id: projectId },
      }),
      invalidatesTags: (_result, _error, { projectId }) => movementTags(projectId),
    }),
  }),
});

export const {
  useReceiveMaterialMutation,
  useReturnMaterialMutation,
  useAssignMaterialMutation,
  useMarkLostFoundMutation,
  useSetStockWarningsMutation,
  useEditMaterialMutation,
  useBulkUploadMutation,
  useBulkPreviewMutation,
  useReverseBulkMutation,
} = stockApi;
