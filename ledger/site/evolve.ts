import { OFFLINE_MAX_AGE } from '../../contract/offline.ts';
import type { SiteEvent } from './events.ts';
import type { SiteState } from './state.ts';

/** Every event carries both settings, so the state is the latest event's data. */
export function evolve(_state: SiteState, event: SiteEvent): SiteState {
  return {
    freezeTransactions: event.data.freezeTransactions,
    maintenanceMode: event.data.maintenanceMode,
    offlineMaxAgeDays: event.data.offlineMaxAgeDays ?? OFFLINE_MAX_AGE.defaultDays,
    webhooksAllowPrivate: event.data.webhooksAllowPrivate ?? false,
    secondFactorPolicy: event.data.secondFactorPolicy ?? 'none',
    passwordSignIn: event.data.passwordSignIn ?? true,
    ssoSignUp: event.data.ssoSignUp ?? false,
  };
}
