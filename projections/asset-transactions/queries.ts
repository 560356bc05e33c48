/**
 * The asset logs: transactions touching a project, a warehouse or an instance (either side of a
 * move), newest first, each named with both sides ("#3 · North Yard", "P-100 · Tower", a person).
 */
import { type Selectable, sql } from 'kysely';
import type { AssetAction, AssetTransaction } from '../../contract/assets.ts';
import type { Db } from '../../ledger/database.ts';
import type { AssetTransactionsTable } from '../../migrations/schema.ts';
import { containing } from '../like.ts';

export interface TransactionFilter {
  projectId?: string;
  warehouseId?: string;
  instanceId?: string;
  type?: AssetAction;
  q?: string;
  limit: number;
}

type SideType = 'warehouse' | 'project' | 'user';
/** The table keeps the action and the sides' types as text; these are the values its projector writes. */
type Row = Omit<Selectable<AssetTransactionsTable>, 'action_type' | 'from_type' | 'to_type'> & {
  action_type: AssetAction;
  from_type: SideType | null;
  to_type: SideType | null;
  from_label: string | null;
  to_label: string | null;
};

const label = (side: 'from' | 'to') =>
  sql.raw(`
  case t.${side}_type
    when 'warehouse' then (select '#' || w.num_id || ' · ' || w.name from warehouses w where w.id = t.${side}_id)
    when 'project' then (select p.project_number || ' · ' || p.project_name from projects p where p.id = t.${side}_id)
    when 'user' then (select nullif(trim(u.user_firstname || ' ' || u.user_lastname), '') from users u where u.id = t.${side}_id)
  end`);

export async function assetTransactions(db: Db, f: TransactionFilter): Promise<AssetTransaction[]> {
  const owner = f.projectId ?? f.warehouseId;
  const q = f.q?.trim();
  // Raw SQL: each side's label is a case over three tables chosen by the side's type.
  const { rows } = await sql<Row>`
    select t.*, ${label('from')} as from_label, ${label('to')} as to_label
      from asset_transactions t
     where true
       ${owner ? sql`and (t.from_id = ${owner} or t.to_id = ${owner})` : sql``}
       ${f.instanceId ? sql`and t.instance_id = ${f.instanceId}` : sql``}
       ${f.type ? sql`and t.action_type = ${f.type}` : sql``}
       ${q ? sql`and (t.asset_number ilike ${containing(q)} or t.asset_name ilike ${containing(q)} or t.serial_number ilike ${containing(q)} or t.actor_name ilike ${containing(q)})` : sql``}
     order by t.occurred_at desc, t.position desc
     limit ${f.limit}`.execute(db);
  return rows.map((r) => ({
    id: Number(r.position),
    position: Number(r.position),
    hash: r.hash,
    action_type: r.action_type,
    created_at: new Date(r.occurred_at).toISOString(),
    created_by: r.actor_name,
    created_by_id: r.actor_id,
    quantity: Number(r.quantity),
    asset_number: r.asset_number,
    asset_name: r.asset_name,
    serial_number: r.serial_number,
    instance_id: r.instance_id,
    catalog_id: r.catalog_id,
    from_owner_type: r.from_type,
    from_owner_id: r.from_id,
    from_owner_label: r.from_label,
    to_owner_type: r.to_type,
    to_owner_id: r.to_id,
    to_owner_label: r.to_label,
    notes: r.notes,
  }));
}
