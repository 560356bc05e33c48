/**
 * The asset receive wizard's rules (spec 01 §2 "Receive / return / assign wizards", spec 01 §5
 * "Asset receive", spec 02 §3 "Receive form", §5 "Receive (warehouse)"): which steps there are,
 * what each step needs before the next, and the request a confirmed form sends. Pure, so tested.
 */
import { ASSET_MESSAGES } from '@contract/messages/assets.ts';
import type { AssetCatalogItem, AssetCategory } from './asset-types.ts';

export const RECEIVE_MESSAGES = {
  definition: ASSET_MESSAGES.definitionRequired,
  newCatalog: 'Provide an asset name and number.',
  category: ASSET_MESSAGES.categoryRequired,
  instance: 'Select an asset instance to receive.',
  serial: 'Serial number is required for this asset type.',
  warehouse: ASSET_MESSAGES.parentWarehouseRequired,
  quantity: ASSET_MESSAGES.quantityPositive,
} as const;

export type ReceiveStep = 'exists' | 'type' | 'form' | 'summary';

export const RECEIVE_STEP_LABELS: Record<ReceiveStep, string> = { exists: 'Instance', type: 'Type', form: 'Details', summary: 'Summary' };

export interface ReceiveValues {
  instanceMode: 'newInstance' | 'existing' | null;
  receiveMode: 'existing' | 'newCatalog' | null;
  assetCatalogId: string | null;
  assetName: string;
  assetNumber: string;
  /** An existing category id, or '' when a new one is named. */
  assetCategory: string;
  newCategoryName: string;
  /** For a new category: serialized or bulk. */
  newCategorySerialized: boolean;
  serialRequired: boolean;
  serialNumber: string;
  instanceId: string | null;
  condition: string;
  parentWarehouseId: string | null;
  notes: string;
  quantity: string;
}

export const DEFAULT_CONDITION = 'good';

export const emptyReceive = (parentWarehouseId: string | null = null): ReceiveValues => ({
  instanceMode: null,
  receiveMode: null,
  assetCatalogId: null,
  assetName: '',
  assetNumber: '',
  assetCategory: '',
  newCategoryName: '',
  newCategorySerialized: true,
  serialRequired: true,
  serialNumber: '',
  instanceId: null,
  condition: DEFAULT_CONDITION,
  parentWarehouseId,
  notes: '',
  quantity: '1',
});

/** The steps for the answers so far: an existing instance needs no type. */
export function receiveSteps(values: Pick<ReceiveValues, 'instanceMode'>): ReceiveStep[] {
  return values.instanceMode === 'existing' ? ['exists', 'form', 'summary'] : ['exists', 'type', 'form', 'summary'];
}

export type ReceiveErrors = Partial<
  Record<'form' | 'assetCatalogId' | 'assetName' | 'assetNumber' | 'category' | 'serialNumber' | 'instanceId' | 'warehouse' | 'quantity', string>
>;

export interface ReceiveContext {
  catalog: readonly AssetCatalogItem[];
  categories: readonly AssetCategory[];
}

/** Whether the type being received is counted (bulk) rather than tracked by serial number. */
export function isBulkType(values: ReceiveValues, context: ReceiveContext): boolean {
  if (values.receiveMode === 'newCatalog') {
    if (values.assetCategory === '') return !values.newCategorySerialized;
    return context.categories.find((c) => c.id === values.assetCategory)?.serialized === false;
  }
  return context.catalog.find((c) => c.id === values.assetCatalogId)?.category_kind === 'bulk';
}

/** Whether the chosen or new type requires a serial number. */
export function serialNeeded(values: ReceiveValues, context: ReceiveContext): boolean {
  if (isBulkType(values, context)) return false;
  if (values.receiveMode === 'newCatalog') return values.serialRequired;
  return context.catalog.find((c) => c.id === values.assetCatalogId)?.serial_required ?? false;
}

export function receiveStepErrors(step: ReceiveStep, values: ReceiveValues, context: ReceiveContext): ReceiveErrors {
  const errors: ReceiveErrors = {};
  if (step === 'exists' && values.instanceMode === null) errors.form = 'Say whether the asset instance already exists.';
  if (step === 'type' && values.receiveMode === null) errors.form = 'Choose an existing asset type or a new one.';
  if (step !== 'form') return errors;
  if (values.instanceMode === 'existing') {
    if (!values.instanceId) errors.instanceId = RECEIVE_MESSAGES.instance;
    return errors;
  }
  if (values.receiveMode === 'existing' && !values.assetCatalogId) errors.assetCatalogId = RECEIVE_MESSAGES.definition;
  if (values.receiveMode === 'newCatalog') {
    if (!values.assetName.trim()) errors.assetName = RECEIVE_MESSAGES.newCatalog;
    if (!values.assetNumber.trim()) errors.assetNumber = RECEIVE_MESSAGES.newCatalog;
    if (values.assetCategory === '' && !values.newCategoryName.trim()) errors.category = RECEIVE_MESSAGES.category;
  }
  if (isBulkType(values, context)) {
    const n = Number(values.quantity.trim());
    if (!Number.isInteger(n) || n < 1) errors.quantity = RECEIVE_MESSAGES.quantity;
  } else if (serialNeeded(values, context) && !values.serialNumber.trim()) {
    errors.serialNumber = RECEIVE_MESSAGES.serial;
  }
  if (!values.parentWarehouseId) errors.warehouse = RECEIVE_MESSAGES.warehouse;
  return errors;
}

const optional = (text: string) => (text.trim() ? text.trim() : undefined);

/** The body of receiving an instance the system knows into `owner`. */
export function existingInstanceBody(values: ReceiveValues, owner: { type: 'warehouse' | 'project'; id: string }) {
  return { instance_id: values.instanceId ?? '', to_owner_type: owner.type, to_owner_id: owner.id, notes: optional(values.notes) };
}

/** The body of receiving a new instance of catalogue item `item` in category `categoryName`. */
export function newInstanceBody(
  values: ReceiveValues,
  item: Pick<AssetCatalogItem, 'id' | 'asset_name' | 'serial_required'>,
  categoryName: string,
  bulk: boolean,
) {
  return {
    catalog_id: item.id,
    serial_number: bulk ? undefined : optional(values.serialNumber),
    asset_name: item.asset_name,
    condition: values.condition.trim() || DEFAULT_CONDITION,
    notes: optional(values.notes),
    parent_warehouse_id: values.parentWarehouseId ?? '',
    metadata: { asset_name: item.asset_name, asset_category: categoryName, serial_required: item.serial_required },
    ...(bulk ? { quantity: Number(values.quantity.trim()) } : {}),
  };
}
