/**
 * Refusals that reveal a change of the site's switches while the user was working:
 * - 503 MAINTENANCE: maintenance was switched on. The public-settings cache is marked, and the
 *   protected layout, which reads it, sends the user to /maintenance (spec 02 §4.3). Superadmins
 *   never get that answer.
 * - 423 FROZEN: transactions were frozen. Both settings caches are marked, so the freeze banner
 *   shows and the action buttons turn off before the next refetch.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { maintenanceDetected, transactionsFrozenDetected } from '../../api/base-query.ts';
import { siteApi } from '../../api/site-api.ts';

type SiteState = { [siteApi.reducerPath]: ReturnType<typeof siteApi.reducer> };

/** One per store: the middleware to add when the store is made. */
export function createSiteSignalListener() {
  const listener = createListenerMiddleware<SiteState>();
  listener.startListening({
    actionCreator: maintenanceDetected,
    effect: async (_action, api) => {
      const known = siteApi.endpoints.getPublicSettings.select()(api.getState()).data;
      await api.dispatch(
        siteApi.util.upsertQueryData('getPublicSettings', undefined, { maintenance_mode: true, freeze_transactions: known?.freeze_transactions ?? false }),
      );
    },
  });
  listener.startListening({
    actionCreator: transactionsFrozenDetected,
    effect: async (_action, api) => {
      const state = api.getState();
      const known = siteApi.endpoints.getPublicSettings.select()(state).data;
      await api.dispatch(
        siteApi.util.upsertQueryData('getPublicSettings', undefined, {
          maintenance_mode: known?.maintenance_mode ?? false,
          freeze_transactions: true,
        }),
      );
      api.dispatch(
        siteApi.util.updateQueryData('getSiteSettings', undefined, (draft) => {
          draft.freeze_transactions = true;
        }),
      );
    },
  });
  return listener.middleware;
}
