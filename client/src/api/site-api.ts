/**
 * Site-wide switches (spec 02 §2.9, §3 "Site settings"): the public flags every signed-in page
 * checks (maintenance, and the freeze of transactions), and the superadmin's settings, which flip at once and revert if refused.
 */
import { baseApi } from './base-api.ts';

export interface PublicSettings {
  maintenance_mode: boolean;
  /** Whether Receive, Return, Assign and Unassign are refused; absent from older servers. */
  freeze_transactions?: boolean;
}

export interface SiteSettings {
  freeze_transactions: boolean;
  maintenance_mode: boolean;
}

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
