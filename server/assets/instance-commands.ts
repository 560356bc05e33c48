/**
 * Commands on one serialized instance's stream (`asset:<id>`, folded: an instance has tens of
 * events): receive new, move between owners, in use / available, lost / found. Every move of an
 * instance appends to that one stream with its expected version, so two moves at once cannot both
 * win: the second is decided again on the new owner and refused with the spec's message.
 */
import { randomUUID } from 'node:crypto';
import type { CommandOptions } from '../../ledger/command.ts';
import { runCommand } from '../../ledger/command-runner.ts';
import type { AssetInstanceCommand } from '../../ledger/asset/commands.ts';
import { assetInstanceDecider } from '../../ledger/asset/decide.ts';
import { assetStreamId, type Owner } from '../../ledger/asset/events.ts';
import type { EventStore, Trx } from '../../ledger/event-store/event-store.ts';
import { foldedStreamHandler } from '../../ledger/stream-handler.ts';
import { catalogLookup, isFrozen, ownerLookup, projectsOfUser, serialTaken } from '../../projections/assets/decision-context.ts';

export type MetadataInput = Record<string, string | number | boolean | null>;

export type InstanceRequest =
  | {
      type: 'receive-new';
      catalogId: string;
      serialNumber: string | null;
      assetName: string | null;
      condition: string | null;
      notes: string | null;
      to: Owner;
      parentWarehouseId: string | null;
      metadata: MetadataInput;
    }
  | { type: 'move'; from: Owner | { type: Owner['type']; id: null } | null; to: Owner; notes: string | null }
  | { type: 'in-use'; inUse: boolean; userId: string | null; notes: string | null }
  | { type: 'lost' | 'found'; at: Owner; notes: string | null };

interface Input {
  instanceId: string;
  request: InstanceRequest;
}

async function lookupOne(trx: Trx, { instanceId, request }: Input, frozen: boolean): Promise<Lookup> {
  switch (request.type) {
    case 'receive-new': {
      const catalog = await catalogLookup(trx, request.catalogId);
      const parentId = request.parentWarehouseId;
      const command: AssetInstanceCommand = {
        type: 'ReceiveNewInstance',
        data: {
          frozen,
          instanceId,
          catalog,
          serialNumber: request.serialNumber,
          serialTaken: catalog ? await serialTaken(trx, catalog.catalogId, request.serialNumber) : false,
          assetName: request.assetName,
          condition: request.condition,
          notes: request.notes,
          to: request.to,
          destination: await ownerLookup(trx, request.to),
          parentWarehouseId: parentId,
          parent: parentId ? await ownerLookup(trx, { type: 'warehouse', id: parentId }) : null,
          metadata: request.metadata,
        },
      };
      return { command, memberOf: [] };
    }
    case 'move':
      return {
        command: {
          type: 'MoveInstance',
          data: { frozen, from: request.from, to: request.to, destination: await ownerLookup(trx, request.to), notes: request.notes },
        },
        memberOf: [],
      };
    case 'in-use':
      return {
        command: { type: 'SetInstanceInUse', data: { frozen, inUse: request.inUse, userId: request.userId, userIsMember: false, notes: request.notes } },
        memberOf: request.inUse && request.userId ? await projectsOfUser(trx, request.userId) : [],
      };
    case 'lost':
      return { command: { type: 'MarkInstanceLost', data: { at: request.at, notes: request.notes } }, memberOf: [] };
    case 'found':
      return { command: { type: 'MarkInstanceFound', data: { at: request.at, notes: request.notes } }, memberOf: [] };
  }
}

/** The command as read beside the stream; for in use, the projects the user belongs to (checked against where the stream says the instance is). */
interface Lookup {
  command: AssetInstanceCommand;
  memberOf: string[];
}

const instanceHandler = foldedStreamHandler({
  name: 'asset-instance',
  decider: assetInstanceDecider,
  streamId: (input: Input) => assetStreamId(input.instanceId),
  retryOn: ['asset_instances_serial'],
  async lookup(trx, inputs) {
    const frozen = await isFrozen(trx);
    const out: Lookup[] = [];
    for (const input of inputs) out.push(await lookupOne(trx, input, frozen));
    return out;
  },
  command(_input, state, { command, memberOf }): AssetInstanceCommand {
    if (command.type !== 'SetInstanceInUse') return command;
    const owner = state.owner;
    return { ...command, data: { ...command.data, userIsMember: owner?.type === 'project' && memberOf.includes(owner.id) } };
  },
  result: (input) => ({ instanceId: input.instanceId }),
});

/** Runs one instance command; a new instance gets its id here. */
export async function runInstance(store: EventStore, instanceId: string | null, request: InstanceRequest, options: CommandOptions) {
  const id = instanceId ?? randomUUID();
  await runCommand(store, instanceHandler, { instanceId: id, request }, options);
  return id;
}
