/** Site settings, the start-up bootstrap and the outbox. */
import { z } from 'zod';
import { id, pageNumber, text } from './fields.ts';
import { MAX_LENGTH } from './limits.ts';
import { OFFLINE_MAX_AGE, OFFLINE_MAX_AGE_INVALID } from './offline.ts';
import { projectSchema, projectWithRole } from './projects.ts';
import { secondFactorPolicy } from './sign-in.ts';

/** How many days old a field action kept offline may be when it arrives (contract/offline.ts). */
export const offlineMaxAgeDays = z
  .number({ error: OFFLINE_MAX_AGE_INVALID })
  .int(OFFLINE_MAX_AGE_INVALID)
  .min(OFFLINE_MAX_AGE.minDays, OFFLINE_MAX_AGE_INVALID)
  .max(OFFLINE_MAX_AGE.maxDays, OFFLINE_MAX_AGE_INVALID);
export const siteSettings = z.object({
  freeze_transactions: z.boolean(),
  maintenance_mode: z.boolean(),
  offline_max_age_days: offlineMaxAgeDays,
  /** Webhook endpoints may use plain http and loopback or private addresses (tests, on-premises receivers). */
  webhooks_allow_private: z.boolean({ error: 'Webhooks allow private must be true or false.' }),
  /** Who must have a second factor before doing anything else (contract/sign-in.ts). */
  second_factor_policy: secondFactorPolicy,
  /** Off: only the superadmin signs in with a password; everyone else through single sign-on. */
  password_sign_in: z.boolean({ error: 'Password sign-in must be true or false.' }),
  /** A first single sign-on may create an account (global role user, no project) in ALLOWED_EMAIL_DOMAIN. */
  sso_sign_up: z.boolean({ error: 'Single sign-on sign-up must be true or false.' }),
});
export type SiteSettings = z.infer<typeof siteSettings>;
export const siteSettingsPatch = siteSettings
  .partial()
  .refine(
    (v) => Object.keys(v).length > 0,
    'Send at least one setting: freeze_transactions, maintenance_mode, offline_max_age_days, webhooks_allow_private, second_factor_policy, password_sign_in or sso_sign_up',
  );
/** What every signed-in page reads: maintenance sends people to the maintenance page, the freeze shows its banner. */
export const publicSettings = z.object({ maintenance_mode: z.boolean(), freeze_transactions: z.boolean() });

export const bootstrapQuery = z.object({ project_id: id('Project', 'project_id must be a valid id').optional() });
export const bootstrap = z.object({ projects: z.array(projectWithRole), current_project: projectSchema.nullable(), unread_count: z.number() });

export const outboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.string(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
export const outboxQuery = z.object({
  page: pageNumber(),
  to: text({ label: 'Recipient', max: MAX_LENGTH.email }).optional(),
});
export const outboxPage = z.object({ items: z.array(outboxMessage), total: z.number() });
export type OutboxPage = z.infer<typeof outboxPage>;
