/**
 * The Label Manager's calls (spec 02 §7, Labels): search, filters, delete, export and templates.
 * Searches, filters and templates are tagged per project, so an import or delete (here, or
 * announced over the websocket) refreshes only that project's label screens.
 */
import type { ExportBody, LabelFilters, LabelSearchResponse, LabelTemplate, NewLabel, TemplateBody } from '@contract/labels.ts';
import { baseApi } from './base-api.ts';

export interface LabelSearchArgs {
  projectId: string;
  q?: string;
  system?: string;
  clusterPod?: string;
  limit: number;
  offset: number;
}

/** The query string of a search: empty search text and filters are not sent (spec 02 §5). */
export function searchParams(args: LabelSearchArgs): Record<string, string> {
  const params: Record<string, string> = { project_id: args.projectId, limit: String(args.limit), offset: String(args.offset) };
  const q = args.q?.trim();
  if (q) params.q = q;
  if (args.system) params.system = args.system;
  if (args.clusterPod) params.cluster_pod = args.clusterPod;
  return params;
}

export const labelsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    searchLabels: build.query<LabelSearchResponse, LabelSearchArgs>({
      query: (args) => ({ url: 'api/labels/search', params: searchParams(args) }),
      providesTags: (_r, _e, args) => [{ type: 'Labels', id: args.projectId }],
    }),
    getLabelFilters: build.query<LabelFilters, string>({
      query: (projectId) => ({ url: 'api/labels/filters', params: { project_id: projectId } }),
      providesTags: (_r, _e, projectId) => [{ type: 'LabelFilters', id: projectId }],
    }),
    deleteLabels: build.mutation<{ deleted: number }, { projectId: string; ids: string[] }>({
      query: ({ projectId, ids }) => ({ url: 'api/labels/bulk-delete', method: 'POST', body: { project_id: projectId, ids } }),
      invalidatesTags: (_r, error, { projectId }) =>
        error
          ? []
          : [
              { type: 'Labels', id: projectId },
              { type: 'LabelFilters', id: projectId },
            ],
    }),
    importLabels: build.mutation<{ imported: number; ids: string[] }, { projectId: string; labels: NewLabel[] }>({
      query: ({ projectId, labels }) => ({ url: 'api/labels/import', method: 'POST', body: { project_id: projectId, labels } }),
      invalidatesTags: (_r, error, { projectId }) =>
        error
          ? []
          : [
              { type: 'Labels', id: projectId },
              { type: 'LabelFilters', id: projectId },
            ],
    }),
    exportLabels: build.mutation<Blob, ExportBody>({
      query: (body) => ({ url: 'api/labels/export', method: 'POST', body, responseHandler: (response) => (response.ok ? response.blob() : response.json()) }),
    }),
    listLabelTemplates: build.query<LabelTemplate[], string>({
      query: (projectId) => ({ url: 'api/labels/templates', params: { project_id: projectId } }),
      transformResponse: (answer: { items: LabelTemplate[] }) => answer.items,
      providesTags: (_r, _e, projectId) => [{ type: 'LabelTemplates', id: projectId }],
    }),
    createLabelTemplate: build.mutation<LabelTemplate, { projectId: string; body: TemplateBody }>({
      query: ({ projectId, body }) => ({ url: 'api/labels/templates', method: 'POST', params: { project_id: projectId }, body }),
      invalidatesTags: (_r, error, { projectId }) => (error ? [] : [{ type: 'LabelTemplates', id: projectId }]),
    }),
    updateLabelTemplate: build.mutation<LabelTemplate, { projectId: string; id: string; body: TemplateBody }>({
      query: ({ projectId, id, body }) => ({ url: `api/labels/templates/${id}`, method: 'PUT', params: { project_id: projectId }, body }),
      invalidatesTags: (_r, error, { projectId }) => (error ? [] : [{ type: 'LabelTemplates', id: projectId }]),
    }),
    deleteLabelTemplate: build.mutation<void, { projectId: string; id: string }>({
      query: ({ projectId, id }) => ({ url: `api/labels/templates/${id}`, method: 'DELETE', params: { project_id: projectId } }),
      invalidatesTags: (_r, error, { projectId }) => (error ? [] : [{ type: 'LabelTemplates', id: projectId }]),
    }),
  }),
});

export const {
  useLazySearchLabelsQuery,
  useGetLabelFiltersQuery,
  useDeleteLabelsMutation,
  useImportLabelsMutation,
  useExportLabelsMutation,
  useListLabelTemplatesQuery,
  useCreateLabelTemplateMutation,
  useUpdateLabelTemplateMutation,
  useDeleteLabelTemplateMutation,
} = labelsApi;
