/**
 * The figures a project's inventory would show once the actions waiting on this device are
 * applied, and per part which actions those are: the dashboard shows them beside the confirmed
 * figures, marked as not yet confirmed. The arithmetic is ARCHITECTURE §6's; the server still
 * decides each action on arrival, so these are a forecast, never a fact.
 */
import { assignBody, type InventoryRow, lostFoundBody, receiveBody, returnBody } from '@contract/materials.ts';
import type { QueuedAction } from './queued.ts';

export type Figures = Pick<InventoryRow, 'MatVendorQty' | 'QtyOnHand' | 'FieldAssigned' | 'QtyLost'>;

export interface PendingPart {
  /** The figures the server last gave; null for a part first received on this device. */
  confirmed: Figures | null;
  /** The stock actions not yet sent that change this part, in queue order. */
  actions: QueuedAction[];
}

export interface PendingFigures {
  /** The rows with the pending actions applied, and a row for each part new to the project. */
  rows: InventoryRow[];
  /** By part number: only parts that some pending action changes. */
  pending: Map<string, PendingPart>;
}

/** A stock action's effect on one part's figures; null when the action is not a stock movement. */
interface Movement {
  partNumber: string;
  delta: Figures;
  /** For a receive of a part the project does not list yet. */
  newPart?: { name: string; nickname: string };
}

const ZERO: Figures = { MatVendorQty: 0, QtyOnHand: 0, FieldAssigned: 0, QtyLost: 0 };

function movement(action: QueuedAction): Movement | null {
  const d = (figures: Partial<Figures>): Figures => ({ ...ZERO, ...figures });
  switch (action.kind) {
    case 'receive': {
      const body = receiveBody.safeParse(action.body);
      if (!body.success) return null;
      const q = body.data.quantity;
      return {
        partNumber: body.data.part_number,
        delta: d({ MatVendorQty: q, QtyOnHand: q }),
        newPart: { name: body.data.part_name ?? '', nickname: body.data.standard_name ?? '' },
      };
    }
    case 'return': {
      const body = returnBody.safeParse(action.body);
      if (!body.success) return null;
      const q = body.data.quantity;
      return { partNumber: body.data.part_number, delta: d({ MatVendorQty: -q, QtyOnHand: -q }) };
    }
    case 'assign':
    case 'unassign': {
      const body = assignBody.safeParse(action.body);
      if (!body.success) return null;
      const q = action.kind === 'assign' ? body.data.quantity : -body.data.quantity;
      return { partNumber: body.data.part_number, delta: d({ QtyOnHand: -q, FieldAssigned: q }) };
    }
    case 'lost':
    case 'found': {
      const body = lostFoundBody.safeParse(action.body);
      if (!body.success) return null;
      const q = action.kind === 'lost' ? body.data.quantity : -body.data.quantity;
      const from = body.data.source === 'field_assigned' ? 'FieldAssigned' : 'QtyOnHand';
      return { partNumber: body.data.part_number, delta: d({ [from]: -q, QtyLost: q }) };
    }
    default:
      // Assets, scans, count lines and requests do not move a project's material figures.
      return null;
  }
}

function newRow(projectId: string | null, partNumber: string, name: string, nickname: string): InventoryRow {
  return {
    ProjectID: projectId,
    warehouse_id: null,
    // Not a server id: the part has none on this device until the receive is applied.
    material_id: `pending:${partNumber}`,
    PartNumber: partNumber,
    PartName: name,
    StandardName: nickname,
    part_number: partNumber,
    part_name: name,
    part_nickname: nickname,
    ...ZERO,
    QtyInTransit: 0,
    QtyIncoming: 0,
    LowStockWarning: 15,
    CriticalStockWarning: 0,
  };
}

const figuresOf = (row: InventoryRow): Figures => ({
  MatVendorQty: row.MatVendorQty,
  QtyOnHand: row.QtyOnHand,
  FieldAssigned: row.FieldAssigned,
  QtyLost: row.QtyLost,
});

/**
 * Applies a project's queued actions to its rows. Actions that need the person's attention were
 * refused by the server and are not applied; the rows passed in are not changed.
 */
export function pendingFigures(rows: readonly InventoryRow[], actions: readonly QueuedAction[]): PendingFigures {
  const confirmed = new Map<string, InventoryRow>(rows.map((r) => [r.PartNumber, r]));
  // Copies of the rows that change; the others keep their identity (the table's memo and highlight).
  const changed = new Map<string, InventoryRow>();
  const added: InventoryRow[] = [];
  const pending = new Map<string, PendingPart>();
  const projectId = rows[0]?.ProjectID ?? null;

  for (const action of [...actions].sort((a, b) => a.seq - b.seq)) {
    if (action.status === 'attention') continue;
    const move = movement(action);
    if (!move) continue;
    let row = changed.get(move.partNumber);
    if (!row) {
      const known = confirmed.get(move.partNumber);
      // Only a receive can bring a part the project does not list; any other action on it waits for the server.
      if (!known && !move.newPart) continue;
      row = known ? { ...known } : newRow(action.projectId ?? projectId, move.partNumber, move.newPart?.name ?? '', move.newPart?.nickname ?? '');
      if (!known) added.push(row);
      changed.set(move.partNumber, row);
      pending.set(move.partNumber, { confirmed: known ? figuresOf(known) : null, actions: [] });
    }
    pending.get(move.partNumber)?.actions.push(action);
    row.MatVendorQty += move.delta.MatVendorQty;
    row.QtyOnHand += move.delta.QtyOnHand;
    row.FieldAssigned += move.delta.FieldAssigned;
    row.QtyLost += move.delta.QtyLost;
  }
  if (changed.size === 0) return { rows: [...rows], pending };
  return { rows: [...rows.map((r) => changed.get(r.PartNumber) ?? r), ...added], pending };
}

/** The tooltip of a part's pending badge: "Includes 2 actions not yet sent: Assign 5 × PN-100 …". */
export function pendingTitle(part: PendingPart): string {
  const n = part.actions.length;
  const lines = part.actions.map((a) => a.summary).join(' · ');
  return `Includes ${n} action${n === 1 ? '' : 's'} not yet sent: ${lines}`;
}
