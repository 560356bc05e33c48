/**
 * A call refused with 403 SECOND_FACTOR_REQUIRED means the site now requires a second factor of
 * this person and they have none (the policy changed, or an admin reset theirs). The person is read
 * again at once, so the protected layout, which reads them, shows the enrolment screen. Invalidating
 * 'Me' would not do: no screen holds that query.
 */
import { createListenerMiddleware } from '@reduxjs/toolkit';
import { secondFactorRequiredDetected } from '../../api/base-query.ts';
import { authApi } from '../../shared/session/auth-api.ts';

/** One per store: the middleware to add when the store is made. */
export function createEnrolmentGateListener() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: secondFactorRequiredDetected,
    effect: async (_action, api) => {
      // Several calls refused together read the person once: a read under way is not started again.
      await api.dispatch(authApi.endpoints.me.initiate(undefined, { forceRefetch: true, subscribe: false }));
    },
  });
  return listener.middleware;
}
