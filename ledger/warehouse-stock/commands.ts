import type { StockItemRef } from '../stock-item/commands.ts';
import type { Place } from '../../contract/place.ts';

/** What every warehouse movement is decided with besides the stock: the freeze and the warehouse as it is now. */
export interface WarehouseGate {
  frozen: boolean;
  warehouse: { active: boolean; label: string };
}

/** The project side of a move, as read beside the streams. */
export interface ProjectSide {
  ref: StockItemRef;
  /** Null when no such project exists (or it was deleted). */
  project: { label: string } | null;
}

type Move = WarehouseGate & { ref: StockItemRef; quantity: number; note: string | null };

/** Commands on one warehouse stock stream, or (assign, unassign) on it and a project's stock stream together. */
export type WarehouseStockCommand =
  | { type: 'ReceiveIntoWarehouse'; data: Move & { place: Place } }
  | { type: 'ReturnFromWarehouse'; data: Move & { from: Place } }
  | { type: 'RelocateInWarehouse'; data: Move & { from: Place; to: Place } }
  | { type: 'MarkLostInWarehouse'; data: Move & { from: Place } }
  | { type: 'MarkFoundInWarehouse'; data: Move & { to: Place } }
  | { type: 'AssignToProject'; data: Move & { from: Place; target: ProjectSide } }
  | { type: 'UnassignFromProject'; data: Move & { to: Place; target: ProjectSide } };
