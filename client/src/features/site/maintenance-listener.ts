/**
 * A 503 MAINTENANCE answer means maintenance was switched on while the user was working. The
 * public-settings cache is marked accordingly, and the protected layout, which reads it, sends
 * the user to /maintenance straight away (spec 02 §4.3). Superadmins never get that answer.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { maintenanceDetected } from '../../api/base-query.ts';
import { siteApi } from './site-api.ts';

type SiteState = { [siteApi.reducerPath]: ReturnType<typeof siteApi.reducer> };

/** One per store: the middleware to add when the store is made. */
export function createMaintenanceListener() {
  const listener = createListenerMiddleware<SiteState>();
  listener.startListening({
    actionCreator: maintenanceDetected,
    effect: async (_action, api) => {
      await api.dispatch(siteApi.util.upsertQueryData('getPublicSettings', undefined, { maintenance_mode: true }));
    },
  });
  return listener.middleware;
}
