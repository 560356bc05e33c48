import { sql, type Kysely } from 'kysely';

/**
 * The post-commit wake-up is raised by the insert itself (a statement trigger with the new rows'
 * highest position), so an append costs no extra round trip; PostgreSQL delivers it on commit.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function events_notify() returns trigger language plpgsql as $$
    declare
      last_position bigint;
    begin
      select max(global_position) into last_position from appended;
      perform pg_notify('ledger_appended', last_position::text);
      return null;
    end $$`.execute(db);
  await sql`
    create trigger events_notify after insert on events
      referencing new table as appended
      for each statement execute function events_notify()`.execute(db);
}
