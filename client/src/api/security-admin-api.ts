/**
 * Sign-in security beyond one's factors: a person's history (one's own, or an admin's look at
 * someone's), an admin's view of someone's second factors, and the reset of them. Tagged
 * `Security` by user id ('ME' for one's own), so a reset refreshes that person's dialog at once.
 */
import type { z } from 'zod';
import type { SecurityOverview, securityHistoryItem, securityHistoryPage } from '@contract/sign-in.ts';
import { baseApi } from './base-api.ts';

export type SecurityHistoryItem = z.infer<typeof securityHistoryItem>;
export type SecurityHistoryPage = z.infer<typeof securityHistoryPage>;

/** '' asks for the newest page; then each page's `next_before`. */
type Before = string;

const securityTag = (userId: string | null) => ({ type: 'Security' as const, id: userId ?? 'ME' });

export const securityAdminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** `null`: the signed-in person's own history. */
    getSecurityHistory: build.infiniteQuery<SecurityHistoryPage, string | null, Before>({
      infiniteQueryOptions: {
        initialPageParam: '',
        getNextPageParam: (last) => last.next_before ?? undefined,
      },
      query: ({ queryArg, pageParam }) => ({
        url: queryArg === null ? 'api/account/security/history' : `api/users/${encodeURIComponent(queryArg)}/security/history`,
        params: pageParam ? { before: pageParam } : undefined,
      }),
      providesTags: (_result, _error, userId) => [securityTag(userId)],
    }),
    getUserSecurity: build.query<SecurityOverview, string>({
      query: (userId) => `api/users/${encodeURIComponent(userId)}/security`,
      providesTags: (_result, _error, userId) => [securityTag(userId)],
    }),
    resetSecondFactors: build.mutation<SecurityOverview, string>({
      query: (userId) => ({ url: `api/users/${encodeURIComponent(userId)}/second-factors/reset`, method: 'POST' }),
      // Also after a refusal (nothing left to reset: the dialog was stale); one's own view too, should an admin reset their own.
      invalidatesTags: (_result, _error, userId) => [securityTag(userId), securityTag(null), 'Me'],
    }),
  }),
});

export const { useGetSecurityHistoryInfiniteQuery, useGetUserSecurityQuery, useResetSecondFactorsMutation } = securityAdminApi;
