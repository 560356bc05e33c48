/** The signed-in person's sign-in security (contract/sign-in.ts); each factor's calls live beside it. */
import type { SecurityOverview } from '@contract/sign-in.ts';
import { baseApi } from './base-api.ts';

export const securityApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSecurity: build.query<SecurityOverview, void>({
      query: () => 'api/account/security',
      providesTags: [{ type: 'Security', id: 'ME' }],
    }),
  }),
});

export const { useGetSecurityQuery } = securityApi;
