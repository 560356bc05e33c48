/**
 * Mark Lost / Mark Found (spec 01 §4 "Lost / found", §5, §8): how much the chosen source can give,
 * every validation message, and when Submit is disabled. Pure, so tested directly.
 */
import { FOUND_USER_REQUIRED, LOST_FOUND_QUANTITY_POSITIVE, LOST_USER_REQUIRED, QUANTITY_REQUIRED } from '@contract/messages.ts';
import type { LostFoundSource } from '../../api/stock-api.ts';
import { MAX_LENGTH, lengthError, quantityError } from '../../shared/field-limits.ts';
import { SUBMIT_UPDATE_FAILED } from '../../shared/messages.ts';

export type LostFoundMode = 'lost' | 'found';

export const LOST_FOUND_MESSAGES = {
  quantityRequired: QUANTITY_REQUIRED,
  quantityPositive: LOST_FOUND_QUANTITY_POSITIVE,
  lostUser: LOST_USER_REQUIRED,
  foundUser: FOUND_USER_REQUIRED,
  assigneesFailed: 'Unable to load assignees for this item.',
  noAssignees: 'No active assignees found; record a return or unassign before marking field losses.',
  failed: SUBMIT_UPDATE_FAILED,
} as const;

export const overAvailable = (n: number) => `Cannot exceed available on-hand or field-assigned quantity (${n})`;
export const overLost = (n: number) => `Cannot exceed outstanding lost quantity (${n})`;

export interface LostFoundInput {
  mode: LostFoundMode;
  /** Lost: where it went missing from. Found: where it goes back to. */
  source: LostFoundSource;
  quantity: string;
  userId: string | null;
  note: string;
  onHand: number;
  fieldAssigned: number;
  lost: number;
  /** Lost from the field: what the chosen user holds (null until one is chosen). */
  userHolding: number | null;
}

/** The most the form accepts: on hand, the chosen user's holding (else the whole field), or the outstanding lost. */
export function available(input: LostFoundInput): number {
  if (input.mode === 'found') return input.lost;
  if (input.source === 'on_hand') return input.onHand;
  return input.userHolding ?? input.fieldAssigned;
}

export interface LostFoundErrors {
  quantity?: string;
  userId?: string;
  note?: string;
}

export function lostFoundErrors(input: LostFoundInput): LostFoundErrors {
  const errors: LostFoundErrors = {};
  const quantity = Number(input.quantity.trim());
  const problem = quantityError(input.quantity, LOST_FOUND_MESSAGES.quantityPositive, LOST_FOUND_MESSAGES.quantityRequired);
  if (problem) errors.quantity = problem;
  else if (input.mode === 'lost' && quantity > available(input)) errors.quantity = overAvailable(available(input));
  else if (input.mode === 'found' && quantity > input.lost) errors.quantity = overLost(input.lost);

  if (input.source === 'field_assigned' && !input.userId) {
    errors.userId = input.mode === 'lost' ? LOST_FOUND_MESSAGES.lostUser : LOST_FOUND_MESSAGES.foundUser;
  }
  const note = lengthError('Note', MAX_LENGTH.note, input.note);
  if (note) errors.note = note;
  return errors;
}

/** Submit is disabled when the source holds nothing, or nothing is recorded as lost. */
export function submitDisabled(input: Pick<LostFoundInput, 'mode' | 'source' | 'onHand' | 'fieldAssigned' | 'lost'>): boolean {
  if (input.mode === 'found') return input.lost <= 0;
  return input.source === 'on_hand' ? input.onHand <= 0 : input.fieldAssigned <= 0;
}
