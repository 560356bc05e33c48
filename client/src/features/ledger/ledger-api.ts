/**
 * The Ledger page's calls (issue 16): the seal's status with the latest checkpoint, the public key,
 * verify-now (a job polled for its progress) and the auditor's bundle, downloaded as a file.
 */
import type { LedgerStatus, PublicKey, VerifyJob } from '@contract/ledger.ts';
import { baseApi } from '../../api/base-api.ts';

export type { Checkpoint, LedgerStatus, PublicKey, VerifyJob } from '@contract/ledger.ts';

export const ledgerApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getLedgerStatus: build.query<LedgerStatus, void>({ query: () => 'api/ledger/status', providesTags: ['Ledger'] }),
    getPublicKey: build.query<PublicKey, void>({ query: () => 'api/ledger/public-key' }),
    startVerify: build.mutation<VerifyJob, void>({ query: () => ({ url: 'api/ledger/verify', method: 'POST' }) }),
    getVerifyJob: build.query<VerifyJob, string>({ query: (jobId) => `api/ledger/verify/${encodeURIComponent(jobId)}` }),
  }),
});

export const { useGetLedgerStatusQuery, useGetPublicKeyQuery, useStartVerifyMutation, useGetVerifyJobQuery } = ledgerApi;

/** The bundle of a project for a period (dates, both days included). */
export function bundleUrl(projectId: string, from: string, to: string): string {
  return `/api/ledger/bundle?${new URLSearchParams({ project_id: projectId, from, to })}`;
}
