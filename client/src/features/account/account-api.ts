/**
 * Account links and password screens (spec 02 §7 "Account links and site"), and the signed-in
 * user's e-mail preferences. The calls that sign someone in answer with the user, like /api/login.
 */
import type { z } from 'zod';
import type { sessionReply } from '@contract/auth.ts';
import type { LoginReply } from '@contract/sign-in.ts';
import type { emailPrefs } from '@contract/users.ts';
import { baseApi } from '../../api/base-api.ts';
import type { ExchangeFlow, OtpType } from './auth-flow.ts';

export type SignedInResponse = z.infer<typeof sessionReply>;
export type EmailPrefs = z.infer<typeof emailPrefs>;

export const accountApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    acceptInviteToken: build.mutation<{ email: string; type: 'invite' }, string>({
      query: (id) => ({ url: `api/invite-token/${encodeURIComponent(id)}`, method: 'POST' }),
    }),
    verifyOtp: build.mutation<LoginReply, { email: string; token: string; type: OtpType }>({
      query: (body) => ({ url: 'api/auth/verify-otp', method: 'POST', body }),
    }),
    exchangeToken: build.mutation<LoginReply, { token: string; flow: ExchangeFlow }>({
      query: (body) => ({ url: 'api/auth/exchange', method: 'POST', body }),
    }),
    updatePassword: build.mutation<{ ok: true }, { password: string }>({
      query: (body) => ({ url: 'api/auth/update-password', method: 'POST', body }),
    }),
    requestPasswordReset: build.mutation<{ ok: true }, { email: string }>({
      query: (body) => ({ url: 'api/auth/reset-password-request', method: 'POST', body }),
      // A reset code is an e-mail waiting in the outbox.
      invalidatesTags: ['Outbox'],
    }),
    updateEmailPrefs: build.mutation<EmailPrefs, Partial<EmailPrefs>>({
      query: (body) => ({ url: 'api/users/me/email-prefs', method: 'PATCH', body }),
    }),
  }),
});

export const {
  useAcceptInviteTokenMutation,
  useVerifyOtpMutation,
  useExchangeTokenMutation,
  useUpdatePasswordMutation,
  useRequestPasswordResetMutation,
  useUpdateEmailPrefsMutation,
} = accountApi;
