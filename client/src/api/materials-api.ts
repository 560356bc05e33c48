/**
 * Reads of materials (spec 01 §7 "Materials"): a project's inventory, the catalogue, one part's
 * holders and history, and the activity log. They are tagged per project, so a movement (made here,
 * or announced over the websocket) refreshes only the project it touched.
 */
import { baseApi } from './base-api.ts';
import type { Assignee, CatalogPart, Explanation, Figure, InventoryRow, LogPage, LogQuery, MaxAssignable } from './material-types.ts';

interface Items<T> {
  items: T[];
}

interface PartArgs {
  projectId: string;
  number: string;
}

/** Query parameters of the activity log, shared by the JSON reads and the CSV download. */
export function logParams(query: Omit<LogQuery, 'page' | 'pageSize'>): Record<string, string> {
  const params: Record<string, string> = {
    project_id: query.projectId,
    type: query.types.length === 0 ? 'all' : query.types.join(','),
    days: query.days,
  };
  const q = query.q.trim();
  if (q) params.q = q;
  return params;
}

/** Where the browser downloads the log as CSV: every matching row, newest first, timestamped name. */
export function logsCsvUrl(query: Omit<LogQuery, 'page' | 'pageSize'>): string {
  return `/api/materials/logs?${new URLSearchParams({ ...logParams(query), format: 'csv' })}`;
}

/** Where an admin downloads a project's inventory as CSV. */
export function inventoryCsvUrl(projectId: string): string {
  return `/api/inventory/materials?${new URLSearchParams({ project_id: projectId, format: 'csv' })}`;
}

export const inventoryTag = (projectId: string) => ({ type: 'Inventory' as const, id: projectId });
export const logsTag = (projectId: string) => ({ type: 'MaterialLogs' as const, id: projectId });

export const materialsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getInventory: build.query<InventoryRow[], string>({
      query: (projectId) => ({ url: 'api/inventory/materials', params: { project_id: projectId } }),
      transformResponse: (response: Items<InventoryRow>) => response.items,
      providesTags: (_result, _error, projectId) => [inventoryTag(projectId)],
    }),
    getCatalog: build.query<CatalogPart[], void>({
      query: () => 'api/materials',
      transformResponse: (response: Items<CatalogPart>) => response.items,
      providesTags: ['Catalog'],
    }),
    getAssignees: build.query<Assignee[], PartArgs>({
      query: ({ projectId, number }) => ({
        url: 'api/materials/assignees',
        params: { project_id: projectId, number },
      }),
      transformResponse: (response: Items<Assignee>) => response.items,
      providesTags: (_result, _error, { projectId }) => [inventoryTag(projectId)],
    }),
    getMaxAssignable: build.query<MaxAssignable, PartArgs & { user?: string }>({
      query: ({ projectId, number, user }) => ({
        url: 'api/materials/max-assignable',
        params: { project_id: projectId, number, user },
      }),
      providesTags: (_result, _error, { projectId }) => [inventoryTag(projectId)],
    }),
    explainFigure: build.query<Explanation, PartArgs & { figure: Figure }>({
      query: ({ projectId, number, figure }) => ({
        url: 'api/materials/explain',
        params: { project_id: projectId, number, figure },
      }),
      providesTags: (_result, _error, { projectId }) => [inventoryTag(projectId)],
    }),
    getMaterialLogs: build.query<LogPage, LogQuery>({
      query: (query) => ({
        url: 'api/materials/logs',
        params: { ...logParams(query), page: query.page, page_size: query.pageSize },
      }),
      providesTags: (_result, _error, { projectId }) => [logsTag(projectId)],
    }),
  }),
});

export const { useGetInventoryQuery, useGetCatalogQuery, useGetAssigneesQuery, useGetMaxAssignableQuery, useExplainFigureQuery, useGetMaterialLogsQuery } =
  materialsApi;
