/**
 * The single RTK Query api of the client. Features add their endpoints with
 * `baseApi.injectEndpoints`; cache tags are declared here so invalidation stays in one vocabulary.
 */
import { createApi } from '@reduxjs/toolkit/query/react';
import { createAppBaseQuery } from './base-query.ts';

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: createAppBaseQuery(),
  tagTypes: [
    'Me',
    'PublicSettings',
    'SiteSettings',
    'Project',
    'ProjectRole',
    'ProjectMembers',
    'ProjectSettings',
    'ProjectHistory',
    'User',
    'Outbox',
  ],
  endpoints: () => ({}),
});
