/**
 * API tokens: the signed-in person's own (any signed-in person) and the site's service tokens
 * (superadmins). A creation answers with the token itself, the only time it is ever sent; lists
 * carry only its hint. A revoke refreshes the list it belongs to.
 */
import type { ApiToken, ApiTokenList, CreatedApiToken, CreatePersonalTokenBody, CreateServiceTokenBody } from '@contract/api-tokens.ts';
import { baseApi } from './base-api.ts';

export type { ApiToken, CreatedApiToken, CreatePersonalTokenBody, CreateServiceTokenBody };

const PERSONAL_LIST = { type: 'ApiTokens', id: 'LIST' } as const;
const SERVICE_LIST = { type: 'ServiceTokens', id: 'LIST' } as const;

export const tokensApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listApiTokens: build.query<ApiToken[], void>({
      query: () => 'api/tokens',
      transformResponse: (response: ApiTokenList) => response.items,
      providesTags: (tokens = []) => [PERSONAL_LIST, ...tokens.map((t) => ({ type: 'ApiTokens' as const, id: t.id }))],
    }),
    createApiToken: build.mutation<CreatedApiToken, CreatePersonalTokenBody>({
      query: (body) => ({ url: 'api/tokens', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [PERSONAL_LIST]),
    }),
    revokeApiToken: build.mutation<void, string>({
      query: (id) => ({ url: `api/tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [PERSONAL_LIST, { type: 'ApiTokens', id }],
    }),
    listServiceTokens: build.query<ApiToken[], void>({
      query: () => 'api/service-tokens',
      transformResponse: (response: ApiTokenList) => response.items,
      providesTags: (tokens = []) => [SERVICE_LIST, ...tokens.map((t) => ({ type: 'ServiceTokens' as const, id: t.id }))],
    }),
    createServiceToken: build.mutation<CreatedApiToken, CreateServiceTokenBody>({
      query: (body) => ({ url: 'api/service-tokens', method: 'POST', body }),
      invalidatesTags: (_result, error) => (error ? [] : [SERVICE_LIST]),
    }),
    revokeServiceToken: build.mutation<void, string>({
      query: (id) => ({ url: `api/service-tokens/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [SERVICE_LIST, { type: 'ServiceTokens', id }],
    }),
  }),
});

export const {
  useListApiTokensQuery,
  useCreateApiTokenMutation,
  useRevokeApiTokenMutation,
  useListServiceTokensQuery,
  useCreateServiceTokenMutation,
  useRevokeServiceTokenMutation,
} = tokensApi;
