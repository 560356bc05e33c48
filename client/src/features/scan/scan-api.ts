/**
 * GET /api/scan/resolve: what a scanned code names, with what the caller may do with it. Kept live
 * like the screens it stands for: an asset moved or a part received refetches the answer on screen.
 */
import { SCAN_PATHS } from '@contract/scan-paths.ts';
import type { ScanAnswer } from '@contract/scan.ts';
import { baseApi } from '../../api/base-api.ts';

export interface ResolveArgs {
  code: string;
  project_id?: string;
  warehouse_id?: string;
}

export const scanApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    resolveScan: build.query<ScanAnswer, ResolveArgs>({
      query: (params) => ({ url: SCAN_PATHS.resolve.slice(1), params }),
      providesTags: ['AssetInventory', 'Inventory', 'WarehouseStock', 'Transfers', 'Requests', 'Labels'],
    }),
  }),
});

export const { useResolveScanQuery } = scanApi;
