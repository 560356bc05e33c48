import type { FoundDestination, LostSource, StockLocation } from './events.ts';

/** Who and what the command is about; the part number and name are copied into the event. */
export interface StockItemRef {
  location: StockLocation;
  materialId: string;
  partNumber: string;
  partName: string;
}

export type StockItemCommand =
  | { type: 'ReceiveMaterial'; data: StockItemRef & { quantity: number; frozen: boolean } }
  | { type: 'ReturnMaterial'; data: StockItemRef & { quantity: number; binInfo: string | null; frozen: boolean } }
  | {
      type: 'AssignMaterial';
      data: StockItemRef & { quantity: number; userId: string; userName: string; assigneeIsMember: boolean; frozen: boolean };
    }
  | { type: 'UnassignMaterial'; data: StockItemRef & { quantity: number; userId: string; userName: string; frozen: boolean } }
  | {
      type: 'MarkMaterialLost';
      data: StockItemRef & { quantity: number; source: LostSource; userId: string | null; userName: string | null; note: string | null };
    }
  | {
      type: 'MarkMaterialFound';
      data: StockItemRef & {
        quantity: number;
        destination: FoundDestination;
        userId: string | null;
        userName: string | null;
        note: string | null;
      };
    }
  | { type: 'SetStockWarnings'; data: StockItemRef & { lowThreshold: number | null; criticalThreshold: number | null } };
