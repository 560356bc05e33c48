/**
 * An owner's Asset rows as they stood at an instant, from the transaction log alone (by
 * `occurred_at`, so a movement entered late but dated earlier counts from when it happened): where
 * each instance was, whether it was in use or lost, and each bulk type's on hand, assigned out and
 * lost as sums of the movements up to then. Who had an instance in use is given by id only.
 */
import { sql } from 'kysely';
import type { AssetRow, AssetStatus } from '../../contract/assets.ts';
import type { Owner } from '../../ledger/asset/events.ts';
import type { Db } from '../../ledger/database.ts';
import { catalogNicknames, listInstances } from '../assets/queries.ts';

interface InstanceAt {
  instance_id: string;
  in_use_by: string | null;
  lost: boolean;
}

export async function assetInventoryAsOf(db: Db, owner: Owner, asOf: Date): Promise<AssetRow[]> {
  const { rows: held } = await sql<InstanceAt>`
    with place as (
      select distinct on (instance_id) instance_id, to_type, to_id
        from asset_transactions
       where instance_id is not null and occurred_at <= ${asOf}
         and action_type in ('Receive', 'Assign', 'Return', 'Transfer') and to_type in ('warehouse', 'project')
       order by instance_id, occurred_at desc, position desc
    ), usage as (
      select distinct on (instance_id) instance_id, case when action_type = 'Assign' then to_id end as in_use_by
        from asset_transactions
       where instance_id is not null and occurred_at <= ${asOf}
         and ((action_type = 'Assign' and to_type = 'user') or (action_type = 'Unassign' and from_type = 'user') or action_type = 'Lost')
       order by instance_id, occurred_at desc, position desc
    ), loss as (
      select distinct on (instance_id) instance_id, action_type = 'Lost' as lost
        from asset_transactions
       where instance_id is not null and occurred_at <= ${asOf} and action_type in ('Lost', 'Found')
       order by instance_id, occurred_at desc, position desc
    )
    select p.instance_id, u.in_use_by, coalesce(l.lost, false) as lost
      from place p left join usage u on u.instance_id = p.instance_id left join loss l on l.instance_id = p.instance_id
     where p.to_type = ${owner.type} and p.to_id = ${owner.id}`.execute(db);
  const byId = new Map(held.map((h) => [h.instance_id, h]));
  const instances = held.length > 0 ? await listInstances(db, { ids: [...byId.keys()] }) : [];
  const nicknames = await catalogNicknames(db, [...new Set(instances.map((i) => i.catalog_id))]);
  const place = { ProjectID: owner.type === 'project' ? owner.id : null, warehouse_id: owner.type === 'warehouse' ? owner.id : null };
  const serialized: AssetRow[] = instances.map((i) => {
    const h = byId.get(i.id)!;
    const status: AssetStatus = h.lost ? 'Lost' : h.in_use_by ? 'In-Use' : 'Available';
    return {
      AssetNumber: i.asset_number,
      AssetName: i.asset_name,
      StandardName: nicknames.get(i.catalog_id) ?? '',
      Status: status,
      serial_number: i.serial_number,
      QtyOnHand: status === 'Available' ? 1 : 0,
      AssignedQty: status === 'In-Use' ? 1 : 0,
      QtyLost: status === 'Lost' ? 1 : 0,
      kind: 'serialized',
      catalog_id: i.catalog_id,
      instance_id: i.id,
      category: i.asset_category,
      condition: i.condition,
      in_use: status === 'In-Use',
      assigned_user_id: h.in_use_by,
      assigned_user_name: null,
      ...place,
    };
  });

  const { rows: units } = await sql<{
    catalog_id: string;
    asset_number: string;
    asset_name: string;
    asset_nickname: string;
    category: string;
    on_hand: number;
    assigned: number;
    lost: number;
  }>`
    select t.catalog_id, c.asset_number, c.asset_name, c.asset_nickname, g.category,
           sum(case when t.to_id = ${owner.id} and t.action_type <> 'Lost' then t.quantity
                    when t.from_id = ${owner.id} then -t.quantity else 0 end)::int as on_hand,
           sum(case when t.from_id = ${owner.id} and t.from_type = 'warehouse' and t.to_type = 'project' then t.quantity
                    when t.to_id = ${owner.id} then -t.settles else 0 end)::int as assigned,
           sum(case when t.action_type = 'Lost' and t.from_id = ${owner.id} then t.quantity
                    when t.action_type = 'Found' and t.to_id = ${owner.id} then -t.quantity else 0 end)::int as lost
      from asset_transactions t join asset_catalog c on c.id = t.catalog_id join asset_categories g on g.id = c.category_id
     where t.instance_id is null and t.occurred_at <= ${asOf} and (t.from_id = ${owner.id} or t.to_id = ${owner.id})
     group by t.catalog_id, c.asset_number, c.asset_name, c.asset_nickname, g.category`.execute(db);
  const bulk: AssetRow[] = units
    .filter((u) => Number(u.on_hand) + Number(u.assigned) + Number(u.lost) > 0)
    .map((u) => {
      const onHand = Number(u.on_hand);
      const assigned = Number(u.assigned);
      return {
        AssetNumber: u.asset_number,
        AssetName: u.asset_name,
        StandardName: u.asset_nickname,
        Status: onHand > 0 ? 'Available' : assigned > 0 ? 'In-Use' : 'Lost',
        serial_number: null,
        QtyOnHand: onHand,
        AssignedQty: assigned,
        QtyLost: Number(u.lost),
        kind: 'bulk',
        catalog_id: u.catalog_id,
        instance_id: null,
        category: u.category,
        condition: null,
        in_use: false,
        assigned_user_id: null,
        assigned_user_name: null,
        ...place,
      };
    });
  return [...serialized, ...bulk].sort((a, b) => a.AssetNumber.localeCompare(b.AssetNumber) || (a.serial_number ?? '').localeCompare(b.serial_number ?? ''));
}
