/**
 * The two batch commands of scanning (contract/scan.ts): receive scanned serials as new assets,
 * and check out or return scanned assets. A refused batch answers 422 with the same per-line shape,
 * read here so the screen shows every line's result either way.
 */
import type { AssetCatalogItem } from '@contract/assets.ts';
import { SCAN_PATHS, type ScanBatchAnswer, scanBatchAnswer, type ScanInUseBody, type ScanReceiveBody } from '@contract/scan.ts';
import { baseApi } from '../../../api/base-api.ts';
import { IDEMPOTENCY_HEADER } from '../../../api/idempotency.ts';

const MOVED = ['AssetInventory', 'AssetLogs'] as const;

/** The per-line answer in a refusal's body, or null when the refusal is of another kind. */
export function refusedBatch(error: unknown): ScanBatchAnswer | null {
  if (typeof error !== 'object' || error === null || !('data' in error)) return null;
  const parsed = scanBatchAnswer.safeParse(error.data);
  return parsed.success ? parsed.data : null;
}

export const scanBatchApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The asset types a box of serials can be received as: the serialized ones of the catalogue. */
    serializedAssetTypes: build.query<AssetCatalogItem[], void>({
      query: () => ({ url: 'api/assets/catalog' }),
      transformResponse: (r: { items: AssetCatalogItem[] }) => r.items.filter((item) => item.category_kind === 'serialized'),
      providesTags: [{ type: 'AssetCatalog', id: 'LIST' }],
    }),
    receiveScanned: build.mutation<ScanBatchAnswer, { body: ScanReceiveBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: SCAN_PATHS.receive.slice(1), method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: [...MOVED],
    }),
    setScannedInUse: build.mutation<ScanBatchAnswer, { body: ScanInUseBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({ url: SCAN_PATHS.inUse.slice(1), method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: [...MOVED],
    }),
  }),
});

export const { useSerializedAssetTypesQuery, useReceiveScannedMutation, useSetScannedInUseMutation } = scanBatchApi;
