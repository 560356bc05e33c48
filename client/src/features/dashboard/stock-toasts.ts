/** What the wizards' toasts say (spec 01 §8). Pure, so the wording is tested. */
import { REQUEST_MESSAGES } from '@contract/requests.ts';
import type { StockAction } from './wizard-rules.ts';
import { ASSIGN_ITEM_FAILED, RETURN_ITEM_FAILED } from '../../shared/messages.ts';

export function successMessage(action: StockAction, quantity: number, partNumber: string, userName: string): string {
  switch (action) {
    case 'receive':
      return `Received ${quantity} × ${partNumber} into inventory`;
    case 'return':
      return `Returned ${quantity} × ${partNumber} from inventory`;
    case 'assign':
      return `Assigned ${quantity} × ${partNumber} to ${userName}`;
    case 'unassign':
      return `Unassigned ${quantity} × ${partNumber} from ${userName}`;
    default: {
      const unknown: never = action;
      return String(unknown);
    }
  }
}

/** The toast of a failure whose answer carried no message of its own (spec 01 §8). */
export const FAILURE_FALLBACK: Record<StockAction, string> = {
  receive: 'Failed to receive item',
  return: RETURN_ITEM_FAILED,
  assign: ASSIGN_ITEM_FAILED,
  unassign: 'Failed to submit assignment',
};

export const REOPENED_MESSAGE = REQUEST_MESSAGES.reopenedToast;
export const REOPENED_DURATION_MS = 10_000;
