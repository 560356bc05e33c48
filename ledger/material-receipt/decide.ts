/**
 * A receive that may define a new part: ONE command over the catalogue's material stream and the
 * receiving location's stock stream. A part the catalogue does not know yet is defined (with the
 * names the receive typed) and received in the same decision, so both streams get their events in
 * one transaction or neither does; a part it knows is only received. The stock side is decided by
 * the stock item's own rules (a project) or the warehouse stock rules (a warehouse, at a place).
 */
import { DomainError } from '../errors.ts';
import { materialDecider } from '../material/decide.ts';
import type { MaterialEvent } from '../material/events.ts';
import { initialMaterialState, type MaterialState } from '../material/state.ts';
import type { StockItemRef } from '../stock-item/commands.ts';
import { stockItemDecider } from '../stock-item/decide.ts';
import type { StockItemEvent } from '../stock-item/events.ts';
import type { StockItemState } from '../stock-item/state.ts';
import { decideWarehouseStock } from '../warehouse-stock/decide.ts';
import type { MaterialReceiptCommand, ReceivedPart } from './commands.ts';
import { NEW_PART_NEEDS_NAMES } from '../../contract/messages.ts';

export interface MaterialReceiptStates {
  /** The catalogue's part (not defined when the catalogue has no such part number). */
  material: MaterialState;
  /** The receiving location's stock of the part (the initial state when it has none yet). */
  item: StockItemState;
}

export interface MaterialReceiptEvents {
  material: MaterialEvent[];
  item: StockItemEvent[];
}

/** The part as the catalogue will have it: the known one, or the one this receive defines. */
function partOf(part: ReceivedPart, material: MaterialState): { events: MaterialEvent[]; materialId: string; partNumber: string; partName: string } {
  if (material.defined && material.materialId !== null) {
    return { events: [], materialId: material.materialId, partNumber: material.partNumber, partName: material.partName };
  }
  if (!part.partName?.trim() || !part.partNickname?.trim()) throw new DomainError('VALIDATION', NEW_PART_NEEDS_NAMES);
  const events = materialDecider.decide(
    {
      type: 'DefineMaterial',
      data: { materialId: part.newMaterialId, partNumber: part.partNumber, partName: part.partName, partNickname: part.partNickname },
    },
    initialMaterialState(),
  );
  const { materialId, partNumber, partName } = events[0]!.data;
  return { events, materialId, partNumber, partName };
}

export function decideMaterialReceipt(command: MaterialReceiptCommand, states: MaterialReceiptStates): MaterialReceiptEvents {
  const { part, location, quantity } = command.data;
  const defined = partOf(part, states.material);
  const ref: StockItemRef = { location, materialId: defined.materialId, partNumber: defined.partNumber, partName: defined.partName };
  switch (command.type) {
    case 'ReceiveIntoProject':
      return {
        material: defined.events,
        item: stockItemDecider.decide({ type: 'ReceiveMaterial', data: { ...ref, quantity, frozen: command.data.frozen } }, states.item),
      };
    case 'ReceiveIntoWarehouse': {
      const { frozen, warehouse, note, place } = command.data;
      const events = decideWarehouseStock(
        { type: 'ReceiveIntoWarehouse', data: { frozen, warehouse, ref, quantity, note, place } },
        { warehouse: states.item },
      );
      return { material: defined.events, item: events.warehouse };
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown receipt ${JSON.stringify(unknown)}`);
    }
  }
}
