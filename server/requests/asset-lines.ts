/**
 * Asset lines of a request: what their decisions read — the live asset types by number, and the
 * project's instances free to give (in the project, not in use, not lost, oldest first), each with
 * its stream folded, so the ledger's fulfil (ledger/request/fulfil.ts) marks them in use for the
 * requester with their expected versions in the same transaction as the request's event, and an
 * instance given twice at once fails one of them.
 */
import { sql } from 'kysely';
import type { LoadedStream } from '../../ledger/command.ts';
import { assetInstanceDecider } from '../../ledger/asset/decide.ts';
import { type AssetInstanceEvent, assetStreamId } from '../../ledger/asset/events.ts';
import type { AssetInstanceState } from '../../ledger/asset/state.ts';
import type { Trx } from '../../ledger/event-store/event-store.ts';
import { loadFolded } from '../../ledger/stream-handler.ts';

export type InstanceStream = LoadedStream<AssetInstanceState, AssetInstanceEvent>;

export interface AssetContext {
  /** Live asset types by asset number in lower case. */
  types: Map<string, { assetNumber: string; assetName: string }>;
  /** Free instances per asset number in lower case, in the order to give them. */
  instances: Record<string, string[]>;
  /** The free instances' streams, by stream id. */
  streams: Record<string, InstanceStream>;
  requesterIsMember: boolean;
  frozen: boolean;
}

const key = (assetNumber: string) => assetNumber.trim().toLowerCase();

export async function assetTypes(trx: Trx, assetNumbers: readonly string[]): Promise<AssetContext['types']> {
  if (assetNumbers.length === 0) return new Map();
  const { rows } = await sql<{ asset_number: string; asset_name: string }>`
    select asset_number, asset_name from asset_catalog
     where deleted_at is null and lower(asset_number) = any(${assetNumbers.map(key)}::text[])`.execute(trx);
  return new Map(rows.map((r) => [key(r.asset_number), { assetNumber: r.asset_number, assetName: r.asset_name }]));
}

/** At most `most` free instances of each asset number in the project, with their streams folded. */
export async function loadAssetContext(trx: Trx, projectId: string, requesterId: string, assetNumbers: readonly string[], most: number): Promise<AssetContext> {
  const types = await assetTypes(trx, assetNumbers);
  const { rows } = await sql<{ id: string; asset_number: string }>`
    select id, asset_number from (
      select i.id, c.asset_number, row_number() over (partition by i.catalog_id order by i.created_at, i.id) as n
        from asset_instances i join asset_catalog c on c.id = i.catalog_id
       where i.owner_type = 'project' and i.owner_id = ${projectId} and not i.in_use and not i.lost
         and c.deleted_at is null and lower(c.asset_number) = any(${assetNumbers.map(key)}::text[])) free
     where n <= ${most}
     order by asset_number, n`.execute(trx);
  const loaded =
    rows.length > 0
      ? await loadFolded(
          trx,
          assetInstanceDecider,
          rows.map((r) => assetStreamId(r.id)),
        )
      : [];
  const streams = Object.fromEntries(loaded.map((stream) => [stream.streamId, stream]));
  const instances: Record<string, string[]> = {};
  for (const row of rows) {
    const number = key(row.asset_number);
    instances[number] = [...(instances[number] ?? []), row.id];
  }
  const { rows: flags } = await sql<{ member: boolean; frozen: boolean }>`
    select exists (select 1 from project_members where project_id = ${projectId} and user_id = ${requesterId}) as member,
           coalesce((select freeze_transactions from site_settings where id = 1), false) as frozen`.execute(trx);
  return { types, instances, streams, requesterIsMember: Boolean(flags[0]?.member), frozen: Boolean(flags[0]?.frozen) };
}
