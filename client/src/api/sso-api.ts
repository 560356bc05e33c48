/** Single sign-on: what /login offers, and sign-out, which may answer the provider's own sign-out address. */
import type { LogoutReply, SignInOptions } from '@contract/sign-in.ts';
import { baseApi } from './base-api.ts';

export const ssoApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSignInOptions: build.query<SignInOptions, void>({
      query: () => 'api/auth/providers',
    }),
    /** POST /api/logout: null (204) for a plain session, the provider's sign-out address for one that came through it. */
    signOut: build.mutation<LogoutReply | null, void>({
      query: () => ({ url: 'api/logout', method: 'POST' }),
    }),
  }),
});

export const { useGetSignInOptionsQuery, useSignOutMutation } = ssoApi;

/** Where a provider's button goes: the server's start, by full-page navigation, with the page to come back to. */
export function ssoStartUrl(providerId: string, returnTo: string | null): string {
  const start = `/api/auth/oidc/${encodeURIComponent(providerId)}/start`;
  return returnTo ? `${start}?return_to=${encodeURIComponent(returnTo)}` : start;
}
