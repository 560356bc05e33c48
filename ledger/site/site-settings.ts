/** The site settings stream (`site:settings`): the transaction freeze and maintenance mode. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT, type Change } from '../topics.ts';
import type { Decider } from '../decider.ts';

export const SITE_SETTINGS_STREAM = 'site:settings';

export const siteEventSchemas = {
  SiteSettingsChanged: z.object({ freezeTransactions: z.boolean(), maintenanceMode: z.boolean() }),
} as const;

export type SiteEvent = { type: 'SiteSettingsChanged'; data: z.infer<typeof siteEventSchemas.SiteSettingsChanged> };
export type SiteCommand = { type: 'ChangeSiteSettings'; data: { freezeTransactions?: boolean; maintenanceMode?: boolean } };
export interface SiteState {
  freezeTransactions: boolean;
  maintenanceMode: boolean;
}

export const siteSettingsDecider: Decider<SiteCommand, SiteEvent, SiteState> = {
  initialState: () => ({ freezeTransactions: false, maintenanceMode: false }),
  decide: (command, state) => {
    const freezeTransactions = command.data.freezeTransactions ?? state.freezeTransactions;
    const maintenanceMode = command.data.maintenanceMode ?? state.maintenanceMode;
    if (freezeTransactions === state.freezeTransactions && maintenanceMode === state.maintenanceMode) return [];
    return [{ type: 'SiteSettingsChanged', data: { freezeTransactions, maintenanceMode } }];
  },
  evolve: (_state, event) => ({ ...event.data }),
};

export const isSiteEvent = (event: RecordedEvent): event is RecordedEvent & SiteEvent => Object.hasOwn(siteEventSchemas, event.type);

export const siteTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['site'] }];
