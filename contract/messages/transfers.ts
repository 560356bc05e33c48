/** The transfer messages a person reads: the spec's words (02 §5, §8) and the state table's rules (02 §4.1). */
import { TRANSACTIONS_FROZEN } from '../messages.ts';
import type { ItemStatus, TransferStatus } from '../transfers.ts';

export const TRANSFER_MESSAGES = {
  notFound: 'Transfer not found',
  exceedsStock: 'Requested quantity exceeds available stock',
  invalidQuantity: 'Invalid quantity',
  sameProject: 'A transfer moves stock between two different projects.',
  hiddenSource: 'That project does not take part in transfers.',
  emptyPicklist: 'Add at least one item to the pick list.',
  duplicateItem: 'Each part appears once on a pick list; raise its quantity instead.',
  addressRequired: 'A shipping address (name, line 1, city, state and zip) is required for delivery by label.',
  trackingRequired: 'A tracking number is required to mark a transfer Shipped.',
  nothingPending: 'Every item is already fulfilled or denied.',
  alreadyExists: 'This transfer already exists.',
  sourceAdminOnly: 'Only an admin of the source project can do this.',
  destinationAdminOnly: 'Only an admin of the destination project can do this.',
  notifyActorsOnly: 'Only an admin of the source project, or an admin or manager of the destination, can send notice of a transfer.',
  requesterOnly: 'Only an admin or manager of the destination project can change the pick list while it is Requested.',
  requestersOnly: 'Only a project admin or manager can request a transfer.',
  frozen: TRANSACTIONS_FROZEN,
} as const;

/** Each state's rule, as the state table words it: the message of every refused change names it. */
export const STATE_RULES: Record<TransferStatus, string> = {
  Requested: 'a Requested transfer is Accepted or Denied by an admin of the source project',
  Accepted: 'an Accepted transfer becomes Fulfilled only when every item is fulfilled or denied',
  Denied: 'Denied is final',
  Fulfilled: 'a Fulfilled transfer becomes Shipped (delivery by label) or Ready (pickup), set by an admin of the source project',
  Shipped: 'a Shipped transfer becomes Received when an admin of the destination project acknowledges it',
  Ready: 'a Ready transfer becomes Received when an admin of the destination project acknowledges it',
  Received: 'a Received transfer becomes Complete only when every item is received, by an admin of the destination project',
  Complete: 'Complete is final',
};

const article = (word: string) => (/^[AEIOU]/.test(word) ? 'An' : 'A');
export const transitionRefused = (from: TransferStatus, to: string) => `${article(from)} ${from} transfer cannot become ${to}: ${STATE_RULES[from]}.`;
export const actionRefused = (status: TransferStatus, action: string) => `Cannot ${action} while the transfer is ${status}: ${STATE_RULES[status]}.`;
export const notOnList = (partNumber: string) => `Part ${partNumber} is not on this transfer.`;
export const itemRefused = (partNumber: string, status: ItemStatus, rule: string) => `Item ${partNumber} is ${status}: ${rule}.`;
const RECEIVE_TOO_MANY = 'Cannot receive more than was shipped';
export const receiveTooMany = (remaining: number) => `${RECEIVE_TOO_MANY} (${remaining} left to receive).`;
/**
 * A scanned line's refusal names its part: the item refusals (not on the list, its status) do
 * already; a quantity refusal is prefixed with the part. The transfer's own refusals stay as they are.
 */
export function lineRefused(partNumber: string, message: string): string {
  const aboutQuantity = message === TRANSFER_MESSAGES.exceedsStock || message === TRANSFER_MESSAGES.invalidQuantity || message.startsWith(RECEIVE_TOO_MANY);
  return aboutQuantity ? `Part ${partNumber}: ${message}` : message;
}
/** The Fulfilled refusal: the state's rule, then each item still open (pending, or partial with its remainder neither sent nor denied). */
export const notAllSettled = (open: Array<{ partNumber: string; status: ItemStatus; sent: number; qty: number }>) =>
  `${transitionRefused('Accepted', 'Fulfilled')} Still open: ${open
    .map((i) => (i.status === 'partial' ? `${i.partNumber} (partial, ${i.sent} of ${i.qty} sent)` : `${i.partNumber} (${i.status})`))
    .join(', ')}.`;
export const notAllReceived = (open: string[]) => `Every item must be received first (not yet received: ${open.join(', ')}).`;
