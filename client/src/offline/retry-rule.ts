/**
 * "Retry with N" on a refused action: N is what is available now for what the action takes from.
 * Assign, return and lost from on hand take from on hand; unassign, and lost from a person, take
 * from what that person holds; found takes from what is lost. An action without a quantity, or
 * when nothing is available, is never offered a retry (a retry that takes 0 is no choice).
 */
import { OCCURRED_AT_ERROR } from '@contract/offline.ts';
import type { Assignee, InventoryRow } from '../api/material-types.ts';
import { quantityOf } from './describe.ts';
import type { QueuedAction } from './queued.ts';

export type FigureNeeded = { figure: 'on_hand' } | { figure: 'lost' } | { figure: 'held'; userId: string };

type Body = Record<string, unknown>;
const asBody = (body: unknown): Body => (typeof body === 'object' && body !== null ? (body as Body) : {});
const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/** Which figure bounds the action, or null when a retry with another quantity does not apply. */
export function figureNeeded(action: Pick<QueuedAction, 'kind' | 'body'>): FigureNeeded | null {
  const body = asBody(action.body);
  if (quantityOf(body) === null || !str(body.part_number) || !str(body.project_id)) return null;
  switch (action.kind) {
    case 'assign':
    case 'return':
      return { figure: 'on_hand' };
    case 'lost': {
      const holder = str(body.associated_user);
      return body.source === 'field_assigned' && holder ? { figure: 'held', userId: holder } : { figure: 'on_hand' };
    }
    case 'unassign': {
      const holder = str(body.user_id);
      return holder ? { figure: 'held', userId: holder } : null;
    }
    case 'found':
      return { figure: 'lost' };
    default:
      return null;
  }
}

/** The part the action is about, as the inventory and assignee reads are asked for it. */
export function partOf(action: Pick<QueuedAction, 'body' | 'projectId'>): { projectId: string; number: string } | null {
  const body = asBody(action.body);
  const number = str(body.part_number);
  const projectId = str(body.project_id) ?? action.projectId;
  return number && projectId ? { projectId, number } : null;
}

/** The figure now, from the project's inventory and the part's holders; null while unknown. */
export function availableNow(
  need: FigureNeeded,
  part: string,
  inventory: readonly InventoryRow[] | undefined,
  holders: readonly Assignee[] | undefined,
): number | null {
  if (need.figure === 'held') {
    if (!holders) return null;
    return holders.find((h) => h.uuid === need.userId)?.quantity ?? 0;
  }
  if (!inventory) return null;
  const row = inventory.find((r) => r.PartNumber === part || r.part_number === part);
  if (!row) return 0;
  return need.figure === 'lost' ? row.QtyLost : row.QtyOnHand;
}

/**
 * N to offer, or null: never for an action without a quantity, never when N ≤ 0, and never when
 * N covers what was asked (then the refusal was not about the quantity, and a retry would not help).
 */
export function retryOffer(action: Pick<QueuedAction, 'kind' | 'body'>, available: number | null): number | null {
  const asked = quantityOf(action.body);
  if (figureNeeded(action) === null || asked === null || available === null || !Number.isFinite(available)) return null;
  const n = Math.floor(available);
  return n > 0 && n < asked ? n : null;
}

/** A refusal no other quantity or edit can cure (it came back too late): only discarding is left. */
export function onlyDiscard(action: Pick<QueuedAction, 'problem'>): boolean {
  return action.problem?.code === OCCURRED_AT_ERROR.tooOld;
}

/** The body with another quantity, everything else as the person first sent it. */
export function withQuantity(body: unknown, quantity: number): unknown {
  return { ...asBody(body), quantity };
}
