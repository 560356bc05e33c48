import { sql, type Kysely } from 'kysely';

/**
 * `label_media`: the label media saved by name for the whole site, projected from the
 * `label-media:site` stream. A few hundred rows at most, listed whole by name.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table label_media (
      id uuid primary key,
      name text not null,
      medium jsonb not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`.execute(db);
}
