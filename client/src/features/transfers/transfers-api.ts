/**
 * Transfers between projects (spec 02 §7 Transfers): the list of the current project's transfers,
 * the request, status, pick-list and item changes, the history, the notice, and the wizard's
 * searches. A change invalidates both projects' transfers and inventories; the other project's
 * screens hear of it over the live connection.
 */
import type { CreateTransferBody, SourceItem, SourceProject, Transfer, TransferHistoryEntry } from '@contract/transfers.ts';
import { baseApi, type ApiTagDescription } from '../../api/base-api.ts';

export type { SourceItem, SourceProject, Transfer, TransferHistoryEntry, TransferItem } from '@contract/transfers.ts';

const changed = (t: Transfer | undefined): ApiTagDescription[] =>
  t
    ? [
        { type: 'Transfers', id: t.FromID },
        { type: 'Transfers', id: t.ToID },
        { type: 'Inventory', id: t.FromID },
        { type: 'Inventory', id: t.ToID },
        { type: 'MaterialLogs', id: t.FromID },
        { type: 'MaterialLogs', id: t.ToID },
        { type: 'TransferHistory', id: t.id },
      ]
    : [];

export const transfersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listTransfers: build.query<Transfer[], string>({
      query: (projectId) => ({ url: `api/transfers/project/${projectId}` }),
      transformResponse: (body: { items: Transfer[] }) => body.items,
      providesTags: (_r, _e, projectId) => [{ type: 'Transfers', id: projectId }],
    }),
    transferHistory: build.query<TransferHistoryEntry[], string>({
      query: (transferId) => ({ url: 'api/transfers/history', method: 'POST', body: { transfer_id: transferId } }),
      transformResponse: (body: { items: TransferHistoryEntry[] }) => body.items,
      providesTags: (_r, _e, transferId) => [{ type: 'TransferHistory', id: transferId }],
    }),
    sourceProjects: build.query<SourceProject[], void>({
      query: () => ({ url: 'api/transfers/source-projects' }),
      transformResponse: (body: { items: SourceProject[] }) => body.items,
      providesTags: [{ type: 'Project', id: 'LIST' }],
    }),
    sourceItems: build.query<SourceItem[], { projectId: string; q: string }>({
      query: ({ projectId, q }) => ({ url: 'api/transfers/source-items', params: { project_id: projectId, q } }),
      transformResponse: (body: { items: SourceItem[] }) => body.items,
      providesTags: (_r, _e, { projectId }) => [{ type: 'Inventory', id: projectId }],
    }),
    projectsHolding: build.query<string[], string>({
      query: (q) => ({ url: 'api/materials/search-projects', params: { q } }),
    }),
    createTransfer: build.mutation<{ id: string }, CreateTransferBody>({
      query: (body) => ({ url: 'api/transfers', method: 'POST', body }),
      invalidatesTags: (_r, _e, body) => [
        { type: 'Transfers', id: body.FromID },
        { type: 'Transfers', id: body.ToID },
      ],
    }),
    setTransferStatus: build.mutation<Transfer, { id: string; status: string; TrackingNumber?: string }>({
      query: ({ id, ...body }) => ({ url: `api/transfers/${id}/status`, method: 'PATCH', body }),
      invalidatesTags: (t) => changed(t),
    }),
    fulfillItem: build.mutation<Transfer, { id: string; part_number?: string; quantity?: number }>({
      query: ({ id, ...body }) => ({ url: `api/transfers/${id}/fulfill`, method: 'POST', ...(body.part_number ? { body } : {}) }),
      invalidatesTags: (t) => changed(t),
    }),
    denyItem: build.mutation<Transfer, { id: string; part_number: string }>({
      query: ({ id, ...body }) => ({ url: `api/transfers/${id}/items/deny`, method: 'POST', body }),
      invalidatesTags: (t) => changed(t),
    }),
    receiveItem: build.mutation<Transfer, { id: string; part_number: string; quantity: number }>({
      query: ({ id, ...body }) => ({ url: `api/transfers/${id}/items/receive`, method: 'POST', body }),
      invalidatesTags: (t) => changed(t),
    }),
    /** Scanned lines, fulfilled or received as one command: all of them or none. */
    moveScanned: build.mutation<Transfer, { id: string; step: 'fulfill' | 'receive'; lines: { part_number: string; quantity: number }[] }>({
      query: ({ id, step, lines }) => ({ url: `api/transfers/${id}/${step === 'fulfill' ? 'fulfill' : 'items/receive'}`, method: 'POST', body: { lines } }),
      invalidatesTags: (t) => changed(t),
    }),
    notifyTransfer: build.mutation<{ queued: number }, string>({
      query: (transferId) => ({ url: 'api/notify-transfer', method: 'POST', body: { transfer_id: transferId } }),
    }),
  }),
});

export const {
  useListTransfersQuery,
  useTransferHistoryQuery,
  useSourceProjectsQuery,
  useSourceItemsQuery,
  useProjectsHoldingQuery,
  useCreateTransferMutation,
  useSetTransferStatusMutation,
  useFulfillItemMutation,
  useDenyItemMutation,
  useReceiveItemMutation,
  useMoveScannedMutation,
  useNotifyTransferMutation,
} = transfersApi;
