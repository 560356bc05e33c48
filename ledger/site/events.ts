/** Events of the site settings stream (`site:settings`): the transaction freeze, maintenance mode and the age limit of offline actions, whether webhooks may go to private addresses, and how people sign in. */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT } from '../../contract/topics.ts';
import { SECOND_FACTOR_POLICIES } from '../../contract/sign-in.ts';
import type { Change } from '../topics.ts';

export const SITE_SETTINGS_STREAM = 'site:settings';

export const siteEventSchemas = {
  SiteSettingsChanged: z.object({
    freezeTransactions: z.boolean(),
    maintenanceMode: z.boolean(),
    // Absent on events recorded before the setting existed: those mean the default.
    offlineMaxAgeDays: z.number().int().optional(),
    webhooksAllowPrivate: z.boolean().optional(),
    secondFactorPolicy: z.enum(SECOND_FACTOR_POLICIES).optional(),
    passwordSignIn: z.boolean().optional(),
    ssoSignUp: z.boolean().optional(),
  }),
} as const;

export type SiteEvent = { type: 'SiteSettingsChanged'; data: z.infer<typeof siteEventSchemas.SiteSettingsChanged> };

export const isSiteEvent = (event: RecordedEvent): event is RecordedEvent & SiteEvent => Object.hasOwn(siteEventSchemas, event.type);

export const siteTopics = (): Change[] => [{ projectId: EVERY_PROJECT, topics: ['site'] }];
