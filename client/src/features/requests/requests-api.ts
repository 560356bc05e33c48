/**
 * Requests (spec 01 §7 Requests): submitting a material or asset request, the caller's own history,
 * the project's requests for its managers (filtered, sorted, paged, exported), one request with its
 * history from the ledger, the managers' changes (fulfil all or part, hold, re-open, deny), and the
 * unread count. Lists are tagged per project and refetch when the live connection names the
 * `requests` topic; the unread count has its own tag, refreshed on its own schedule (see
 * use-unread-requests.ts), because the spec throttles it to once in 30 s.
 */
import type {
  AssetRequestBody,
  AssignBody,
  ImageAnswer,
  MaterialRequestBody,
  RequestDetail,
  RequestFilter,
  RequestHistoryEntry,
  RequestPage,
  RequestSort,
  StatusBody,
} from '@contract/requests.ts';
import type { LogDays } from '@contract/vocabulary.ts';
import { baseApi, type ApiTagDescription } from '../../api/base-api.ts';
import { IDEMPOTENCY_HEADER } from '../../api/idempotency.ts';
import type { CatalogPart } from '../../api/material-types.ts';

export type { RequestDetail, RequestHistoryEntry, RequestLine, RequestPage, RequestSummary } from '@contract/requests.ts';

/** The most rows one list read brings; a project with more shows the newest and says how many. */
export const REQUEST_PAGE_SIZE = 500;

export interface ProjectRequestsQuery {
  projectId: string;
  status: RequestFilter;
  days: LogDays;
  q: string;
  sort: RequestSort;
  type?: 'all' | 'Material' | 'Asset';
}

/** An asset type a person can ask for. */
export interface AssetChoice {
  asset_number: string;
  asset_name: string;
}

/** Query parameters of the managers' list, shared by the JSON read and the CSV download. */
export function listParams(query: ProjectRequestsQuery): Record<string, string> {
  const params: Record<string, string> = { project_id: query.projectId, status: query.status, days: query.days, sort: query.sort };
  if (query.type && query.type !== 'all') params.type = query.type;
  const q = query.q.trim();
  if (q) params.q = q;
  return params;
}

/** Where the browser downloads the list as CSV: every matching request, with a timestamped name. */
export function requestsCsvUrl(query: ProjectRequestsQuery): string {
  return `/api/requests?${new URLSearchParams({ ...listParams(query), format: 'csv' })}`;
}

/** What a change to one request makes stale: its lists, itself, its history, and the stock it moved. */
function changed(request: RequestDetail | undefined): ApiTagDescription[] {
  if (!request) return [];
  return [
    { type: 'Requests', id: request.project_id },
    { type: 'Request', id: request.id },
    { type: 'RequestHistory', id: request.id },
    { type: 'Inventory', id: request.project_id },
    { type: 'MaterialLogs', id: request.project_id },
  ];
}

type Keyed<T> = T & { idempotencyKey: string };

export const requestsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    myRequests: build.query<RequestPage, string>({
      query: (projectId) => ({ url: 'api/requests', params: { mine: '1', project_id: projectId, sort: 'hold_first', page_size: String(REQUEST_PAGE_SIZE) } }),
      providesTags: (_r, _e, projectId) => [{ type: 'Requests', id: projectId }],
    }),
    projectRequests: build.query<RequestPage, ProjectRequestsQuery>({
      query: (query) => ({ url: 'api/requests', params: { ...listParams(query), page_size: String(REQUEST_PAGE_SIZE) } }),
      providesTags: (_r, _e, { projectId }) => [{ type: 'Requests', id: projectId }],
    }),
    request: build.query<RequestDetail, string>({
      query: (id) => ({ url: `api/requests/${id}` }),
      providesTags: (_r, _e, id) => [{ type: 'Request', id }],
    }),
    requestHistory: build.query<RequestHistoryEntry[], string>({
      query: (id) => ({ url: `api/requests/${id}/history` }),
      transformResponse: (body: { items: RequestHistoryEntry[] }) => body.items,
      providesTags: (_r, _e, id) => [{ type: 'RequestHistory', id }],
    }),
    submitMaterialRequest: build.mutation<RequestDetail, Keyed<MaterialRequestBody>>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'api/requests/material', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: (request) => changed(request),
    }),
    submitAssetRequest: build.mutation<RequestDetail, Keyed<AssetRequestBody>>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'api/requests/asset', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: (request) => changed(request),
    }),
    assignRequest: build.mutation<RequestDetail, { id: string; body: NonNullable<AssignBody> }>({
      query: ({ id, body }) => ({ url: `api/requests/${id}/assign`, method: 'POST', body }),
      invalidatesTags: (request) => changed(request),
    }),
    setRequestStatus: build.mutation<RequestDetail, { id: string } & StatusBody>({
      query: ({ id, ...body }) => ({ url: `api/requests/${id}/status`, method: 'PATCH', body }),
      invalidatesTags: (request) => changed(request),
    }),
    unreadRequests: build.query<{ count: number }, string>({
      query: (projectId) => ({ url: 'api/requests/unread-count', params: { projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'RequestUnread', id: projectId }],
    }),
    markRequestsRead: build.mutation<{ count: number }, string>({
      query: (projectId) => ({ url: 'api/requests/mark-read', method: 'POST', body: { projectId } }),
      invalidatesTags: (_r, _e, projectId) => [{ type: 'RequestUnread', id: projectId }],
    }),
    /** The "request fulfilled" e-mail to the requester, built by the server from the request. */
    notifyFulfilled: build.mutation<{ queued: number }, string>({
      query: (requestId) => ({ url: 'api/notify-fulfilled', method: 'POST', body: { request_id: requestId } }),
    }),
    /** A photo to send with a request: the project first, then the file, as the server reads them. */
    uploadRequestImage: build.mutation<ImageAnswer, { projectId: string; file: File }>({
      query: ({ projectId, file }) => {
        const form = new FormData();
        form.append('project_id', projectId);
        form.append('file', file);
        return { url: 'api/upload/request-image', method: 'POST', body: form };
      },
    }),
    /** Up to 10 of the project's parts matching the text (spec 01 §9). */
    searchRequestParts: build.query<CatalogPart[], { projectId: string; q: string }>({
      query: ({ projectId, q }) => ({ url: `api/materials/${projectId}/search`, params: { q } }),
      transformResponse: (body: { items: CatalogPart[] }) => body.items.slice(0, 10),
    }),
    /** Up to 10 asset types of the catalogue matching the text. */
    searchRequestAssets: build.query<AssetChoice[], string>({
      query: (q) => ({ url: 'api/assets/catalog', params: { q } }),
      transformResponse: (body: { items: AssetChoice[] }) => body.items.slice(0, 10),
    }),
  }),
});

export const {
  useMyRequestsQuery,
  useProjectRequestsQuery,
  useRequestQuery,
  useRequestHistoryQuery,
  useSubmitMaterialRequestMutation,
  useSubmitAssetRequestMutation,
  useAssignRequestMutation,
  useSetRequestStatusMutation,
  useUnreadRequestsQuery,
  useMarkRequestsReadMutation,
  useUploadRequestImageMutation,
  useNotifyFulfilledMutation,
  useSearchRequestPartsQuery,
  useSearchRequestAssetsQuery,
} = requestsApi;
