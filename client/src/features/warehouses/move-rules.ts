/**
 * Return to the vendor, assign to a project and unassign from a project (spec 02 §2.4): one form
 * each, checked before sending. Return and assign take from one location of the warehouse;
 * unassign takes from a project's on hand and puts the parts at a location of the warehouse.
 */
import type { WarehouseStockRow } from '../../api/warehouse-types.ts';
import { quantityError, wholeQuantity } from '../../app/field-limits.ts';
import { EMPTY_LOCATION, hasPlace, locationBody, locationLengthError, placeOf, type LocationValues } from './location.ts';
import { sourceLocation } from './relocate-rules.ts';
import { placeShortMessage, projectShortMessage, WAREHOUSE_MESSAGES as M } from './warehouse-messages.ts';

export type MoveKind = 'return' | 'assign' | 'unassign';

export const MOVE_TITLES: Record<MoveKind, string> = {
  return: 'Return Materials',
  assign: 'Assign to Project',
  unassign: 'Unassign from Project',
};

export const MOVE_VERBS: Record<MoveKind, string> = { return: 'Return', assign: 'Assign', unassign: 'Unassign' };

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
  if (kind !== 'return' && !values.projectId) errors.project = M.selectProject;
  const quantityProblem = quantityError(values.quantity, M.quantityAtLeastOne);
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
  const from = sourceLocation(row, values.source)!;
  return {
    part_number: row!.material.part_number,
    quantity,
    from_location: placeOf(from),
    ...(kind === 'assign' ? { project_id: values.projectId ?? '' } : {}),
    ...(note ? { note } : {}),
  };
}
