/** Reading and changing the site settings (freeze and maintenance). */
import type { Db } from '../../ledger/database.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { runStreamCommand, type CommandOptions } from '../../ledger/handle-command.ts';
import { SITE_SETTINGS_STREAM, siteSettingsDecider } from '../../ledger/site/site-settings.ts';

export interface SiteSettings {
  freeze_transactions: boolean;
  maintenance_mode: boolean;
}

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').select(['freeze_transactions', 'maintenance_mode']).where('id', '=', 1).executeTakeFirst();
  return row ?? { freeze_transactions: false, maintenance_mode: false };
}

export async function changeSiteSettings(store: EventStore, change: { freeze_transactions?: boolean; maintenance_mode?: boolean }, options: CommandOptions): Promise<SiteSettings> {
  await runStreamCommand(store, options, siteSettingsDecider, SITE_SETTINGS_STREAM, () => ({
    type: 'ChangeSiteSettings' as const,
    data: { freezeTransactions: change.freeze_transactions, maintenanceMode: change.maintenance_mode },
  }));
  return readSiteSettings(store.db);
}
