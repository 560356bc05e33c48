/** The site settings aggregate: one stream, one command; a change that changes nothing records nothing. */
import { OFFLINE_MAX_AGE, OFFLINE_MAX_AGE_INVALID } from '../../contract/offline.ts';
import { SECOND_FACTOR_POLICIES } from '../../contract/sign-in.ts';
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { SiteCommand } from './commands.ts';
import type { SiteEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialSiteState, type SiteState } from './state.ts';

export function decide(command: SiteCommand, state: SiteState): SiteEvent[] {
  const freezeTransactions = command.data.freezeTransactions ?? state.freezeTransactions;
  const maintenanceMode = command.data.maintenanceMode ?? state.maintenanceMode;
  const offlineMaxAgeDays = command.data.offlineMaxAgeDays ?? state.offlineMaxAgeDays;
  if (!Number.isInteger(offlineMaxAgeDays) || offlineMaxAgeDays < OFFLINE_MAX_AGE.minDays || offlineMaxAgeDays > OFFLINE_MAX_AGE.maxDays)
    throw new DomainError('VALIDATION', OFFLINE_MAX_AGE_INVALID, 'offline_max_age_days');
  const webhooksAllowPrivate = command.data.webhooksAllowPrivate ?? state.webhooksAllowPrivate;
  const secondFactorPolicy = command.data.secondFactorPolicy ?? state.secondFactorPolicy;
  if (!SECOND_FACTOR_POLICIES.includes(secondFactorPolicy))
    throw new DomainError('VALIDATION', 'Second factor policy must be none, admins, managers or everyone.', 'second_factor_policy');
  const passwordSignIn = command.data.passwordSignIn ?? state.passwordSignIn;
  const ssoSignUp = command.data.ssoSignUp ?? state.ssoSignUp;
  const same =
    freezeTransactions === state.freezeTransactions &&
    maintenanceMode === state.maintenanceMode &&
    offlineMaxAgeDays === state.offlineMaxAgeDays &&
    webhooksAllowPrivate === state.webhooksAllowPrivate &&
    secondFactorPolicy === state.secondFactorPolicy &&
    passwordSignIn === state.passwordSignIn &&
    ssoSignUp === state.ssoSignUp;
  if (same) return [];
  const data = { freezeTransactions, maintenanceMode, offlineMaxAgeDays, webhooksAllowPrivate, secondFactorPolicy, passwordSignIn, ssoSignUp };
  return [{ type: 'SiteSettingsChanged', data }];
}

export const siteSettingsDecider: Decider<SiteCommand, SiteEvent, SiteState> = { initialState: initialSiteState, decide, evolve };
