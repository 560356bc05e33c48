/**
 * Eras of transaction ids. The commit order `(transaction_id, global_position)` only holds inside
 * one PostgreSQL cluster: a restore into a new cluster starts the xid counter again, below the ids
 * the restored events carry. The first process that starts on such a database opens a new era at
 * the next global position, before it appends anything; consumers then read what is left of the
 * old era by position range and start the tuple order afresh inside the new one.
 */
import { sql } from 'kysely';
import type { Db, Trx } from '../event-store/event-store.ts';

export interface LedgerEra {
  era: number;
  /** The first global position that belongs to this era. */
  firstPosition: number;
}

/** Every era, oldest first (there is one until a database is restored into a new cluster). */
export async function listEras(db: Db | Trx): Promise<LedgerEra[]> {
  const rows = await db.selectFrom('ledger_eras').select(['era', 'first_position']).orderBy('era').execute();
  return rows.map((row) => ({ era: row.era, firstPosition: Number(row.first_position) }));
}

/**
 * Opens a new era when this cluster's transaction counter is behind the newest transaction id the
 * current era recorded, which only a restore into a new cluster can cause. Idempotent: once the new
 * era is open it holds no events from the old cluster, so a second call finds nothing to do.
 * Returns the era opened, or null.
 */
export async function openEraAfterRestore(db: Db): Promise<LedgerEra | null> {
  return db.transaction().execute(async (trx) => {
    // Self-conflicting mode: two processes starting together decide one after the other.
    await sql`lock table ledger_eras in share row exclusive mode`.execute(trx);
    const eras = await listEras(trx);
    const current = eras[eras.length - 1]!;
    const { rows } = await sql<{ behind: boolean; head: number }>`
      select pg_current_xact_id() < newest.transaction_id as behind,
             (select coalesce(max(global_position), 0) from events)::int8 as head
        from (select transaction_id from events where global_position >= ${current.firstPosition}
              order by transaction_id desc limit 1) newest`.execute(trx);
    if (!rows[0]?.behind) return null;
    const opened = { era: current.era + 1, firstPosition: Number(rows[0].head) + 1 };
    await trx.insertInto('ledger_eras').values({ era: opened.era, first_position: opened.firstPosition }).execute();
    return opened;
  });
}
