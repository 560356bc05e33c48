/** Sign-in, sign-out, token refresh and the current user (spec 01 §7 "Auth and session"). */
import type { z } from 'zod';
import type { loginBody, sessionReply } from '@contract/auth.ts';
import { baseApi } from '../../api/base-api.ts';
import type { Me } from './session-types.ts';

export type LoginRequest = z.input<typeof loginBody>;
export type AuthResponse = z.infer<typeof sessionReply>;

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AuthResponse, LoginRequest>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: 'api/logout', method: 'POST' }),
    }),
    refresh: build.mutation<AuthResponse, void>({
      query: () => ({ url: 'api/auth/refresh', method: 'POST' }),
    }),
    me: build.query<Me, void>({
      query: () => 'api/users/me',
      providesTags: ['Me'],
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useRefreshMutation, useMeQuery } = authApi;
