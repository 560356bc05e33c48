/**
 * Reads of `transfers` and `transfer_items`: a project's transfers (both directions), one transfer,
 * the projects holding a part (for the source picker), the admins a notice goes to, and a
 * transfer's history as the ledger holds it.
 */
import { type Selectable, sql } from 'kysely';
import { formatAddress, type ShippingAddress, type Transfer, type TransferHistoryEntry } from '../../contract/transfers.ts';
import type { Db } from '../../ledger/database.ts';
import { checkedEvent } from '../../ledger/checked-event.ts';
import { readStreams } from '../../ledger/event-store/event-store.ts';
import { isTransferEvent, type TransferEvent, transferStreamId } from '../../ledger/transfer/events.ts';
import { evolve } from '../../ledger/transfer/evolve.ts';
import { initialTransferState } from '../../ledger/transfer/state.ts';
import type { TransfersTable } from '../../migrations/schema.ts';
import { containing } from '../like.ts';

type TransferRow = Selectable<TransfersTable>;

async function withItems(db: Db, rows: TransferRow[]): Promise<Transfer[]> {
  if (rows.length === 0) return [];
  const items = await db
    .selectFrom('transfer_items')
    .selectAll()
    .where(
      'transfer_id',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('transfer_id')
    .orderBy('ord')
    .execute();
  const byTransfer = new Map<string, typeof items>();
  for (const item of items) byTransfer.set(item.transfer_id, [...(byTransfer.get(item.transfer_id) ?? []), item]);
  return rows.map((r) => {
    const address = r.shipping_address ? (JSON.parse(r.shipping_address) as ShippingAddress) : null;
    return {
      id: r.id,
      Type: 'materials',
      FromID: r.from_id,
      ToID: r.to_id,
      FromName: r.from_name,
      ToName: r.to_name,
      PickList: (byTransfer.get(r.id) ?? []).map((i) => ({
        part_number: i.part_number,
        part_name: i.part_name,
        material_id: i.material_id,
        qty: i.qty,
        sent: i.sent,
        received: i.received,
        status: i.status,
      })),
      requested_by: r.requested_by,
      requested_by_id: r.requested_by_id,
      DeliveryMethod: r.delivery_method,
      shipping_address: address,
      ShippingAddress: formatAddress(address),
      TrackingNumber: r.tracking_number,
      Status: r.status as Transfer['Status'],
      Date: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    };
  });
}

/** Every transfer into or out of a project, newest first. */
export async function projectTransfers(db: Db, projectId: string): Promise<Transfer[]> {
  const rows = await db
    .selectFrom('transfers')
    .selectAll()
    .where((eb) => eb.or([eb('from_id', '=', projectId), eb('to_id', '=', projectId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .execute();
  return withItems(db, rows);
}

export async function findTransfer(db: Db, transferId: string): Promise<Transfer | undefined> {
  const rows = await db.selectFrom('transfers').selectAll().where('id', '=', transferId).execute();
  return (await withItems(db, rows))[0];
}

/** Ids of the projects holding, on hand, a part whose number or name contains the text; hidden projects left out. */
export async function projectsHolding(db: Db, q: string): Promise<string[]> {
  const text = q.trim();
  if (text.length < 2) return [];
  const { rows } = await sql<{ id: string }>`
    select distinct p.id
      from material_stock s
      join materials m on m.material_id = s.material_id
      join projects p on p.id = s.location_id
     where s.location_kind = 'project' and s.on_hand > 0 and p.archived_at is null and not p.hide_from_transfer_list
       and (m.part_number ilike ${containing(text)} or m.part_name ilike ${containing(text)} or m.part_nickname ilike ${containing(text)})
     order by p.id`.execute(db);
  return rows.map((r) => r.id);
}

/** The e-mail addresses of a project's admins who are active. */
export async function projectAdminEmails(db: Db, projectId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('project_members')
    .innerJoin('users', 'users.id', 'project_members.user_id')
    .select('users.email')
    .where('project_members.project_id', '=', projectId)
    .where('project_members.project_role', '=', 'admin')
    .where('users.deactivated_at', 'is', null)
    .orderBy('users.email')
    .execute();
  return rows.map((r) => r.email);
}

const ACTIONS: Record<string, string> = {
  TransferRequested: 'Requested',
  TransferPicklistChanged: 'Pick list changed',
  TransferAccepted: 'Accepted',
  TransferDenied: 'Denied',
  TransferItemFulfilled: 'Item fulfilled',
  TransferItemDenied: 'Item denied',
  TransferFulfilled: 'Fulfilled',
  TransferShipped: 'Shipped',
  TransferReady: 'Ready',
  TransferReceived: 'Received',
  TransferItemReceived: 'Item received',
  TransferCompleted: 'Complete',
};

/** The transfer's events as a timeline, oldest first; with an item number, only that item's. */
export async function transferHistory(db: Db, transferId: string, itemNumber?: string): Promise<TransferHistoryEntry[]> {
  const events = (await readStreams(db, [transferStreamId(transferId)])).get(transferStreamId(transferId)) ?? [];
  const entries: TransferHistoryEntry[] = [];
  // Folded along, so a denial can say how much it denied and what it left on its way.
  let transfer = initialTransferState();
  for (const event of events) {
    if (!isTransferEvent(event)) continue;
    const state = transfer;
    transfer = evolve(transfer, checkedEvent<TransferEvent>(event));
    const base = {
      position: event.globalPosition,
      date: event.occurredAt.toISOString(),
      action: ACTIONS[event.type] ?? event.type,
      user: event.metadata.actorName,
      user_id: event.metadata.actorId,
    };
    switch (event.type) {
      case 'TransferItemFulfilled':
        entries.push({
          ...base,
          action: event.data.status === 'partial' ? 'Item partially fulfilled' : base.action,
          item_number: event.data.partNumber,
          quantity: event.data.quantity,
          detail: null,
        });
        break;
      case 'TransferItemDenied': {
        const { partNumber, returned } = event.data;
        const item = state.items.find((i) => i.partNumber === partNumber);
        const sent = item?.sent ?? 0;
        // Quantity: what was denied, or, for a denial recorded when it still gave units back, those units.
        entries.push({
          ...base,
          item_number: partNumber,
          quantity: returned > 0 ? returned : item ? item.qty - sent : null,
          detail: returned > 0 ? `${returned} back on hand` : sent > 0 ? `the ${sent} already sent stay on their way` : null,
        });
        break;
      }
      case 'TransferItemReceived':
        entries.push({ ...base, item_number: event.data.partNumber, quantity: event.data.quantity, detail: null });
        break;
      case 'TransferShipped':
        entries.push({ ...base, item_number: null, quantity: null, detail: `Tracking number ${event.data.trackingNumber}` });
        break;
      case 'TransferRequested':
        entries.push({ ...base, item_number: null, quantity: null, detail: `${event.data.pickList.length} item(s), ${event.data.deliveryMethod}` });
        break;
      default:
        entries.push({ ...base, item_number: null, quantity: null, detail: null });
    }
  }
  const wanted = itemNumber?.trim().toLowerCase();
  return wanted ? entries.filter((e) => e.item_number?.toLowerCase() === wanted) : entries;
}

/** Projects a transfer can come from: every live project not hidden from transfers, by number. */
export async function transferSourceProjects(db: Db): Promise<Array<{ id: string; project_name: string; project_number: string }>> {
  return db
    .selectFrom('projects')
    .select(['id', 'project_name', 'project_number'])
    .where('archived_at', 'is', null)
    .where('hide_from_transfer_list', '=', false)
    .orderBy('project_number')
    .orderBy('id')
    .execute();
}

/** Up to `limit` parts a source project holds on hand matching the text, with how many it holds. */
export async function sourceItems(db: Db, projectId: string, q: string, limit: number) {
  const text = q.trim();
  const like = containing(text);
  const rows = await db
    .selectFrom('material_stock as s')
    .innerJoin('materials as m', 'm.material_id', 's.material_id')
    .innerJoin('projects as p', (join) => join.onRef('p.id', '=', 's.location_id').on('p.hide_from_transfer_list', '=', false).on('p.archived_at', 'is', null))
    .select(['m.material_id', 'm.part_number', 'm.part_name', 'm.part_nickname', 's.on_hand'])
    .where('s.location_kind', '=', 'project')
    .where('s.location_id', '=', projectId)
    .where('s.on_hand', '>', 0)
    .$if(text !== '', (qb) =>
      qb.where((eb) => eb.or([eb('m.part_number', 'ilike', like), eb('m.part_name', 'ilike', like), eb('m.part_nickname', 'ilike', like)])),
    )
    .orderBy('m.part_number')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ ...r, on_hand: Number(r.on_hand), display: `${r.part_number} — ${r.part_name}` }));
}
