/**
 * The rules of a bulk file as one batch, pure: every row is decided in file order by the stock
 * item's own `decide` on the running state of its part (a receive of 5 then a return of 7 of a part
 * holding 3 works), and the batch is all or none: one refused row and nothing is applied, every
 * row saying why. A reversal of an applied batch is decided the same way, as a whole.
 */
import { DomainError } from '../../ledger/errors.ts';
import type { NewEvent } from '../../ledger/event-store/types.ts';
import { initialMaterialState, materialDecider } from '../../ledger/material/decide.ts';
import { materialStreamId } from '../../ledger/material/events.ts';
import type { StockItemCommand, StockItemRef } from '../../ledger/stock-item/commands.ts';
import { stockItemDecider } from '../../ledger/stock-item/decide.ts';
import { stockStreamId, type StockItemEvent, type StockLocation } from '../../ledger/stock-item/events.ts';
import type { StockItemState } from '../../ledger/stock-item/state.ts';
import type { BulkAction } from '../../contract/materials.ts';
import { PART_NOT_FOUND, TRANSACTIONS_FROZEN } from '../../contract/messages.ts';

export const NOT_APPLIED = 'Not applied: another row of this file was refused';
export const ALREADY_REVERSED = 'This upload has already been reversed';
export const BATCH_NOT_FOUND = 'No applied upload with this id in this project';

/** A valid row of a file, in file order. */
export interface BulkLine {
  row: number;
  /** One action per file; per line so a batch can mix them and stay decided in order. */
  action: BulkAction;
  partNumber: string;
  partName: string;
  partNickname: string;
  quantity: number;
}

export interface CatalogPart {
  material_id: string;
  part_number: string;
  part_name: string;
  part_nickname: string;
}

/** A part as the batch found it: its catalogue entry (null when new) and its stock here. */
export interface PartAtStart {
  material: CatalogPart | null;
  state: StockItemState;
}

export interface BulkRowVerdict {
  row: number;
  part_number: string;
  quantity: number;
  /** `OK`, the rule's refusal, or NOT_APPLIED when another row was refused. */
  status: string;
  on_hand_before: number | null;
  on_hand_after: number | null;
}

export interface BulkPlan {
  rows: BulkRowVerdict[];
  refused: number;
  /** The events, grouped per stream in the order first touched (a new part's definition first). */
  appends: Array<{ streamId: string; events: NewEvent[] }>;
}

interface Running {
  material: CatalogPart | null;
  state: StockItemState;
}

class Appends {
  private readonly byStream = new Map<string, NewEvent[]>();
  add(streamId: string, events: readonly NewEvent[]): void {
    const list = this.byStream.get(streamId) ?? [];
    list.push(...events);
    this.byStream.set(streamId, list);
  }
  toList(): BulkPlan['appends'] {
    return [...this.byStream].map(([streamId, events]) => ({ streamId, events }));
  }
}

function commandFor(action: BulkAction, ref: StockItemRef, quantity: number): StockItemCommand {
  return action === 'receive'
    ? { type: 'ReceiveMaterial', data: { ...ref, quantity, frozen: false } }
    : { type: 'ReturnMaterial', data: { ...ref, quantity, binInfo: null, frozen: false } };
}

const refOf = (location: StockLocation, m: CatalogPart): StockItemRef => ({
  location,
  materialId: m.material_id,
  partNumber: m.part_number,
  partName: m.part_name,
});

/**
 * Decides every line of a file on the parts as they stood (`parts`, by part number). A receive of a
 * part the catalogue does not know defines it once, with the id `newMaterialIds` gives it.
 */
export function planBulk(input: {
  location: StockLocation;
  lines: readonly BulkLine[];
  parts: ReadonlyMap<string, PartAtStart>;
  newMaterialIds: Readonly<Record<string, string>>;
  frozen: boolean;
}): BulkPlan {
  const { location } = input;
  if (input.frozen) throw new DomainError('FROZEN', TRANSACTIONS_FROZEN);
  const running = new Map<string, Running>();
  const appends = new Appends();
  const rows: BulkRowVerdict[] = [];
  let refused = 0;
  for (const line of input.lines) {
    const start = input.parts.get(line.partNumber);
    // Keyed by the part itself, so two spellings the catalogue resolves to one part share one state.
    const key = start?.material ? `part:${start.material.material_id}` : `new:${line.partNumber}`;
    const part = running.get(key) ?? { material: start?.material ?? null, state: start?.state ?? stockItemDecider.initialState() };
    const before = part.state.exists ? part.state.onHand : 0;
    try {
      let material = part.material;
      const defined: NewEvent[] = [];
      if (!material) {
        if (line.action !== 'receive') throw new DomainError('NOT_FOUND', PART_NOT_FOUND);
        const materialId = input.newMaterialIds[line.partNumber];
        if (!materialId) throw new Error(`no material id for new part ${line.partNumber}`);
        const events = materialDecider.decide(
          { type: 'DefineMaterial', data: { materialId, partNumber: line.partNumber, partName: line.partName, partNickname: line.partNickname } },
          initialMaterialState(),
        );
        const d = events[0]!.data;
        material = { material_id: materialId, part_number: d.partNumber, part_name: d.partName, part_nickname: d.partNickname };
        defined.push(...events);
      }
      const events = stockItemDecider.decide(commandFor(line.action, refOf(location, material), line.quantity), part.state);
      const state = events.reduce(stockItemDecider.evolve, part.state);
      if (defined.length > 0) appends.add(materialStreamId(material.material_id), defined);
      appends.add(stockStreamId(location, material.material_id), events);
      running.set(key, { material, state });
      rows.push({ row: line.row, part_number: line.partNumber, quantity: line.quantity, status: 'OK', on_hand_before: before, on_hand_after: state.onHand });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused += 1;
      rows.push({ row: line.row, part_number: line.partNumber, quantity: line.quantity, status: error.message, on_hand_before: before, on_hand_after: before });
    }
  }
  if (refused === 0) return { rows, refused, appends: appends.toList() };
  return { rows: rows.map((r) => (r.status === 'OK' ? { ...r, status: NOT_APPLIED, on_hand_after: r.on_hand_before } : r)), refused, appends: [] };
}

/** One movement of an applied batch, as its log row recorded it. */
export interface AppliedMovement {
  materialId: string;
  partNumber: string;
  partName: string;
  logType: 'Receive' | 'Return';
  quantity: number;
}

/**
 * The opposite movements of an applied batch (receive ↔ return), newest first so each undoes the
 * state its original left; refused as a whole when stock has since moved too far.
 */
export function planReversal(input: {
  location: StockLocation;
  movements: readonly AppliedMovement[];
  states: ReadonlyMap<string, StockItemState>;
  alreadyReversed: boolean;
  frozen: boolean;
}): { appends: BulkPlan['appends']; rows: number } {
  if (input.movements.length === 0) throw new DomainError('NOT_FOUND', BATCH_NOT_FOUND);
  if (input.alreadyReversed) throw new DomainError('DOMAIN_RULE', ALREADY_REVERSED);
  if (input.frozen) throw new DomainError('FROZEN', TRANSACTIONS_FROZEN);
  const running = new Map(input.states);
  const appends = new Appends();
  for (const m of [...input.movements].reverse()) {
    const state = running.get(m.materialId) ?? stockItemDecider.initialState();
    const ref: StockItemRef = { location: input.location, materialId: m.materialId, partNumber: m.partNumber, partName: m.partName };
    let events: StockItemEvent[];
    try {
      events = stockItemDecider.decide(commandFor(m.logType === 'Receive' ? 'return' : 'receive', ref, m.quantity), state);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      const why =
        m.logType === 'Receive'
          ? `${m.partNumber} has ${state.onHand} on hand now and the reversal would return ${m.quantity}`
          : `${m.partNumber}: ${error.message}`;
      throw new DomainError('DOMAIN_RULE', `This upload cannot be reversed: stock has moved since (${why}). Nothing was changed.`);
    }
    running.set(m.materialId, events.reduce(stockItemDecider.evolve, state));
    appends.add(stockStreamId(input.location, m.materialId), events);
  }
  return { appends: appends.toList(), rows: input.movements.length };
}
