/**
 * Mark Lost / Mark Found for assets (spec 01 §5 "Mark lost/found", §7 POST /api/assets/lost|found,
 * §8): an instance is lost or found whole; units of a bulk type are counted like materials, lost
 * from on hand and found back on hand. Pure, so tested directly.
 */
import { LOST_FOUND_QUANTITY_POSITIVE, QUANTITY_REQUIRED } from '@contract/messages.ts';
import { lengthError, MAX_LENGTH, quantityError } from '../../shared/field-limits.ts';
import type { Owner } from './assets-api.ts';
import { isBulk } from './asset-table-model.ts';
import { foundExceedsMessage, lostExceedsMessage, type AssetRow, type LostFoundBody } from './asset-types.ts';
import { SUBMIT_UPDATE_FAILED } from '../../shared/messages.ts';

export type AssetLostFoundMode = 'lost' | 'found';

export const ASSET_LOST_FOUND_MESSAGES = {
  quantityRequired: QUANTITY_REQUIRED,
  quantityPositive: LOST_FOUND_QUANTITY_POSITIVE,
  failed: SUBMIT_UPDATE_FAILED,
  asset: 'Please select an asset instance',
  lost: 'Marked lost',
  found: 'Marked found',
} as const;

type Counts = Pick<AssetRow, 'kind' | 'instance_id' | 'Status' | 'QtyOnHand' | 'QtyLost'>;

/** Whether the row offers the action at all: an instance not lost / lost, a bulk type with units on hand / lost. */
export function offersLostFound(mode: AssetLostFoundMode, row: Counts): boolean {
  if (isBulk(row)) return mode === 'lost' ? row.QtyOnHand > 0 : row.QtyLost > 0;
  if (!row.instance_id) return false;
  return mode === 'lost' ? row.Status !== 'Lost' : row.Status === 'Lost';
}

/** The most a bulk form accepts: what is on hand to lose, or the outstanding lost to find. */
export const bulkLimit = (mode: AssetLostFoundMode, row: Pick<AssetRow, 'QtyOnHand' | 'QtyLost'>) => (mode === 'lost' ? row.QtyOnHand : row.QtyLost);

export interface AssetLostFoundErrors {
  asset?: string;
  quantity?: string;
  note?: string;
}

export function assetLostFoundErrors(mode: AssetLostFoundMode, row: Counts, quantity: string, note: string): AssetLostFoundErrors {
  const errors: AssetLostFoundErrors = {};
  if (isBulk(row)) {
    const problem = quantityError(quantity, ASSET_LOST_FOUND_MESSAGES.quantityPositive, ASSET_LOST_FOUND_MESSAGES.quantityRequired);
    const limit = bulkLimit(mode, row);
    if (problem) errors.quantity = problem;
    else if (Number(quantity.trim()) > limit) errors.quantity = mode === 'lost' ? lostExceedsMessage(limit) : foundExceedsMessage(limit);
  }
  const long = lengthError('Note', MAX_LENGTH.note, note);
  if (long) errors.note = long;
  return errors;
}

/**
 * The body of POST /api/assets/lost|found: where (the project, or a warehouse), and an instance by
 * its id or a bulk type's units by asset number and count, always from and back to on hand.
 */
export function lostFoundBody(here: Owner, row: Pick<AssetRow, 'kind' | 'instance_id' | 'AssetNumber'>, quantity: string, note: string): LostFoundBody {
  const where = here.type === 'project' ? { project_id: here.id } : { warehouse_id: here.id };
  const what = isBulk(row) ? { asset_number: row.AssetNumber, quantity: Number(quantity.trim()) } : { instance_id: row.instance_id ?? '' };
  return { ...where, ...what, source: 'on_hand', note: note.trim() || null };
}
