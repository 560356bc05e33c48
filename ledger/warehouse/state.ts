export interface WarehouseState {
  status: 'none' | 'active' | 'inactive';
  warehouseId: string | null;
  numId: number;
  name: string;
  location: string | null;
  capacitySummary: string | null;
}

export const initialWarehouseState = (): WarehouseState => ({ status: 'none', warehouseId: null, numId: 0, name: '', location: null, capacitySummary: null });
