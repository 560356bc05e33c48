/**
 * Corrections of log entries (issue 16): a compensating entry that names the one it corrects. It
 * changes the project's figures and its logs, so both refetch, even on a refusal (stale figures are
 * the usual reason for one).
 */
import type { CorrectionAnswer, CorrectionBody } from '@contract/corrections.ts';
import { baseApi } from './base-api.ts';
import { IDEMPOTENCY_HEADER } from './idempotency.ts';
import { inventoryTag, logsTag } from './materials-api.ts';

export type { CorrectionAnswer, CorrectionBody };

export const correctionsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    correctLogEntry: build.mutation<CorrectionAnswer, CorrectionBody & { idempotencyKey: string }>({
      query: ({ idempotencyKey, ...body }) => ({ url: 'api/materials/corrections', method: 'POST', body, headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } }),
      invalidatesTags: (_result, _error, { project_id }) => [inventoryTag(project_id), logsTag(project_id)],
    }),
  }),
});

export const { useCorrectLogEntryMutation } = correctionsApi;
