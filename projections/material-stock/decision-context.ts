/**
 * What stock commands decide on, for a whole batch in ONE statement: the part, the freeze flag, the
 * item's snapshot row (its numbers and the stream head they belong to), its holders, the project's
 * thresholds, and the user a command names. Part numbers match without case (`brk-011` is
 * `BRK-011`). The snapshot row is written in the same transaction as
 * the events it reflects, so its version is the stream's version: a concurrent append still fails
 * on the version and the command is decided again on fresh numbers. `loadStock` answers each row with
 * its stock item as a loaded stream (state and head from the row), ready for a decider.
 */
import { sql } from 'kysely';
import type { LoadedStream } from '../../ledger/command.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import type { StreamPosition } from '../../ledger/event-store/types.ts';
import { initialMaterialState, type MaterialState } from '../../ledger/material/state.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { type StockItemEvent, type StockLocation, stockStreamId } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';

export interface StockLookup {
  location: StockLocation;
  partNumber: string;
  userId: string | null;
  /** Whether to look for requests waiting on delivery of the part. */
  waitingRequests?: boolean;
}

export interface StockContextRow {
  material_id: string | null;
  part_number: string | null;
  part_name: string | null;
  part_nickname: string | null;
  frozen: boolean;
  low_stock_default: number | null;
  critical_stock_default: number | null;
  logistics_qty: number | null;
  on_hand: number | null;
  field_assigned: number | null;
  lost_outstanding: number | null;
  in_transit: number | null;
  incoming: number | null;
  low_threshold: number | null;
  critical_threshold: number | null;
  stream_version: number | null;
  last_hash: string | null;
  assignments: Record<string, number> | null;
  user_firstname: string | null;
  user_lastname: string | null;
  user_email: string | null;
  user_is_member: boolean;
  /** A request of the project is on hold waiting for delivery of this part (only a receive asks). */
  requests_waiting: boolean;
}

export async function loadStockContextRows(trx: Trx, lookups: readonly StockLookup[]): Promise<StockContextRow[]> {
  const { rows } = await sql<StockContextRow & { ord: number }>`
    select i.ord, m.material_id, m.part_number, m.part_name, m.part_nickname,
           coalesce(site.freeze_transactions, false) as frozen,
           p.low_stock_default, p.critical_stock_default,
           s.logistics_qty, s.on_hand, s.field_assigned, s.lost_outstanding, s.in_transit, s.incoming, s.low_threshold, s.critical_threshold,
           s.stream_version, s.last_hash,
           (select json_object_agg(a.user_id, a.qty) from material_assignments a
             where a.location_kind = i.kind and a.location_id = i.loc
               and a.material_id = m.material_id and a.qty > 0) as assignments,
           u.user_firstname, u.user_lastname, u.email as user_email,
           (u.deactivated_at is null and pm.project_role is not null) as user_is_member,
           (i.waiting and exists (select 1 from requests r join request_lines l on l.request_id = r.id
                                  where r.project_id = i.loc and r.waiting_delivery and r.status = 'on-hold'
                                    and l.status = 'on-hold' and l.material_id = m.material_id)) as requests_waiting
      from unnest(${lookups.map((_, i) => i)}::int4[], ${lookups.map((l) => l.location.kind)}::text[],
                  ${lookups.map((l) => l.location.id)}::uuid[], ${lookups.map((l) => l.partNumber.trim())}::text[],
                  ${lookups.map((l) => l.userId)}::uuid[], ${lookups.map((l) => l.waitingRequests === true && l.location.kind === 'project')}::bool[])
           as i (ord, kind, loc, part, user_id, waiting)
      left join site_settings site on site.id = 1
      left join projects p on i.kind = 'project' and p.id = i.loc
      left join lateral (select * from materials mm where lower(mm.part_number) = lower(i.part)
                          order by mm.part_number = i.part desc limit 1) m on true
      left join material_stock s on s.location_kind = i.kind and s.location_id = i.loc and s.material_id = m.material_id
      left join users u on u.id = i.user_id
      left join project_members pm on pm.project_id = i.loc and pm.user_id = i.user_id
     order by i.ord`.execute(trx);
  return rows.map((r) => ({ ...r, user_is_member: Boolean(r.user_is_member), requests_waiting: Boolean(r.requests_waiting) }));
}

const nullableNumber = (v: number | null) => (v === null ? null : Number(v));

/** A stock item's state from its snapshot row (zeros when the part has no stock here yet). */
export function stockItemStateOf(r: StockContextRow): StockItemState {
  return {
    exists: r.stream_version !== null,
    partNumber: r.part_number ?? '',
    partName: r.part_name ?? '',
    logistics: r.logistics_qty ?? 0,
    onHand: r.on_hand ?? 0,
    field: r.field_assigned ?? 0,
    lost: r.lost_outstanding ?? 0,
    inTransit: r.in_transit ?? 0,
    incoming: r.incoming ?? 0,
    assignments: r.assignments ?? {},
    lowThreshold: nullableNumber(r.low_threshold),
    criticalThreshold: nullableNumber(r.critical_threshold),
    // A project's stock has no places and assigns to no project (a warehouse's loader adds them).
    places: {},
    projects: {},
  };
}

/** The catalogue's part from the row (not defined when the catalogue has no such part number). */
export function materialStateOf(r: StockContextRow): MaterialState {
  if (r.material_id === null) return initialMaterialState();
  return { defined: true, materialId: r.material_id, partNumber: r.part_number!, partName: r.part_name!, partNickname: r.part_nickname! };
}

/** The stream head the snapshot row reflects (version 0 when the part has no stock here yet). */
export function stockHeadOf(r: Pick<StockContextRow, 'stream_version' | 'last_hash'>): StreamPosition {
  return r.stream_version !== null ? { version: r.stream_version, hash: r.last_hash ? Buffer.from(r.last_hash, 'hex') : null } : { version: 0, hash: null };
}

export interface LoadedStock {
  row: StockContextRow;
  /** Null when the catalogue has no such part. */
  stream: LoadedStream<StockItemState, StockItemEvent> | null;
}

/** The lookups' rows (one statement), each with its stock item as a loaded stream. */
export async function loadStock(trx: Trx, lookups: readonly StockLookup[]): Promise<LoadedStock[]> {
  const rows = await loadStockContextRows(trx, lookups);
  return rows.map((row, i) => ({
    row,
    stream: row.material_id
      ? {
          streamId: stockStreamId(lookups[i]!.location, row.material_id),
          head: stockHeadOf(row),
          state: stockItemStateOf(row),
          evolve: stockItemDecider.evolve,
        }
      : null,
  }));
}
