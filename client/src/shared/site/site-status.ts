/**
 * What the signed-in user must know of the site's switches (spec 02 §2.9, §4.3): whether
 * transactions are frozen, and, for the superadmin (the only one let in), whether maintenance is
 * on. A superadmin reads the full settings; everyone else the public ones. Both caches are
 * refetched when a `site` change arrives over the live connection, and marked at once by a 423
 * or 503 answer (site-signal-listener.ts), so the banners follow a switch without a reload.
 */
import { useAppSelector } from '../hooks.ts';
import { isSuperadmin } from '../session/permissions.ts';
import { selectSession } from '../session/session-selectors.ts';
import { useGetPublicSettingsQuery, useGetSiteSettingsQuery, type PublicSettings } from '../../api/site-api.ts';

export interface SiteStatus {
  frozen: boolean;
  /** Only ever true for the superadmin: everyone else is on the maintenance page instead. */
  maintenance: boolean;
}

/** The server's own words for a refused movement, reused on every button it disables. */
export { TRANSACTIONS_FROZEN as FROZEN_REASON } from '@contract/messages.ts';

export function siteStatusOf(settings: PublicSettings | undefined, superadmin: boolean): SiteStatus {
  return {
    frozen: settings?.freeze_transactions === true,
    maintenance: superadmin && settings?.maintenance_mode === true,
  };
}

export function useSiteStatus(): SiteStatus {
  const { status, role } = useAppSelector(selectSession);
  const signedIn = status === 'authenticated';
  const superadmin = isSuperadmin(role);
  const full = useGetSiteSettingsQuery(undefined, { skip: !signedIn || !superadmin });
  const open = useGetPublicSettingsQuery(undefined, { skip: !signedIn || superadmin });
  return siteStatusOf(superadmin ? full.data : open.data, superadmin);
}
