/** The warehouse messages a person reads, as the spec words them (02 §5) and for the rules the server adds. */
import {
  ADMIN_ACCESS_DENIED,
  INSUFFICIENT_QUANTITY,
  PART_NOT_FOUND,
  QUANTITY_AT_LEAST_ONE,
  SELECT_PROJECT,
  SUPERADMIN_ACCESS_DENIED,
  TRANSACTIONS_FROZEN,
} from '../messages.ts';

export const WAREHOUSE_MESSAGES = {
  nameRequired: 'Warehouse name is required',
  notFound: 'Warehouse not found',
  inactive: 'This warehouse is deactivated; reactivate it before moving stock.',
  hasStock: 'This warehouse still holds stock; move or return it before deactivating.',
  alreadyInactive: 'This warehouse is already deactivated.',
  alreadyActive: 'This warehouse is already active.',
  selectMaterial: 'Select a material to receive.',
  quantityAtLeastOne: QUANTITY_AT_LEAST_ONE,
  relocateMaterialAndQuantity: 'Please select a material and enter a valid quantity',
  relocateNeedsLocation: 'Please specify at least one location field for the new location',
  relocateSamePlace: 'The new location is the same as the current one',
  selectSourceLocation: 'Select the location the stock is taken from',
  selectProject: SELECT_PROJECT,
  partNotInWarehouse: 'Part number not found in this warehouse',
  partNotInProject: PART_NOT_FOUND,
  insufficient: INSUFFICIENT_QUANTITY,
  frozen: TRANSACTIONS_FROZEN,
  accessDenied: ADMIN_ACCESS_DENIED,
  managerDenied: SUPERADMIN_ACCESS_DENIED,
} as const;

/** "Quantity exceeds the 7 available at Rack A · Shelf 2": a move asks more than its location holds. */
export const placeShortMessage = (available: number, place: string) => `Quantity exceeds the ${available} available at ${place}`;
