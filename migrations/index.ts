/** Runs the numbered, forward-only migrations; the same files on PGlite and PostgreSQL. */
import { Migrator, type Kysely, type Migration } from 'kysely';
import * as m0001 from './0001-ledger-events.ts';
import * as m0002 from './0002-users-and-sessions.ts';
import * as m0003 from './0003-projects-accounts-site.ts';
import * as m0004 from './0004-materials.ts';
import * as m0005 from './0005-notify-on-append.ts';
import * as m0006 from './0006-stock-months.ts';
import * as m0007 from './0007-activity-log-type-index.ts';
import * as m0008 from './0008-access-changed-notify.ts';
import * as m0009 from './0009-part-numbers-without-case.ts';
import * as m0010 from './0010-inventory-tag-indexes.ts';
import * as m0011 from './0011-activity-log-balances.ts';
import * as m0012 from './0012-drop-stock-months.ts';
import * as m0013 from './0013-activity-log-batches.ts';
import * as m0014 from './0014-warehouses.ts';
import * as m0020 from './0020-labels.ts';
import * as m0026 from './0026-transfers.ts';
import * as m0030 from './0030-assets.ts';
import * as m0035 from './0035-requests.ts';
import * as m0040 from './0040-ledger-subscriptions.ts';
import * as m0041 from './0041-stock-alert-levels.ts';
import * as m0042 from './0042-label-import-jobs.ts';
import * as m0045 from './0045-ledger-seal.ts';
import * as m0049 from './0049-corrections.ts';
import * as m0050 from './0050-upload-policy-uses.ts';
import * as m0051 from './0051-label-import-first-row.ts';
import * as m0052 from './0052-asset-serial-lookup.ts';
import * as m0053 from './0053-label-media.ts';
import * as m0054 from './0054-stock-counts.ts';
import * as m0055 from './0055-offline-max-age.ts';
import * as m0056 from './0056-api-tokens-and-webhooks.ts';
import * as m0057 from './0057-sign-in-factors.ts';

const migrations: Record<string, Migration> = {
  '0001-ledger-events': m0001,
  '0002-users-and-sessions': m0002,
  '0003-projects-accounts-site': m0003,
  '0004-materials': m0004,
  '0005-notify-on-append': m0005,
  '0006-stock-months': m0006,
  '0007-activity-log-type-index': m0007,
  '0008-access-changed-notify': m0008,
  '0009-part-numbers-without-case': m0009,
  '0010-inventory-tag-indexes': m0010,
  '0011-activity-log-balances': m0011,
  '0012-drop-stock-months': m0012,
  '0013-activity-log-batches': m0013,
  '0014-warehouses': m0014,
  '0020-labels': m0020,
  '0026-transfers': m0026,
  '0030-assets': m0030,
  '0035-requests': m0035,
  '0040-ledger-subscriptions': m0040,
  '0041-stock-alert-levels': m0041,
  '0042-label-import-jobs': m0042,
  '0045-ledger-seal': m0045,
  '0049-corrections': m0049,
  '0050-upload-policy-uses': m0050,
  '0051-label-import-first-row': m0051,
  '0052-asset-serial-lookup': m0052,
  '0053-label-media': m0053,
  '0054-stock-counts': m0054,
  '0055-offline-max-age': m0055,
  '0056-api-tokens-and-webhooks': m0056,
  '0057-sign-in-factors': m0057,
};

export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
