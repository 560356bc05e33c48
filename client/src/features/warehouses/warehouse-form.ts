/** The Warehouse Manager's form: a name (required) and the yard info (location, capacity). Pure. */
import { WAREHOUSE_LIMITS, type Warehouse } from '../../api/warehouse-types.ts';
import type { WarehouseFields } from '../../api/warehouses-api.ts';
import { lengthError } from '../../shared/field-limits.ts';
import { WAREHOUSE_MESSAGES } from './warehouse-messages.ts';

export interface WarehouseFormValues {
  name: string;
  location: string;
  capacitySummary: string;
}

export const EMPTY_WAREHOUSE_FORM: WarehouseFormValues = { name: '', location: '', capacitySummary: '' };

export function warehouseFormValues(warehouse: Warehouse | null): WarehouseFormValues {
  if (!warehouse) return EMPTY_WAREHOUSE_FORM;
  return { name: warehouse.name, location: warehouse.yard_info.location ?? '', capacitySummary: warehouse.yard_info.capacity_summary ?? '' };
}

export type WarehouseFormErrors = Partial<Record<keyof WarehouseFormValues, string>>;

export function warehouseFormErrors(values: WarehouseFormValues): WarehouseFormErrors {
  const errors: WarehouseFormErrors = {};
  const name = values.name.trim() === '' ? WAREHOUSE_MESSAGES.nameRequired : lengthError('Name', WAREHOUSE_LIMITS.name, values.name);
  const location = lengthError('Yard location', WAREHOUSE_LIMITS.yardLocation, values.location);
  const capacity = lengthError('Capacity summary', WAREHOUSE_LIMITS.capacitySummary, values.capacitySummary);
  if (name) errors.name = name;
  if (location) errors.location = location;
  if (capacity) errors.capacitySummary = capacity;
  return errors;
}

export function warehouseBody(values: WarehouseFormValues): WarehouseFields {
  return { name: values.name.trim(), yard_info: { location: values.location.trim(), capacity_summary: values.capacitySummary.trim() } };
}
