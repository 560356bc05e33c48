/**
 * What a screen says when its field action was kept on this device instead of sent: written once
 * so every form, dialog and list says it the same way.
 */
import { toast } from '../shared/toast.ts';
import { isQueued } from './queued.ts';

/** The toast of a queued action: the work is not lost, and nothing more is needed from the person. */
export const SAVED_ON_DEVICE = 'Saved on this device — it will be sent when the signal returns';
/** A line or row kept on this device, not yet sent. */
export const KEPT_ON_DEVICE = 'Kept on this device';
/** A row (a request, say) that is only on this device so far. */
export const NOT_YET_SENT = 'Not yet sent';
/** The badge of a part whose figures include actions not yet sent. */
export const PENDING_BADGE = 'pending';

/** Long enough to be read on a phone in the field. */
export const SAVED_ON_DEVICE_DURATION_MS = 6000;

export function announceSavedOnDevice(): void {
  toast.info(SAVED_ON_DEVICE, { duration: SAVED_ON_DEVICE_DURATION_MS });
}

/**
 * True (and the toast shown) when a mutation's answer is the base query's queued receipt rather
 * than the server's answer: the caller closes as on success and reads nothing else from it.
 */
export function savedOnDevice(data: unknown): boolean {
  if (!isQueued(data)) return false;
  announceSavedOnDevice();
  return true;
}
