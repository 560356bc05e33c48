/** The site settings aggregate: one stream, one command; a change that changes nothing records nothing. */
import type { Decider } from '../decider.ts';
import type { SiteCommand } from './commands.ts';
import type { SiteEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialSiteState, type SiteState } from './state.ts';

export function decide(command: SiteCommand, state: SiteState): SiteEvent[] {
  const freezeTransactions = command.data.freezeTransactions ?? state.freezeTransactions;
  const maintenanceMode = command.data.maintenanceMode ?? state.maintenanceMode;
  if (freezeTransactions === state.freezeTransactions && maintenanceMode === state.maintenanceMode) return [];
  return [{ type: 'SiteSettingsChanged', data: { freezeTransactions, maintenanceMode } }];
}

export const siteSettingsDecider: Decider<SiteCommand, SiteEvent, SiteState> = { initialState: initialSiteState, decide, evolve };
