/**
 * Return to the vendor, assign to a project, unassign from a project, mark lost and found (spec 02
 * §2.4, issue: lost and found inside a warehouse as in projects): one form each, checked before
 * sending. Return, assign and lost take from one location of the warehouse; unassign takes from a
 * project's on hand, and found from what is lost here, and both put the parts at a location.
 */
import { LOST_FOUND_QUANTITY_POSITIVE } from '@contract/messages.ts';
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { quantityError, wholeQuantity } from '../../shared/field-limits.ts';
import { EMPTY_LOCATION, hasPlace, locationBody, locationLengthError, placeOf, type LocationValues } from './location.ts';
import { sourceLocation } from './relocate-rules.ts';
import { placeShortMessage, projectShortMessage, WAREHOUSE_MESSAGES as M } from './warehouse-messages.ts';

export type MoveKind = 'return' | 'assign' | 'unassign' | 'lost' | 'found';

export const MOVE_TITLES: Record<MoveKind, string> = {
  return: 'Return Materials',
  assign: 'Assign to Project',
  unassign: 'Unassign from Project',
  lost: 'Mark Lost',
  found: 'Mark Found',
};

export const MOVE_VERBS: Record<MoveKind, string> = { return: 'Return', assign: 'Assign', unassign: 'Unassign', lost: 'Mark Lost', found: 'Mark Found' };

/** The words of a lost or found quantity below 1 (as the project's lost and found say it). */
export const LOST_FOUND_QUANTITY = LOST_FOUND_QUANTITY_POSITIVE;

/** Found needs something lost here to find. */
export const foundShortMessage = (lost: number) => `Cannot exceed outstanding lost quantity (${lost})`;

export interface MoveValues {
  projectId: string | null;
  /** Return and assign: the warehouse row; unassign: the part number held by the project. */
  materialId: string | null;
  partNumber: string;
  source: string | null;
  quantity: string;
  target: LocationValues;
  notes: string;
}

export const EMPTY_MOVE: MoveValues = { projectId: null, materialId: null, partNumber: '', source: null, quantity: '1', target: EMPTY_LOCATION, notes: '' };

export type MoveErrors = Partial<Record<'project' | 'material' | 'source' | 'quantity' | 'target', string>>;

export interface MoveContext {
  row: WarehouseStockRow | undefined;
  /** Unassign: what the chosen project has on hand of the chosen part, or undefined when none. */
  projectOnHand: number | undefined;
}

export function moveErrors(kind: MoveKind, values: MoveValues, context: MoveContext): MoveErrors {
  const errors: MoveErrors = {};
  if ((kind === 'assign' || kind === 'unassign') && !values.projectId) errors.project = M.selectProject;
  const quantityProblem = quantityError(values.quantity, kind === 'lost' || kind === 'found' ? LOST_FOUND_QUANTITY : M.quantityAtLeastOne);
  if (quantityProblem) errors.quantity = quantityProblem;
  const quantity = wholeQuantity(values.quantity) ?? 0;
  if (kind === 'unassign') {
    if (values.partNumber.trim() === '') errors.material = M.selectMaterial;
    else if (values.projectId && context.projectOnHand === undefined) errors.material = M.notInProject;
    else if (!errors.quantity && context.projectOnHand !== undefined && quantity > context.projectOnHand)
      errors.quantity = projectShortMessage(context.projectOnHand);
    const tooLong = locationLengthError(values.target);
    if (tooLong) errors.target = tooLong;
    else if (!hasPlace(values.target)) errors.target = M.locationField;
    return errors;
  }
  if (!context.row) {
    errors.material = M.selectMaterial;
    return errors;
  }
  if (kind === 'found') {
    if (!errors.quantity && quantity > context.row.qty_lost) errors.quantity = foundShortMessage(context.row.qty_lost);
    const tooLong = locationLengthError(values.target);
    if (tooLong) errors.target = tooLong;
    else if (!hasPlace(values.target)) errors.target = M.locationField;
    return errors;
  }
  const from = sourceLocation(context.row, values.source);
  if (!from) errors.source = M.selectSourceLocation;
  else if (!errors.quantity && quantity > from.qty) errors.quantity = placeShortMessage(from.qty, from.label);
  return errors;
}

export function moveBody(kind: MoveKind, values: MoveValues, row: WarehouseStockRow | undefined) {
  const quantity = Number(values.quantity.trim());
  const note = values.notes.trim();
  if (kind === 'unassign') {
    return {
      part_number: values.partNumber.trim(),
      quantity,
      project_id: values.projectId ?? '',
      to_location: locationBody(values.target),
      ...(note ? { note } : {}),
    };
  }
  if (kind === 'found') {
    return { part_number: row!.material.part_number, quantity, to_location: locationBody(values.target), ...(note ? { note } : {}) };
  }
  const from = sourceLocation(row, values.source)!;
  return {
    part_number: row!.material.part_number,
    quantity,
    from_location: placeOf(from),
    ...(kind === 'assign' ? { project_id: values.projectId ?? '' } : {}),
    ...(note ? { note } : {}),
  };
}
