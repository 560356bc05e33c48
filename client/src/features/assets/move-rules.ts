/**
 * The asset return and assign dialogs (spec 01 §2, §4 "Asset instance", §5, §8; spec 02 §2.4, §8):
 * what each one moves, what it needs before the confirm step, the request it sends and the toast
 * it shows. Pure, so tested without rendering.
 */
import { ASSET_MESSAGES, type AssetRow } from './asset-types.ts';
import { ASSIGN_ITEM_FAILED, RETURN_ITEM_FAILED } from '../../shared/messages.ts';

export type AssetMoveKind =
  | 'project-return'
  | 'project-assign'
  | 'project-unassign'
  | 'warehouse-assign'
  | 'warehouse-return'
  | 'warehouse-unassign'
  // A scanned instance moved from wherever it is (admins): to another warehouse, or to another project.
  | 'instance-to-warehouse'
  | 'instance-to-project';

export const MOVE_MESSAGES = {
  instanceOrUser: ASSET_MESSAGES.missingInstanceOrUser,
  instance: ASSET_MESSAGES.missingInstance,
  warehouse: 'Select a warehouse to return to.',
  project: 'Select a project to assign to.',
  fromProject: 'Select the project the units come back from.',
  quantity: ASSET_MESSAGES.quantityPositive,
  insufficient: ASSET_MESSAGES.insufficient,
  /** The asset picker's placeholder when nothing can be moved, and when something can. */
  noneOffered: 'No assets can be chosen here',
  searchAssets: 'Search asset number, name or serial',
  receiveFailed: 'Failed to receive asset',
} as const;

export interface MoveSpec {
  title: string;
  success: string;
  failure: string;
  /** Whether a row of the inventory at hand can be moved by this dialog. */
  offers: (row: AssetRow) => boolean;
  needs: 'warehouse' | 'user' | 'project' | null;
}

const serialized = (row: AssetRow) => row.kind === 'serialized' && row.instance_id !== null;
/** A serialized instance free to move, or a bulk type with units on hand (moved by count, like materials). */
const movable = (row: AssetRow) => (serialized(row) && row.Status === 'Available') || (row.kind === 'bulk' && row.QtyOnHand > 0);

export const MOVES: Record<AssetMoveKind, MoveSpec> = {
  'project-return': {
    title: 'Return Assets',
    success: 'Asset returned successfully',
    failure: RETURN_ITEM_FAILED,
    offers: movable,
    needs: 'warehouse',
  },
  'project-assign': {
    title: 'Assign Assets',
    success: 'Asset marked in use',
    failure: ASSIGN_ITEM_FAILED,
    offers: (r) => serialized(r) && r.Status === 'Available',
    needs: 'user',
  },
  'project-unassign': {
    title: 'Unassign Assets',
    success: 'Asset marked available',
    failure: 'Failed to unassign asset',
    // Only In-Use instances can be unassigned (spec 01 §4).
    offers: (r) => serialized(r) && r.Status === 'In-Use',
    needs: null,
  },
  'warehouse-assign': {
    title: 'Assign Asset to Project',
    success: 'Asset assigned to project',
    failure: 'Failed to assign asset',
    offers: movable,
    needs: 'project',
  },
  // A warehouse's Unassign (spec 02 §2.4): an In-Use instance anywhere, found by search, marked available.
  'warehouse-unassign': {
    title: 'Unassign Asset',
    success: 'Asset marked available',
    failure: 'Failed to unassign asset',
    offers: (r) => serialized(r) && r.Status === 'In-Use',
    needs: null,
  },
  'instance-to-warehouse': {
    title: 'Move Asset to Warehouse',
    success: 'Asset moved to warehouse',
    failure: 'Failed to move asset',
    offers: movable,
    needs: 'warehouse',
  },
  'instance-to-project': {
    title: 'Move Asset to Project',
    success: 'Asset moved to project',
    failure: 'Failed to move asset',
    offers: movable,
    needs: 'project',
  },
  'warehouse-return': {
    title: 'Return Asset to Warehouse',
    success: 'Asset returned to warehouse',
    failure: MOVE_MESSAGES.receiveFailed,
    offers: serialized,
    needs: null,
  },
};

export interface MoveValues {
  /** The chosen row: an instance id, or for a bulk type its row key. */
  instanceId: string | null;
  /** Units of a bulk type to move. */
  quantity: string;
  /** The warehouse, user or project the move needs; in a warehouse's return of bulk units, the project they come from. */
  otherId: string | null;
  notes: string;
  /** A warehouse's return: units of a bulk type counted back from a project, rather than one instance. */
  units: boolean;
}

export const EMPTY_MOVE: MoveValues = { instanceId: null, quantity: '1', otherId: null, notes: '', units: false };

/** What the other side of a move is; a warehouse's return of bulk units names the project they come from. */
export const movePartner = (kind: AssetMoveKind, values: Pick<MoveValues, 'units'>) =>
  kind === 'warehouse-return' && values.units ? 'project' : MOVES[kind].needs;

export type MoveErrors = Partial<Record<'instance' | 'other' | 'quantity', string>>;

/**
 * What the dialog needs before its confirm step; `bulk` is the chosen row when it is a bulk type
 * (in a warehouse's return, the project's row: no more than the project holds comes back).
 */
export function moveErrors(kind: AssetMoveKind, values: MoveValues, bulk?: Pick<AssetRow, 'QtyOnHand'>): MoveErrors {
  const spec = MOVES[kind];
  const errors: MoveErrors = {};
  if (spec.needs === 'user') {
    if (!values.instanceId || !values.otherId) {
      if (!values.instanceId) errors.instance = MOVE_MESSAGES.instanceOrUser;
      if (!values.otherId) errors.other = MOVE_MESSAGES.instanceOrUser;
    }
    return errors;
  }
  const needs = movePartner(kind, values);
  if (!values.instanceId) errors.instance = MOVE_MESSAGES.instance;
  if (needs === 'warehouse' && !values.otherId) errors.other = MOVE_MESSAGES.warehouse;
  if (needs === 'project' && !values.otherId) errors.other = kind === 'warehouse-return' ? MOVE_MESSAGES.fromProject : MOVE_MESSAGES.project;
  if (bulk) {
    const n = Number(values.quantity.trim());
    if (!Number.isInteger(n) || n < 1) errors.quantity = MOVE_MESSAGES.quantity;
    else if (n > bulk.QtyOnHand) errors.quantity = `${MOVE_MESSAGES.insufficient} (${bulk.QtyOnHand})`;
  }
  return errors;
}

const notes = (values: MoveValues) => (values.notes.trim() ? values.notes.trim() : undefined);

/**
 * The transfer body (spec 02 §3 "Asset transfer body") of a move between owners. Units of a bulk
 * type are named by their asset number, which the server looks up where the move starts.
 */
export function transferBody(
  kind: 'project-return' | 'warehouse-assign' | 'warehouse-return' | 'instance-to-warehouse' | 'instance-to-project',
  values: MoveValues,
  here: string,
  bulk?: Pick<AssetRow, 'AssetNumber'>,
) {
  const instance_id = bulk ? bulk.AssetNumber : (values.instanceId ?? '');
  const units = bulk ? { quantity: Number(values.quantity.trim()) } : {};
  switch (kind) {
    case 'project-return':
      return { instance_id, to_owner_type: 'warehouse' as const, to_owner_id: values.otherId ?? '', ...units, notes: notes(values) };
    case 'warehouse-assign':
      return { instance_id, to_owner_type: 'project' as const, to_owner_id: values.otherId ?? '', ...units, notes: notes(values) };
    case 'instance-to-warehouse':
      return { instance_id, to_owner_type: 'warehouse' as const, to_owner_id: values.otherId ?? '', notes: notes(values) };
    case 'instance-to-project':
      return { instance_id, to_owner_type: 'project' as const, to_owner_id: values.otherId ?? '', notes: notes(values) };
    case 'warehouse-return':
      // Units are looked up by asset number in the project they come back from.
      return bulk
        ? { instance_id, to_owner_type: 'warehouse' as const, to_owner_id: here, project_id: values.otherId ?? '', ...units, notes: notes(values) }
        : { instance_id, to_owner_type: 'warehouse' as const, to_owner_id: here, notes: notes(values) };
    default: {
      const unknown: never = kind;
      throw new Error(`Unknown move ${String(unknown)}`);
    }
  }
}

/** The in-use body of marking an instance in use for a user, or available again. */
export function inUseBody(kind: 'project-assign' | 'project-unassign' | 'warehouse-unassign', values: MoveValues) {
  return kind === 'project-assign'
    ? { instanceId: values.instanceId ?? '', in_use: true, assigned_user_id: values.otherId, notes: notes(values) }
    : { instanceId: values.instanceId ?? '', in_use: false, assigned_user_id: null, notes: notes(values) };
}
