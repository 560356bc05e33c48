import { OFFLINE_MAX_AGE } from '../../contract/offline.ts';
import type { SecondFactorPolicy } from '../../contract/sign-in.ts';

/**
 * The site settings. Loaded by folding its stream: one short stream for the whole site.
 */
export interface SiteState {
  freezeTransactions: boolean;
  maintenanceMode: boolean;
  offlineMaxAgeDays: number;
  webhooksAllowPrivate: boolean;
  secondFactorPolicy: SecondFactorPolicy;
  passwordSignIn: boolean;
  ssoSignUp: boolean;
}

export const initialSiteState = (): SiteState => ({
  freezeTransactions: false,
  maintenanceMode: false,
  offlineMaxAgeDays: OFFLINE_MAX_AGE.defaultDays,
  webhooksAllowPrivate: false,
  secondFactorPolicy: 'none',
  passwordSignIn: true,
  ssoSignUp: false,
});
