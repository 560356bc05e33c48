/**
 * A serialized asset instance: received new (its type's serial rule, a serial unique per asset
 * number, a parent warehouse), moved between warehouses and projects (one stream, so two moves at
 * once cannot both win: the loser is decided again on the new owner and refused), marked in use
 * for a project member and available again (only an In-Use instance can be unassigned), lost and
 * found. Names, the freeze and who is a member arrive in the command, read beside the stream.
 */
import type { Decider } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { AssetInstanceCommand, OwnerLookup } from './commands.ts';
import { type AssetInstanceEvent, moveActionOf, type Owner } from './events.ts';
import { ASSET_MESSAGES as M } from '../../contract/messages/assets.ts';
import { evolveInstance } from './evolve.ts';
import { type AssetInstanceState, initialAssetInstanceState } from './state.ts';

export const DEFAULT_CONDITION = 'good';

const clean = (value: string | null | undefined): string | null => (value ?? '').trim() || null;
const sameOwner = (a: Owner | null, b: Owner) => a !== null && a.type === b.type && a.id === b.id;

function requireOpen(frozen: boolean) {
  if (frozen) throw new DomainError('FROZEN', M.frozen);
}

/** The destination exists and (a warehouse) is in use. */
export function requireDestination(to: Owner, lookup: OwnerLookup) {
  if (!lookup) throw new DomainError('NOT_FOUND', to.type === 'warehouse' ? M.warehouseNotFound : M.projectNotFound);
  if (!lookup.active) throw new DomainError('DOMAIN_RULE', M.warehouseInactive);
}

const notHereMessage = (at: { type: Owner['type'] }) => (at.type === 'warehouse' ? M.notInWarehouse : M.notInProject);

/** The instance exists and is where the caller says. */
function requireAt(
  state: AssetInstanceState,
  at: Owner | { type: Owner['type']; id: null } | null,
): { owner: Owner; asset: NonNullable<AssetInstanceState['asset']>; instanceId: string } {
  if (!state.exists || !state.owner || !state.asset || !state.instanceId) throw new DomainError('NOT_FOUND', at ? notHereMessage(at) : M.instanceNotFound);
  if (at && (state.owner.type !== at.type || (at.id !== null && state.owner.id !== at.id))) throw new DomainError('NOT_FOUND', notHereMessage(at));
  return { owner: state.owner, asset: state.asset, instanceId: state.instanceId };
}

export function decide(command: AssetInstanceCommand, state: AssetInstanceState): AssetInstanceEvent[] {
  switch (command.type) {
    case 'ReceiveNewInstance': {
      const c = command.data;
      requireOpen(c.frozen);
      if (state.exists) throw new DomainError('CONFLICT', M.instanceExists);
      if (!c.catalog) throw new DomainError('NOT_FOUND', M.catalogNotFound);
      if (c.catalog.kind === 'bulk') throw new DomainError('VALIDATION', M.bulkNeedsQuantity);
      const serialNumber = clean(c.serialNumber);
      if (c.catalog.serialRequired && !serialNumber) throw new DomainError('VALIDATION', M.serialRequired);
      if (serialNumber && c.serialTaken) throw new DomainError('CONFLICT', M.serialTaken);
      requireDestination(c.to, c.destination);
      const parentWarehouseId = c.to.type === 'warehouse' ? (c.parentWarehouseId ?? c.to.id) : c.parentWarehouseId;
      if (!parentWarehouseId) throw new DomainError('VALIDATION', M.parentWarehouseRequired);
      if (parentWarehouseId !== c.to.id && !c.parent) throw new DomainError('NOT_FOUND', M.warehouseNotFound);
      const assetName = clean(c.assetName) ?? c.catalog.assetName;
      const metadata = { ...c.metadata, asset_name: assetName, asset_category: c.catalog.categoryName, serial_required: c.catalog.serialRequired };
      return [
        {
          type: 'AssetInstanceReceived',
          data: {
            instanceId: c.instanceId,
            asset: { catalogId: c.catalog.catalogId, assetNumber: c.catalog.assetNumber, assetName, serialNumber },
            to: c.to,
            condition: clean(c.condition) ?? DEFAULT_CONDITION,
            notes: clean(c.notes),
            parentWarehouseId,
            originWarehouseId: parentWarehouseId,
            metadata,
          },
        },
      ];
    }
    case 'MoveInstance': {
      const c = command.data;
      requireOpen(c.frozen);
      const { owner, asset, instanceId } = requireAt(state, c.from);
      if (state.lost) throw new DomainError('DOMAIN_RULE', M.lostCannotMove);
      if (state.inUse) throw new DomainError('DOMAIN_RULE', M.inUseCannotMove);
      if (sameOwner(owner, c.to)) throw new DomainError('DOMAIN_RULE', M.alreadyThere);
      requireDestination(c.to, c.destination);
      return [{ type: 'AssetInstanceMoved', data: { instanceId, asset, from: owner, to: c.to, action: moveActionOf(owner, c.to), notes: clean(c.notes) } }];
    }
    case 'SetInstanceInUse': {
      const c = command.data;
      if (!state.exists || !state.owner || !state.asset || !state.instanceId)
        throw new DomainError('NOT_FOUND', c.inUse ? M.missingInstanceOrUser : M.missingInstance);
      requireOpen(c.frozen);
      const base = { instanceId: state.instanceId, asset: state.asset, owner: state.owner, notes: clean(c.notes) };
      if (!c.inUse) {
        if (!state.inUse || !state.assignedUserId) throw new DomainError('DOMAIN_RULE', M.onlyInUseUnassigned);
        return [{ type: 'AssetInstanceMarkedAvailable', data: { ...base, userId: state.assignedUserId } }];
      }
      if (!c.userId) throw new DomainError('VALIDATION', M.missingInstanceOrUser);
      if (state.owner.type !== 'project') throw new DomainError('DOMAIN_RULE', M.inUseOnlyInProject);
      if (state.lost) throw new DomainError('DOMAIN_RULE', M.lostCannotMove);
      if (state.inUse) throw new DomainError('CONFLICT', M.alreadyInUse);
      if (!c.userIsMember) throw new DomainError('DOMAIN_RULE', M.notAMember);
      return [{ type: 'AssetInstanceMarkedInUse', data: { ...base, userId: c.userId } }];
    }
    case 'MarkInstanceLost': {
      const { owner, asset, instanceId } = requireAt(state, command.data.at);
      if (state.lost) throw new DomainError('DOMAIN_RULE', M.alreadyLost);
      return [{ type: 'AssetInstanceMarkedLost', data: { instanceId, asset, owner, userId: state.assignedUserId, notes: clean(command.data.notes) } }];
    }
    case 'MarkInstanceFound': {
      const { owner, asset, instanceId } = requireAt(state, command.data.at);
      if (!state.lost) throw new DomainError('DOMAIN_RULE', M.notLost);
      return [{ type: 'AssetInstanceMarkedFound', data: { instanceId, asset, owner, notes: clean(command.data.notes) } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const assetInstanceDecider: Decider<AssetInstanceCommand, AssetInstanceEvent, AssetInstanceState> = {
  initialState: initialAssetInstanceState,
  decide,
  evolve: evolveInstance,
};
