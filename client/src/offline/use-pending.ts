/**
 * The signed-in user's queued actions, in the order they will be sent, kept current as actions are
 * queued, sent, refused or discarded (in this tab and others).
 */
import type { QueuedAction } from './queued.ts';

// Replaced by the queue's live subscription.
export function usePendingActions(): QueuedAction[] {
  return [];
}
