import type { StockLocation } from '../stock-item/events.ts';
import type { Place } from '../../contract/place.ts';
import type { WarehouseGate } from '../warehouse-stock/commands.ts';

/**
 * The part a receive names, as typed. When the catalogue already has it (the material state says so)
 * the catalogue's number and name win; otherwise the receive defines it under `newMaterialId` (ids
 * arrive from outside decide).
 */
export interface ReceivedPart {
  newMaterialId: string;
  partNumber: string;
  partName: string | null;
  partNickname: string | null;
}

/** A receive into a project's or a warehouse's stock of a part that may be new to the catalogue. */
export type MaterialReceiptCommand =
  | { type: 'ReceiveIntoProject'; data: { part: ReceivedPart; location: StockLocation; quantity: number; frozen: boolean } }
  | {
      type: 'ReceiveIntoWarehouse';
      data: WarehouseGate & { part: ReceivedPart; location: StockLocation; quantity: number; note: string | null; place: Place };
    };
