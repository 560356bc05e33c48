/** The authenticator app and recovery codes of the signed-in person (contract/sign-in.ts). */
import type { z } from 'zod';
import type { recoveryCodes, totpEnrolment } from '@contract/sign-in.ts';
import { baseApi } from './base-api.ts';

export type TotpEnrolment = z.infer<typeof totpEnrolment>;
export type RecoveryCodes = z.infer<typeof recoveryCodes>;

/** The person's standing with the policy is read again by the screen (useRefreshMe), once any codes are saved. */
const changed = [{ type: 'Security' as const, id: 'ME' }];

export const totpApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    startTotp: build.mutation<TotpEnrolment, void>({
      query: () => ({ url: 'api/account/totp', method: 'POST' }),
    }),
    confirmTotp: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: 'api/account/totp/confirm', method: 'POST', body }),
      invalidatesTags: changed,
    }),
    removeTotp: build.mutation<void, void>({
      query: () => ({ url: 'api/account/totp', method: 'DELETE' }),
      invalidatesTags: changed,
    }),
    newRecoveryCodes: build.mutation<RecoveryCodes, void>({
      query: () => ({ url: 'api/account/recovery-codes', method: 'POST' }),
      invalidatesTags: [{ type: 'Security', id: 'ME' }],
    }),
  }),
});

export const { useStartTotpMutation, useConfirmTotpMutation, useRemoveTotpMutation, useNewRecoveryCodesMutation } = totpApi;
