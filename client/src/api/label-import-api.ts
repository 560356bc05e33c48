/**
 * Label import calls (spec 02 §7): the upload URL, the preview of the uploaded file, the job's
 * start and status; and the project's imports with their undo. The file itself goes straight to
 * the returned upload_url (S3 or the server's local store) as multipart form data.
 */
import type { ImportFileQuery, ImportPreview, ImportStatus, LabelImportSummary, UploadUrlResponse } from '@contract/label-import.ts';
import { baseApi } from './base-api.ts';

type ImportFileArgs = Omit<ImportFileQuery, 'system' | 'cluster_pod' | 'template_id'> & { system?: string; cluster_pod?: string; template_id?: string | null };

/** The query of a preview or start: blank tags, no template and no word on the first row are not sent. */
function importParams(args: ImportFileArgs): Record<string, string> {
  const params: Record<string, string> = { file_key: args.file_key, project_id: args.project_id, import_type: args.import_type };
  if (args.system?.trim()) params.system = args.system.trim();
  if (args.cluster_pod?.trim()) params.cluster_pod = args.cluster_pod.trim();
  if (args.template_id) params.template_id = args.template_id;
  if (args.first_row_header !== undefined) params.first_row_header = String(args.first_row_header);
  return params;
}

const labelTags = (projectId: string) => [
  { type: 'Labels' as const, id: projectId },
  { type: 'LabelFilters' as const, id: projectId },
];

export const labelImportApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLabelUploadUrl: build.mutation<UploadUrlResponse, { projectId: string; extension: string; contentType: string }>({
      query: ({ projectId, extension, contentType }) => ({
        url: 'api/labels/upload-url',
        method: 'POST',
        params: { file_extension: extension, content_type: contentType, project_id: projectId },
      }),
    }),
    previewLabelImport: build.mutation<ImportPreview, ImportFileArgs>({
      query: (args) => ({ url: 'api/labels/import-preview', method: 'POST', params: importParams(args) }),
    }),
    startLabelImport: build.mutation<{ job_id: string }, ImportFileArgs>({
      query: (args) => ({ url: 'api/labels/import-from-s3/async/start', method: 'POST', params: importParams(args) }),
    }),
    labelImportStatus: build.query<ImportStatus, string>({
      query: (jobId) => ({ url: 'api/labels/import-from-s3/async/status', params: { job_id: jobId } }),
      keepUnusedDataFor: 0,
    }),
    listLabelImports: build.query<LabelImportSummary[], string>({
      query: (projectId) => ({ url: 'api/labels/imports', params: { project_id: projectId } }),
      transformResponse: (answer: { items: LabelImportSummary[] }) => answer.items,
      providesTags: (_r, _e, projectId) => [{ type: 'Labels', id: projectId }],
    }),
    undoLabelImport: build.mutation<{ removed: number }, { projectId: string; jobId: string }>({
      query: ({ projectId, jobId }) => ({ url: `api/labels/imports/${jobId}/undo`, method: 'POST', body: { project_id: projectId } }),
      invalidatesTags: (_r, error, { projectId }) => (error ? [] : labelTags(projectId)),
    }),
  }),
});

export const {
  useGetLabelUploadUrlMutation,
  usePreviewLabelImportMutation,
  useStartLabelImportMutation,
  useLazyLabelImportStatusQuery,
  useListLabelImportsQuery,
  useUndoLabelImportMutation,
} = labelImportApi;

/** Invalidates a project's label lists once an import job has finished. */
export const labelsChanged = (projectId: string) => labelImportApi.util.invalidateTags(labelTags(projectId));

/** POSTs the presigned fields, then the file, to the upload URL (as spec 02's client does). */
export async function uploadFile(upload: UploadUrlResponse, file: File): Promise<boolean> {
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append('file', file);
  try {
    const answer = await fetch(upload.upload_url, { method: 'POST', body: form });
    return answer.ok;
  } catch {
    return false;
  }
}
