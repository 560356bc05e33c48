/**
 * What a correction decides on: the movement it names (from the events table, with the row of its
 * correction if it has one), the freeze flag, the stock item's snapshot row (the stream head the
 * append checks its version against), and the item's figures from the instant the correction
 * applies on, read from the running figures on its activity rows. A correction is rare, so this
 * reads the item's history rather than keeping more running sums for it.
 */
import { sql } from 'kysely';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { CorrectionBalances, CorrectionHistory } from '../../ledger/stock-item/correct.ts';
import type { StockLocation } from '../../ledger/stock-item/events.ts';

export interface MovementRow {
  position: number;
  stream_id: string;
  type: string;
  data: { location?: StockLocation; materialId?: string; userId?: string | null } & Record<string, unknown>;
  occurred_at: Date;
  corrected_by: number | null;
}

export interface CorrectionStockRow {
  frozen: boolean;
  part_number: string | null;
  part_name: string | null;
  stream_version: number | null;
  last_hash: string | null;
}

/** The movement at a global position, or undefined. */
export async function loadMovement(trx: Trx, position: number): Promise<MovementRow | undefined> {
  const { rows } = await sql<MovementRow>`
    select e.global_position as position, e.stream_id, e.type, e.data, e.occurred_at,
           (select c.position from activity_log c where c.corrects_position = e.global_position) as corrected_by
      from events e where e.global_position = ${position}`.execute(trx);
  const row = rows[0];
  return row && { ...row, position: Number(row.position), corrected_by: row.corrected_by === null ? null : Number(row.corrected_by) };
}

/** The freeze flag, the catalogue names and the stock item's stream head. */
export async function loadCorrectionStock(trx: Trx, location: StockLocation, materialId: string): Promise<CorrectionStockRow> {
  const { rows } = await sql<CorrectionStockRow>`
    select coalesce((select freeze_transactions from site_settings where id = 1), false) as frozen,
           m.part_number, m.part_name, s.stream_version, s.last_hash
      from (select 1) one
      left join materials m on m.material_id = ${materialId}
      left join material_stock s on s.location_kind = ${location.kind} and s.location_id = ${location.id} and s.material_id = ${materialId}`.execute(trx);
  return rows[0]!;
}

interface BalanceRow {
  logistics: number | null;
  on_hand: number | null;
  field: number | null;
  lost: number | null;
  user_qty: number | null;
  high_logistics: number | null;
}

const balances = (r: BalanceRow): CorrectionBalances => ({
  logistics: Number(r.logistics ?? 0),
  onHand: Number(r.on_hand ?? 0),
  field: Number(r.field ?? 0),
  lost: Number(r.lost ?? 0),
  user: Number(r.user_qty ?? 0),
});

/**
 * The item's figures right after every movement at or before `at` (a correction dated `at` sorts
 * after them), and the lowest each reaches on any later movement. The user's field-assigned
 * quantity is summed from the rows that name that user, in the same order.
 */
export async function loadCorrectionHistory(
  trx: Trx,
  location: StockLocation,
  materialId: string,
  at: Date,
  userId: string | null,
): Promise<CorrectionHistory> {
  const { rows } = await sql<BalanceRow & { after: boolean }>`
    with item as (
      select occurred_at, position, b_logistics, b_on_hand, b_field, b_lost,
             sum(case when associated_user_id is not distinct from ${userId}::uuid and ${userId}::uuid is not null then d_field else 0 end)
               over (order by occurred_at, position) as b_user
        from activity_log
       where location_kind = ${location.kind} and location_id = ${location.id} and material_id = ${materialId})
    (select false as after, b_logistics as logistics, b_on_hand as on_hand, b_field as field, b_lost as lost, b_user as user_qty, b_logistics as high_logistics
       from item where occurred_at <= ${at}::timestamptz order by occurred_at desc, position desc limit 1)
    union all
    (select true, min(b_logistics), min(b_on_hand), min(b_field), min(b_lost), min(b_user), max(b_logistics)
       from item where occurred_at > ${at}::timestamptz having count(*) > 0)`.execute(trx);
  const atRow = rows.find((r) => !r.after);
  const afterRow = rows.find((r) => r.after);
  const zero: BalanceRow = { logistics: 0, on_hand: 0, field: 0, lost: 0, user_qty: 0, high_logistics: 0 };
  return {
    atInstant: balances(atRow ?? zero),
    lowestAfter: afterRow ? balances(afterRow) : null,
    highestLogisticsAfter: afterRow ? Number(afterRow.high_logistics) : null,
  };
}
