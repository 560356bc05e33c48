/** Reads of `label_media`. */
import { type Selectable, sql } from 'kysely';
import type { Medium, SavedMedium } from '../../contract/label-media.ts';
import type { Db } from '../../ledger/database.ts';
import type { LabelMediaTable } from '../../migrations/schema.ts';

const columns = ['id', 'name', 'medium', 'created_at', 'updated_at'] as const;

type Row = Pick<Selectable<LabelMediaTable>, (typeof columns)[number]>;

const toSavedMedium = (row: Row): SavedMedium => ({
  id: row.id,
  name: row.name,
  medium: row.medium as Medium,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Every saved medium of the site, by name as a person reads it (without regard to case). */
export async function savedMedia(db: Db): Promise<SavedMedium[]> {
  const rows = await db.selectFrom('label_media').select(columns).orderBy(sql`lower(name)`).orderBy('name').orderBy('id').execute();
  return rows.map(toSavedMedium);
}

/** One saved medium, or undefined. */
export async function findSavedMedium(db: Db, mediumId: string): Promise<SavedMedium | undefined> {
  const row = await db.selectFrom('label_media').select(columns).where('id', '=', mediumId).executeTakeFirst();
  return row ? toSavedMedium(row) : undefined;
}
