/**
 * The words of the warehouse screens (spec 02 §5, §8): the server's own (contract/warehouses.ts)
 * where it checks the same rule, and the screens' own for what only a form can get wrong.
 */
import { NEW_PART_NEEDS_NAMES, PART_NUMBER_TAKEN } from '@contract/messages.ts';
import { WAREHOUSE_MESSAGES as SERVER } from '../../api/warehouse-types.ts';
import { ASSIGN_FAILED, CREATE_FAILED, LOAD_WAREHOUSES_FAILED } from '../../shared/messages.ts';

export { placeShortMessage } from '../../api/warehouse-types.ts';

export const WAREHOUSE_MESSAGES = {
  selectMaterialToReceive: SERVER.selectMaterial,
  quantityAtLeastOne: SERVER.quantityAtLeastOne,
  selectMaterialAndQuantity: SERVER.relocateMaterialAndQuantity,
  newLocationField: SERVER.relocateNeedsLocation,
  sameLocation: SERVER.relocateSamePlace,
  selectSourceLocation: SERVER.selectSourceLocation,
  selectProject: SERVER.selectProject,
  notInProject: SERVER.partNotInProject,
  nameRequired: SERVER.nameRequired,
  accessDenied: SERVER.accessDenied,
  managerDenied: SERVER.managerDenied,
  newPartFields: NEW_PART_NEEDS_NAMES,
  notInCatalog: 'Part number not found. Tick New part to add it to the catalogue.',
  partExists: PART_NUMBER_TAKEN,
  locationField: 'Please specify at least one location field',
  selectMaterial: 'Select a material.',
  loadWarehousesFailed: LOAD_WAREHOUSES_FAILED,
  assignFailed: ASSIGN_FAILED,
  createFailed: CREATE_FAILED,
} as const;

/** "Quantity exceeds the 7 on hand in this project" once an unassign passes the project's on hand. */
export const projectShortMessage = (available: number) => `Quantity exceeds the ${available} on hand in this project`;
