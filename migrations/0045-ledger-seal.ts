import { sql, type Kysely } from 'kysely';

/**
 * The global seal: every committed event's place in one chain (`ledger_seal`), the heads of complete
 * 64-leaf blocks of the Merkle tree over it (so proofs read n/64 nodes), and the signed checkpoints.
 * All three are append-only like the events: the same trigger refuses UPDATE, DELETE and TRUNCATE.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table ledger_seal (
      ledger_seq bigint primary key check (ledger_seq > 0),
      global_position bigint not null unique,
      stream_id text not null,
      stream_version integer not null,
      event_hash bytea not null,
      chain_hash bytea not null
    )`.execute(db);
  await sql`
    create table ledger_merkle_blocks (
      block bigint primary key check (block >= 0),
      hash bytea not null
    )`.execute(db);
  await sql`
    create table ledger_checkpoints (
      ledger_seq bigint primary key check (ledger_seq > 0),
      chain_hash bytea not null,
      tree_root bytea not null,
      signed_at timestamptz not null,
      key_id text not null,
      signature text not null
    )`.execute(db);
  for (const table of ['ledger_seal', 'ledger_merkle_blocks', 'ledger_checkpoints']) {
    await sql`create trigger ${sql.raw(`${table}_no_update`)} before update or delete on ${sql.table(table)} for each row execute function events_refuse_change()`.execute(
      db,
    );
    await sql`create trigger ${sql.raw(`${table}_no_truncate`)} before truncate on ${sql.table(table)} for each statement execute function events_refuse_change()`.execute(
      db,
    );
  }
}
