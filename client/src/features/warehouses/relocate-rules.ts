/**
 * Relocate (spec 02 §2.4, §5): select a part, the place it is taken from and how many; say the new
 * place; confirm. A real command: the quantity leaves one location of the warehouse for another.
 */
import type { PlaceRow, WarehouseStockRow } from '../../api/warehouse-types.ts';
import { wholeQuantity } from '../../shared/field-limits.ts';
import { EMPTY_LOCATION, hasPlace, locationBody, locationLengthError, placeOf, samePlace, type LocationValues } from './location.ts';
import { placeShortMessage, WAREHOUSE_MESSAGES as M } from './warehouse-messages.ts';

export type RelocateStep = 'select' | 'relocate' | 'confirm';
export const RELOCATE_STEPS: readonly RelocateStep[] = ['select', 'relocate', 'confirm'];
export const RELOCATE_STEP_LABELS: Record<RelocateStep, string> = { select: 'Select', relocate: 'Relocate', confirm: 'Confirm' };

export interface RelocateValues {
  materialId: string | null;
  /** The source's place_key among the row's locations. */
  source: string | null;
  quantity: string;
  target: LocationValues;
}

export const EMPTY_RELOCATE: RelocateValues = { materialId: null, source: null, quantity: '1', target: EMPTY_LOCATION };

export type RelocateErrors = Partial<Record<'material' | 'source' | 'quantity' | 'target', string | true>>;

export function sourceLocation(row: WarehouseStockRow | undefined, source: string | null): PlaceRow | undefined {
  return row && source !== null ? row.locations.find((l) => l.place_key === source) : undefined;
}

export function relocateStepErrors(step: RelocateStep, values: RelocateValues, row: WarehouseStockRow | undefined): RelocateErrors {
  const errors: RelocateErrors = {};
  const from = sourceLocation(row, values.source);
  if (step === 'select') {
    const quantity = wholeQuantity(values.quantity);
    if (!row || quantity === null) {
      if (!row) errors.material = M.selectMaterialAndQuantity;
      else errors.quantity = M.selectMaterialAndQuantity;
      return errors;
    }
    if (!from) errors.source = M.selectSourceLocation;
    else if (quantity > from.qty) errors.quantity = placeShortMessage(from.qty, from.label);
  } else if (step === 'relocate') {
    const tooLong = locationLengthError(values.target);
    if (tooLong) errors.target = tooLong;
    else if (!hasPlace(values.target)) errors.target = M.newLocationField;
    else if (from && samePlace(from, values.target)) errors.target = M.sameLocation;
  }
  return errors;
}

export function relocateBody(values: RelocateValues, row: WarehouseStockRow) {
  const from = sourceLocation(row, values.source)!;
  return {
    part_number: row.material.part_number,
    quantity: Number(values.quantity.trim()),
    from_location: placeOf(from),
    to_location: locationBody(values.target),
  };
}
