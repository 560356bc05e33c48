/** The asset messages a person reads, as the specs word them (01 §5, 02 §5, §8) and for the rules the server adds. */
import { INSUFFICIENT_QUANTITY, PROJECT_NOT_FOUND, QUANTITY_AT_LEAST_ONE, TRANSACTIONS_FROZEN } from '../messages.ts';
import { WAREHOUSE_MESSAGES } from './warehouses.ts';

export const ASSET_MESSAGES = {
  catalogRequired: 'Asset number and name are required',
  categoryRequired: 'Category name is required',
  categoryMissing: 'Select a category',
  categoryNotFound: 'Asset category not found',
  catalogNotFound: 'Asset catalog item not found',
  assetNumberTaken: 'Asset number already exists',
  categoryNameTaken: 'A category with this name already exists',
  bulkNoSerials: 'A bulk category keeps no serial numbers',
  serialRequired: 'Serial number is required for this asset type',
  serialTaken: 'Serial number already exists for this asset number',
  parentWarehouseRequired: 'Select a warehouse to receive into.',
  instanceNotFound: 'Asset instance not found',
  locationNotFound: 'Asset location not found',
  definitionRequired: 'Select an asset definition to continue.',
  instanceExists: 'This asset instance already exists',
  notInWarehouse: 'Asset not found in this warehouse',
  notInProject: 'Asset not found in this project',
  missingInstanceOrUser: 'Missing instance or user',
  missingInstance: 'Missing instance',
  onlyInUseUnassigned: 'Only In-Use instances can be unassigned',
  alreadyInUse: 'This asset is already in use',
  inUseOnlyInProject: 'Only an asset held by a project can be marked in use',
  notAMember: 'This user is not a member of the project',
  inUseCannotMove: 'This asset is in use; mark it available before moving it',
  lostCannotMove: 'This asset is lost; mark it found before moving it',
  alreadyThere: 'The asset is already there',
  alreadyLost: 'This asset is already marked lost',
  notLost: 'This asset is not marked lost',
  ownerNotFound: 'Destination not found',
  warehouseNotFound: WAREHOUSE_MESSAGES.notFound,
  warehouseInactive: WAREHOUSE_MESSAGES.inactive,
  projectNotFound: PROJECT_NOT_FOUND,
  insufficient: INSUFFICIENT_QUANTITY,
  quantityPositive: QUANTITY_AT_LEAST_ONE,
  bulkNeedsQuantity: 'Enter a quantity for a bulk asset',
  serializedNoQuantity: 'A serialized asset moves one instance at a time',
  frozen: TRANSACTIONS_FROZEN,
} as const;

/** "Cannot exceed available on-hand or field-assigned quantity (n)" (spec 01 §5). */
export const lostExceedsMessage = (available: number) => `Cannot exceed available on-hand or field-assigned quantity (${available})`;
/** "Cannot exceed outstanding lost quantity (n)" (spec 01 §5). */
export const foundExceedsMessage = (outstanding: number) => `Cannot exceed outstanding lost quantity (${outstanding})`;
/** Deleting a category or catalog item still in use names what uses it. */
export const categoryInUseMessage = (items: string[]) =>
  `This category is used by ${items.length} catalog item${items.length === 1 ? '' : 's'} (${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}); delete or move them first.`;
export const catalogInUseMessage = (instances: number, units: number, consequence = 'it cannot be deleted') => {
  const parts: string[] = [];
  if (instances > 0) parts.push(`${instances} instance${instances === 1 ? '' : 's'}`);
  if (units > 0) parts.push(`${units} bulk unit${units === 1 ? '' : 's'}`);
  return `This catalog item is used by ${parts.join(' and ')}; ${consequence}.`;
};
