/** Reading and changing the site settings (freeze, maintenance, the age limit of offline actions, private webhook receivers). */
import { OFFLINE_MAX_AGE } from '../../contract/offline.ts';
import type { SiteSettings } from '../../contract/site.ts';
import type { Db } from '../../ledger/database.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import { siteSettingsDecider } from '../../ledger/site/decide.ts';
import { SITE_SETTINGS_STREAM } from '../../ledger/site/events.ts';

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const row = await db
    .selectFrom('site_settings')
    .select([
      'freeze_transactions',
      'maintenance_mode',
      'offline_max_age_days',
      'webhooks_allow_private',
      'second_factor_policy',
      'password_sign_in',
      'sso_sign_up',
    ])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? DEFAULT_SETTINGS;
}

const DEFAULT_SETTINGS: SiteSettings = {
  freeze_transactions: false,
  maintenance_mode: false,
  offline_max_age_days: OFFLINE_MAX_AGE.defaultDays,
  webhooks_allow_private: false,
  second_factor_policy: 'none',
  password_sign_in: true,
  sso_sign_up: false,
};

/** Off, only the superadmin signs in with a password. */
export async function passwordSignInAllowed(db: Db): Promise<boolean> {
  const row = await db.selectFrom('site_settings').select('password_sign_in').where('id', '=', 1).executeTakeFirst();
  return row?.password_sign_in ?? true;
}

type SiteChange = Partial<SiteSettings>;

const siteHandler = foldedStreamHandler({
  name: 'site-settings',
  decider: siteSettingsDecider,
  streamId: (_change: SiteChange) => SITE_SETTINGS_STREAM,
  command: (change) => ({
    type: 'ChangeSiteSettings' as const,
    data: {
      freezeTransactions: change.freeze_transactions,
      maintenanceMode: change.maintenance_mode,
      offlineMaxAgeDays: change.offline_max_age_days,
      webhooksAllowPrivate: change.webhooks_allow_private,
      secondFactorPolicy: change.second_factor_policy,
      passwordSignIn: change.password_sign_in,
      ssoSignUp: change.sso_sign_up,
    },
  }),
});

export async function changeSiteSettings(store: EventStore, change: SiteChange, options: CommandOptions): Promise<SiteSettings> {
  await runCommand(store, siteHandler, change, options);
  return readSiteSettings(store.db);
}
