/**
 * The print dialog's calls: the site's saved media, a print's preview, and the print itself,
 * which answers a file whose name the server gives in Content-Disposition.
 */
import type { SavedMedium, SavedMediumBody } from '@contract/label-media.ts';
import type { PrintBodyInput, PrintPreview } from '@contract/label-print.ts';
import { baseApi } from '../../api/base-api.ts';
import { IDEMPOTENCY_HEADER, newIdempotencyKey } from '../../api/idempotency.ts';

/** The file name of a Content-Disposition header (`filename*=UTF-8''…` first), or null. */
export function fileNameOf(disposition: string | null | undefined): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed encoding falls through to the plain name.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(disposition);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

export interface PrintedFile {
  blob: Blob;
  /** The server's name for it, or a fallback by format. */
  fileName: string;
}

const printApi = baseApi.enhanceEndpoints({ addTagTypes: ['LabelMedia'] }).injectEndpoints({
  endpoints: (build) => ({
    listSavedMedia: build.query<SavedMedium[], void>({
      query: () => ({ url: 'api/labels/media' }),
      transformResponse: (answer: { items: SavedMedium[] }) => answer.items,
      providesTags: ['LabelMedia'],
    }),
    saveMedium: build.mutation<SavedMedium, SavedMediumBody>({
      // The key rides along the refresh-and-retry, so a retried save is applied once.
      query: (body) => ({ url: 'api/labels/media', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: newIdempotencyKey() } }),
      invalidatesTags: (_r, error) => (error ? [] : ['LabelMedia']),
    }),
    deleteSavedMedium: build.mutation<void, string>({
      query: (id) => ({ url: `api/labels/media/${id}`, method: 'DELETE' }),
      invalidatesTags: (_r, error) => (error ? [] : ['LabelMedia']),
    }),
    previewPrint: build.mutation<PrintPreview, PrintBodyInput>({
      query: (body) => ({ url: 'api/labels/print/preview', method: 'POST', body }),
    }),
    printLabels: build.mutation<PrintedFile, PrintBodyInput>({
      query: (body) => ({
        url: 'api/labels/print',
        method: 'POST',
        body,
        responseHandler: (response) => (response.ok ? response.blob() : response.json()),
      }),
      transformResponse: (blob: Blob, meta, body) => ({
        blob,
        fileName: fileNameOf(meta?.response?.headers.get('content-disposition')) ?? `labels.${body.format ?? 'pdf'}`,
      }),
    }),
  }),
});

export const { useListSavedMediaQuery, useSaveMediumMutation, useDeleteSavedMediumMutation, usePreviewPrintMutation, usePrintLabelsMutation } = printApi;
