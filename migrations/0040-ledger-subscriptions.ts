import { sql, type Kysely } from 'kysely';

/**
 * Durable ledger subscriptions. The checkpoint of each subscription lives in
 * `projection_checkpoints` (its `era` and `(transaction_id, global_position)` tuple); beside it:
 *
 * - `subscription_leases`: which server process runs a subscription now, until when. Only the
 *   holder writes the checkpoint, and it re-checks the lease under a row lock in every batch, so
 *   two processes never deliver the same events.
 * - `ledger_eras`: transaction ids only order events within one PostgreSQL cluster. A restore into
 *   a new cluster starts a new era at the next global position; events of an earlier era are read
 *   by position range, then the tuple order starts again inside the new era.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table subscription_leases (
      name text primary key,
      holder text,
      lease_until timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table ledger_eras (
      era integer primary key check (era > 0),
      first_position bigint not null check (first_position > 0),
      opened_at timestamptz not null default now()
    )`.execute(db);
  await sql`insert into ledger_eras (era, first_position) values (1, 1)`.execute(db);
}
