import { sql, type Kysely } from 'kysely';

/**
 * `site_settings.offline_max_age_days`: how many days old a field action kept offline may be when it
 * arrives. The default is the value the older `SiteSettingsChanged` events (without it) stand for,
 * so the row written here and one rebuilt from the ledger agree.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table site_settings add column offline_max_age_days integer not null default 7
              check (offline_max_age_days between 1 and 90)`.execute(db);
}
