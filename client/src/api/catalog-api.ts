/**
 * The Material Catalog's own edits (global admins and superadmins): add a part with no stock
 * anywhere yet, and rename or renumber any part. The catalogue is shared, so an edit makes every
 * inventory, warehouse and log that names the part stale.
 */
import { baseApi } from './base-api.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import type { CatalogPart } from './material-types.ts';

export interface NewPartArgs {
  part_number: string;
  part_name: string;
  part_nickname: string;
  idempotencyKey: string;
}

export interface EditPartArgs {
  materialId: string;
  part_name: string;
  part_nickname: string;
  new_part_number?: string;
  note?: string;
  idempotencyKey: string;
}

const enc = encodeURIComponent;
const NAMES_SHOWN = ['Catalog', 'Inventory', 'MaterialLogs', 'WarehouseStock', 'WarehouseLogs'] as const;

export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    createPart: build.mutation<CatalogPart, NewPartArgs>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'api/catalog/materials', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: ['Catalog'],
    }),
    editPart: build.mutation<CatalogPart, EditPartArgs>({
      query: ({ idempotencyKey, materialId, ...body }) => ({
        url: `api/catalog/materials/${enc(materialId)}`,
        method: 'PUT',
        body,
        headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
      }),
      invalidatesTags: [...NAMES_SHOWN],
    }),
  }),
});

export const { useCreatePartMutation, useEditPartMutation } = catalogApi;
