/**
 * A project's inventory at a point in time: as of an instant (by when things happened) and/or as
 * known on a day (by when the ledger recorded them), so a report can show both what was true then
 * and what we knew then. The same tag as today's inventory: a movement or correction refetches it.
 */
import type { InventoryAnswer } from '@contract/materials.ts';
import { baseApi } from './base-api.ts';
import type { InventoryRow } from './material-types.ts';
import { inventoryTag } from './materials-api.ts';

export interface InventoryAtArgs {
  projectId: string;
  /** ISO instants; null for "now" and "everything recorded". */
  asOf: string | null;
  asKnownOn: string | null;
}

export const inventoryAtApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInventoryAt: build.query<InventoryRow[], InventoryAtArgs>({
      query: ({ projectId, asOf, asKnownOn }) => ({
        url: 'api/inventory/materials',
        params: { project_id: projectId, ...(asOf ? { as_of: asOf } : {}), ...(asKnownOn ? { as_known_on: asKnownOn } : {}) },
      }),
      transformResponse: (response: InventoryAnswer) => response.items,
      providesTags: (_result, _error, { projectId }) => [inventoryTag(projectId)],
    }),
  }),
});

export const { useGetInventoryAtQuery } = inventoryAtApi;
