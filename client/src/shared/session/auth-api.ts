/** Sign-in, sign-out, token refresh and the current user (spec 01 §7 "Auth and session"). */
import type { z } from 'zod';
import type { loginBody, sessionReply } from '@contract/auth.ts';
import type { LoginReply, SecondFactorBody } from '@contract/sign-in.ts';
import { baseApi } from '../../api/base-api.ts';
import type { Me } from './session-types.ts';

export type LoginRequest = z.input<typeof loginBody>;
export type AuthResponse = z.infer<typeof sessionReply>;
export type { LoginReply };

/** Signed in, as opposed to asked for the second factor next. */
export const isSignedIn = (reply: LoginReply): reply is AuthResponse => 'user' in reply;

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginReply, LoginRequest>({
      query: (body) => ({ url: 'api/login', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** The second step after the password (or an e-mailed code, a link, single sign-on). */
    secondFactor: build.mutation<AuthResponse, SecondFactorBody>({
      query: (body) => ({ url: 'api/login/second-factor', method: 'POST', body }),
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

export const { useLoginMutation, useSecondFactorMutation, useLogoutMutation, useRefreshMutation, useMeQuery } = authApi;
