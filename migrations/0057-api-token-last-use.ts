import { sql, type Kysely } from 'kysely';

/**
 * A token's last use is written at most once a minute per process; it changes nobody's access, so
 * it must not wake every process to forget every session and membership it remembers. The trigger
 * of 0056 fired on any update; this one fires on the columns that decide what a token may do.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`drop trigger api_tokens_access_changed on api_tokens`.execute(db);
  await sql`
    create trigger api_tokens_access_changed
      after update of token_hash, user_id, scopes, project_ids, role, project_id, project_role, expires_at, revoked_at or delete on api_tokens
      for each statement execute function access_changed()`.execute(db);
}
