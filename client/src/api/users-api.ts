/** User management (spec 01 §7 "Users"): the paged list, invitations, roles and deletion. */
import { baseApi } from './base-api.ts';
import type { GlobalRole } from '../shared/session/session-types.ts';
import type { InviteRequest, UserPage } from './user-types.ts';

export interface UserListArgs {
  q?: string;
  page: number;
  page_size: number;
}

const LIST = { type: 'User', id: 'LIST' } as const;

export const usersApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<UserPage, UserListArgs>({
      query: (params) => ({ url: 'api/users', params: { ...params } }),
      providesTags: [LIST],
    }),
    inviteUser: build.mutation<{ id: string; email: string }, InviteRequest>({
      query: (body) => ({ url: 'api/users/invite', method: 'POST', body }),
      // Outbox too: an invitation is an e-mail waiting there.
      invalidatesTags: (_result, error) => (error ? [] : [LIST, 'ProjectMembers', 'Outbox']),
    }),
    updateUserRoles: build.mutation<{ updated: number }, { ids: string[]; role: GlobalRole }>({
      query: (body) => ({ url: 'api/users/roles', method: 'PUT', body }),
      invalidatesTags: [LIST],
    }),
    deleteUsers: build.mutation<{ deleted: number }, { ids: string[] }>({
      query: (body) => ({ url: 'api/users', method: 'DELETE', body }),
      // Deleted users also leave every project they belonged to.
      invalidatesTags: [LIST, 'ProjectMembers', 'ProjectHistory'],
    }),
  }),
});

export const { useListUsersQuery, useInviteUserMutation, useUpdateUserRolesMutation, useDeleteUsersMutation } = usersApi;
