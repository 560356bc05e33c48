/**
 * Stock counts (contract/counts.ts): the lists, the plan preview, a session, its lines as a
 * counter sees them, its variance as a reviewer sees it, and the commands. Every change refreshes
 * the whole `Counts` family: a count touches its list, the due list and the last-counted report.
 * Posting moves stock too, so the location's inventory and logs refresh as well.
 */
import type {
  CountEntryAnswer,
  CountEntryBody,
  CountLocation,
  CountPlanAnswer,
  CountPlanBody,
  CountStatus,
  CountSummary,
  CounterLine,
  CreateCountBody,
  LastCountedRow,
  PostCountAnswer,
  RecountBody,
  VarianceAnswer,
} from '@contract/counts.ts';
import { baseApi, type ApiTagDescription } from '../../api/base-api.ts';
import { IDEMPOTENCY_HEADER } from '../../api/idempotency.ts';

export type { CountSummary, CounterLine, VarianceAnswer, VarianceLine, LastCountedRow, PostCountAnswer } from '@contract/counts.ts';

const enc = encodeURIComponent;
const ALL: ApiTagDescription[] = ['Counts'];
const locationParams = (at: CountLocation) => (at.kind === 'project' ? { project_id: at.id } : { warehouse_id: at.id });

/** What posting a count makes stale besides the counts: the stock it adjusted. */
const postedTags = (s: CountSummary | undefined): ApiTagDescription[] => {
  if (!s) return ALL;
  if (s.location_kind === 'warehouse') return [...ALL, 'WarehouseStock', 'WarehouseLogs'];
  return [...ALL, { type: 'Inventory', id: s.location_id }, { type: 'MaterialLogs', id: s.location_id }];
};

export const countsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listCounts: build.query<CountSummary[], { at: CountLocation; status?: CountStatus }>({
      query: ({ at, status }) => ({ url: 'api/counts', params: { ...locationParams(at), ...(status ? { status } : {}) } }),
      transformResponse: (body: { items: CountSummary[] }) => body.items,
      providesTags: ALL,
    }),
    countsDue: build.query<CountSummary[], void>({
      query: () => ({ url: 'api/counts/due' }),
      transformResponse: (body: { items: CountSummary[] }) => body.items,
      providesTags: ALL,
    }),
    lastCounted: build.query<LastCountedRow[], CountLocation>({
      query: (at) => ({ url: 'api/counts/last-counted', params: locationParams(at) }),
      transformResponse: (body: { items: LastCountedRow[] }) => body.items,
      providesTags: ALL,
    }),
    planCount: build.query<CountPlanAnswer, CountPlanBody>({
      query: (body) => ({ url: 'api/counts/plan', method: 'POST', body }),
      providesTags: ALL,
    }),
    getCount: build.query<CountSummary, string>({
      query: (id) => ({ url: `api/counts/${enc(id)}` }),
      providesTags: ALL,
    }),
    countLines: build.query<CounterLine[], string>({
      query: (id) => ({ url: `api/counts/${enc(id)}/lines` }),
      transformResponse: (body: { items: CounterLine[] }) => body.items,
      providesTags: ALL,
    }),
    variance: build.query<VarianceAnswer, string>({
      query: (id) => ({ url: `api/counts/${enc(id)}/variance` }),
      providesTags: ALL,
    }),
    createCount: build.mutation<CountSummary, CreateCountBody>({
      query: (body) => ({ url: 'api/counts', method: 'POST', body }),
      invalidatesTags: ALL,
    }),
    /** One counted line; the queue sends these one by one, each with its own key. */
    countLine: build.mutation<CountEntryAnswer, { id: string; key: string; body: CountEntryBody }>({
      query: ({ id, key, body }) => ({ url: `api/counts/${enc(id)}/count`, method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: key } }),
      invalidatesTags: ALL,
    }),
    recount: build.mutation<CountSummary, { id: string } & RecountBody>({
      query: ({ id, ...body }) => ({ url: `api/counts/${enc(id)}/recount`, method: 'POST', body }),
      invalidatesTags: ALL,
    }),
    setCounters: build.mutation<CountSummary, { id: string; counters: string[] }>({
      query: ({ id, counters }) => ({ url: `api/counts/${enc(id)}/counters`, method: 'PUT', body: { counters } }),
      invalidatesTags: ALL,
    }),
    postCount: build.mutation<PostCountAnswer, string>({
      query: (id) => ({ url: `api/counts/${enc(id)}/post`, method: 'POST' }),
      invalidatesTags: (answer) => postedTags(answer?.session),
    }),
    cancelCount: build.mutation<CountSummary, { id: string; reason?: string }>({
      query: ({ id, reason }) => ({ url: `api/counts/${enc(id)}/cancel`, method: 'POST', body: reason ? { reason } : {} }),
      invalidatesTags: ALL,
    }),
  }),
});

export const {
  useListCountsQuery,
  useCountsDueQuery,
  useLastCountedQuery,
  usePlanCountQuery,
  useGetCountQuery,
  useCountLinesQuery,
  useVarianceQuery,
  useCreateCountMutation,
  useCountLineMutation,
  useRecountMutation,
  useSetCountersMutation,
  usePostCountMutation,
  useCancelCountMutation,
} = countsApi;

/** Where the CSV of a session is downloaded from (the browser fetches it with the session cookie). */
export const countCsvUrl = (id: string) => `/api/counts/${enc(id)}/export.csv`;
