/** Sign-in, sign-out, token refresh and the current user (spec 01 §7 "Auth and session"). */
import { baseApi } from '../../api/base-api.ts';
import type { Me } from './session-types.ts';

export interface LoginRequest {
  email: string;
  password: string;
}

export interface AuthResponse {
  user: Me;
}

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
