import { sql, type Kysely } from 'kysely';

/**
 * A wake-up on the `access_changed` channel whenever who may do what could have changed: an event on
 * a user, project or site-settings stream (roles, memberships, deactivation, archive, maintenance),
 * or a session revoked or its tokens removed. Every server process clears its cache of sessions and
 * memberships on it. Raised by triggers, so no code path that changes these can forget it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function access_changed_on_append() returns trigger language plpgsql as $$
    begin
      if exists (select 1 from appended where stream_id like 'user:%' or stream_id like 'project:%' or stream_id like 'site:%') then
        perform pg_notify('access_changed', '');
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger events_access_changed after insert on events
      referencing new table as appended
      for each statement execute function access_changed_on_append()`.execute(db);
  await sql`
    create function access_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('access_changed', '');
      return null;
    end $$`.execute(db);
  await sql`create trigger auth_sessions_access_changed after update or delete on auth_sessions for each statement execute function access_changed()`.execute(
    db,
  );
  await sql`create trigger auth_tokens_access_changed after delete on auth_tokens for each statement execute function access_changed()`.execute(db);
}
