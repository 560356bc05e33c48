/**
 * Bulk asset units, counted like materials with the same rules: on hand and lost outstanding never
 * below zero, a move or a loss needs on-hand cover, found needs lost cover. A move between owners is
 * ONE decision over both owners' streams: the source's units leave and the destination's arrive, and
 * a warehouse keeps count of what it assigned to each project until it comes back. Its events are
 * the bulk half of the asset events (../asset/events.ts), one vocabulary for the asset log.
 */
import { requireDestination } from '../asset/decide.ts';
import { type BulkAssetEvent, moveActionOf } from '../asset/events.ts';
import { ASSET_MESSAGES as M, foundExceedsMessage, lostExceedsMessage } from '../../contract/messages/assets.ts';
import { DomainError } from '../errors.ts';
import type { BulkAssetCommand } from './commands.ts';
import type { BulkAssetState } from './state.ts';

export interface BulkStates {
  /** The owner the command acts at (the source of a move). */
  at: BulkAssetState;
  /** The destination of a move. */
  to?: BulkAssetState;
}

export interface BulkEvents {
  at: BulkAssetEvent[];
  to: BulkAssetEvent[];
}

const clean = (value: string | null): string | null => (value ?? '').trim() || null;

function requireQuantity(quantity: number) {
  if (!Number.isInteger(quantity) || quantity < 1) throw new DomainError('VALIDATION', M.quantityPositive);
}

export function decideBulk(command: BulkAssetCommand, states: BulkStates): BulkEvents {
  const c = command.data;
  requireQuantity(c.quantity);
  const notes = clean(c.notes);
  switch (command.type) {
    case 'ReceiveBulk': {
      if (command.data.frozen) throw new DomainError('FROZEN', M.frozen);
      requireDestination(command.data.at, command.data.destination);
      return { at: [{ type: 'BulkAssetReceived', data: { owner: command.data.at, asset: c.asset, quantity: c.quantity, notes } }], to: [] };
    }
    case 'MoveBulk': {
      const { from, to } = command.data;
      if (command.data.frozen) throw new DomainError('FROZEN', M.frozen);
      if (!states.at.exists) throw new DomainError('NOT_FOUND', from.type === 'warehouse' ? M.notInWarehouse : M.notInProject);
      if (from.type === to.type && from.id === to.id) throw new DomainError('DOMAIN_RULE', M.alreadyThere);
      requireDestination(to, command.data.destination);
      if (states.at.onHand < c.quantity) throw new DomainError('DOMAIN_RULE', M.insufficient);
      const action = moveActionOf(from, to);
      const settles = to.type === 'warehouse' && from.type === 'project' ? Math.min(c.quantity, states.to?.assigned[from.id] ?? 0) : 0;
      return {
        at: [{ type: 'BulkAssetSent', data: { owner: from, to, asset: c.asset, quantity: c.quantity, action, notes } }],
        to: [{ type: 'BulkAssetArrived', data: { owner: to, from, asset: c.asset, quantity: c.quantity, action, settles, notes } }],
      };
    }
    case 'MarkBulkLost': {
      const { at } = command.data;
      if (!states.at.exists) throw new DomainError('NOT_FOUND', at.type === 'warehouse' ? M.notInWarehouse : M.notInProject);
      if (states.at.onHand < c.quantity) throw new DomainError('DOMAIN_RULE', lostExceedsMessage(states.at.onHand));
      return { at: [{ type: 'BulkAssetMarkedLost', data: { owner: at, asset: c.asset, quantity: c.quantity, notes } }], to: [] };
    }
    case 'MarkBulkFound': {
      const { at } = command.data;
      if (!states.at.exists) throw new DomainError('NOT_FOUND', at.type === 'warehouse' ? M.notInWarehouse : M.notInProject);
      if (states.at.lost < c.quantity) throw new DomainError('DOMAIN_RULE', foundExceedsMessage(states.at.lost));
      return { at: [{ type: 'BulkAssetMarkedFound', data: { owner: at, asset: c.asset, quantity: c.quantity, notes } }], to: [] };
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknown)}`);
    }
  }
}
