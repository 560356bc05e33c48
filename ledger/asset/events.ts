/**
 * Events of asset instances (`asset:<instance_id>`, one stream per serialized instance) and of bulk
 * asset units (`asset-stock:<owner_type>:<owner_id>:<catalog_id>`, one stream per type a warehouse or
 * project holds, counted like materials). Each carries the type's number and name and the serial as
 * they were, so the transaction log reads them without joins to what changed since.
 */
import { z } from 'zod';
import type { RecordedEvent } from '../event-store/types.ts';
import { EVERY_PROJECT, type Topic } from '../../contract/topics.ts';
import type { Change } from '../topics.ts';

export const ownerSchema = z.object({ type: z.enum(['warehouse', 'project']), id: z.uuid() });
export type Owner = z.infer<typeof ownerSchema>;
const snapshot = z.object({ catalogId: z.uuid(), assetNumber: z.string(), assetName: z.string(), serialNumber: z.string().nullable() });
export type AssetSnapshot = z.infer<typeof snapshot>;
const moveAction = z.enum(['Assign', 'Return', 'Transfer']);
export type MoveAction = z.infer<typeof moveAction>;
const notes = z.string().nullable();
const metadataValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const quantity = z.number().int().positive();

export const assetEventSchemas = {
  AssetInstanceReceived: z.object({
    instanceId: z.uuid(),
    asset: snapshot,
    to: ownerSchema,
    condition: z.string(),
    notes,
    parentWarehouseId: z.uuid(),
    originWarehouseId: z.uuid(),
    metadata: z.record(z.string(), metadataValue),
  }),
  AssetInstanceMoved: z.object({ instanceId: z.uuid(), asset: snapshot, from: ownerSchema, to: ownerSchema, action: moveAction, notes }),
  AssetInstanceMarkedInUse: z.object({ instanceId: z.uuid(), asset: snapshot, owner: ownerSchema, userId: z.uuid(), notes }),
  AssetInstanceMarkedAvailable: z.object({ instanceId: z.uuid(), asset: snapshot, owner: ownerSchema, userId: z.uuid(), notes }),
  /** `userId`: who had it in use when it was lost (it is no longer in use). */
  AssetInstanceMarkedLost: z.object({ instanceId: z.uuid(), asset: snapshot, owner: ownerSchema, userId: z.uuid().nullable(), notes }),
  AssetInstanceMarkedFound: z.object({ instanceId: z.uuid(), asset: snapshot, owner: ownerSchema, notes }),
  BulkAssetReceived: z.object({ owner: ownerSchema, asset: snapshot, quantity, notes }),
  /** The source side of a move; a warehouse sending to a project counts the units as assigned to it. */
  BulkAssetSent: z.object({ owner: ownerSchema, to: ownerSchema, asset: snapshot, quantity, action: moveAction, notes }),
  /** The destination side; `settles` is how much of what this warehouse assigned to `from` comes back. */
  BulkAssetArrived: z.object({ owner: ownerSchema, from: ownerSchema, asset: snapshot, quantity, action: moveAction, settles: z.number().int().min(0), notes }),
  BulkAssetMarkedLost: z.object({ owner: ownerSchema, asset: snapshot, quantity, notes }),
  BulkAssetMarkedFound: z.object({ owner: ownerSchema, asset: snapshot, quantity, notes }),
} as const;

type Schemas = typeof assetEventSchemas;
export type AssetEvent = { [T in keyof Schemas]: { type: T; data: z.infer<Schemas[T]> } }[keyof Schemas];
export type AssetInstanceEvent = Extract<AssetEvent, { type: `AssetInstance${string}` }>;
export type BulkAssetEvent = Extract<AssetEvent, { type: `BulkAsset${string}` }>;
export const ASSET_EVENT_TYPES = Object.keys(assetEventSchemas) as AssetEvent['type'][];
export const ASSET_INSTANCE_EVENT_TYPES = ASSET_EVENT_TYPES.filter((t) => t.startsWith('AssetInstance')) as AssetInstanceEvent['type'][];
export const BULK_ASSET_EVENT_TYPES = ASSET_EVENT_TYPES.filter((t) => t.startsWith('BulkAsset')) as BulkAssetEvent['type'][];

export const assetStreamId = (instanceId: string) => `asset:${instanceId}`;
export const bulkAssetStreamId = (owner: Owner, catalogId: string) => `asset-stock:${owner.type}:${owner.id}:${catalogId}`;

export const isAssetEvent = (event: RecordedEvent): event is RecordedEvent & AssetEvent => Object.hasOwn(assetEventSchemas, event.type);

/** How a move between two owners reads in the logs: out to a project is Assign, back to a warehouse Return. */
export function moveActionOf(from: Owner, to: Owner): MoveAction {
  if (from.type === 'warehouse' && to.type === 'project') return 'Assign';
  if (from.type === 'project' && to.type === 'warehouse') return 'Return';
  return 'Transfer';
}

/** Every asset screen (warehouse views show every project's assets), plus each project the event touches. */
export function assetTopics(event: AssetEvent): Change[] {
  const topics: Topic[] = ['assets'];
  const owners: Owner[] = [];
  const d = event.data as Partial<Record<'to' | 'from' | 'owner', Owner>>;
  for (const o of [d.to, d.from, d.owner]) if (o) owners.push(o);
  const projects = [...new Set(owners.filter((o) => o.type === 'project').map((o) => o.id))];
  return [{ projectId: EVERY_PROJECT, topics }, ...projects.map((projectId) => ({ projectId, topics }))];
}
