export interface WarehouseDetails {
  name: string;
  location: string | null;
  capacitySummary: string | null;
}

export type WarehouseCommand =
  | { type: 'CreateWarehouse'; data: WarehouseDetails & { warehouseId: string; numId: number } }
  /** Absent fields are kept as they are. */
  | { type: 'EditWarehouse'; data: Partial<WarehouseDetails> }
  /** `unitsHeld`: the units the warehouse holds now (on hand, assigned out and lost outstanding), read beside the stream. */
  | { type: 'DeactivateWarehouse'; data: { unitsHeld: number } }
  | { type: 'ReactivateWarehouse'; data: Record<string, never> };
