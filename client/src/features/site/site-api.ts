/** Site-wide switches readable without admin rights; only maintenance mode is needed so far. */
import { baseApi } from '../../api/base-api.ts';

export interface PublicSettings {
  maintenance_mode: boolean;
}

export const siteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicSettings: build.query<PublicSettings, void>({
      query: () => 'api/site/public-settings',
      providesTags: ['PublicSettings'],
    }),
  }),
});

export const { useGetPublicSettingsQuery } = siteApi;
