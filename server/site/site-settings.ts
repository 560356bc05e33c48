/** Reading and changing the site settings (freeze and maintenance). */
import type { Db } from '../../ledger/database.ts';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import { siteSettingsDecider } from '../../ledger/site/decide.ts';
import { SITE_SETTINGS_STREAM } from '../../ledger/site/events.ts';

export interface SiteSettings {
  freeze_transactions: boolean;
  maintenance_mode: boolean;
}

export async function readSiteSettings(db: Db): Promise<SiteSettings> {
  const row = await db.selectFrom('site_settings').select(['freeze_transactions', 'maintenance_mode']).where('id', '=', 1).executeTakeFirst();
  return row ?? { freeze_transactions: false, maintenance_mode: false };
}

type SiteChange = { freeze_transactions?: boolean; maintenance_mode?: boolean };

const siteHandler = foldedStreamHandler({
  name: 'site-settings',
  decider: siteSettingsDecider,
  streamId: (_change: SiteChange) => SITE_SETTINGS_STREAM,
  command: (change) => ({
    type: 'ChangeSiteSettings' as const,
    data: { freezeTransactions: change.freeze_transactions, maintenanceMode: change.maintenance_mode },
  }),
});

export async function changeSiteSettings(store: EventStore, change: SiteChange, options: CommandOptions): Promise<SiteSettings> {
  await runCommand(store, siteHandler, change, options);
  return readSiteSettings(store.db);
}
