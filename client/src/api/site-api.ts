/**
 * Site-wide switches (spec 02 §2.9, §3 "Site settings"): the public flags every signed-in page
 * checks (maintenance, and the freeze of transactions), and the superadmin's settings, which flip at once and revert if refused.
 */
import type { z } from 'zod';
import type { publicSettings, SiteSettings } from '@contract/site.ts';
import { baseApi } from './base-api.ts';

export type PublicSettings = z.infer<typeof publicSettings>;
export type { SiteSettings };

export const siteApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getPublicSettings: build.query<PublicSettings, void>({
      query: () => 'api/site/public-settings',
      providesTags: ['PublicSettings'],
    }),
    getSiteSettings: build.query<SiteSettings, void>({
      query: () => 'api/site/settings',
      providesTags: ['SiteSettings'],
    }),
    updateSiteSettings: build.mutation<SiteSettings, Partial<SiteSettings>>({
      query: (body) => ({ url: 'api/site/settings', method: 'PATCH', body }),
      async onQueryStarted(patch, { dispatch, queryFulfilled }) {
        const optimistic = dispatch(
          siteApi.util.updateQueryData('getSiteSettings', undefined, (draft) => {
            Object.assign(draft, patch);
          }),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(siteApi.util.upsertQueryData('getSiteSettings', undefined, data));
        } catch {
          optimistic.undo();
        }
      },
      invalidatesTags: (_result, error) => (error ? [] : ['PublicSettings']),
    }),
  }),
});

export const { useGetPublicSettingsQuery, useGetSiteSettingsQuery, useUpdateSiteSettingsMutation } = siteApi;
