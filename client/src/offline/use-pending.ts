/**
 * The signed-in user's queued actions, in the order they will be sent, kept current as actions are
 * queued, sent, refused or discarded (in this tab and others).
 */
import { useEffect, useState } from 'react';
import { useAppSelector } from '../shared/hooks.ts';
import { listActions, subscribeQueue } from './queue.ts';
import type { QueuedAction } from './queued.ts';

const NONE: QueuedAction[] = [];

export function usePendingActions(): QueuedAction[] {
  const userId = useAppSelector((state) => state.session.user?.id ?? null);
  const [actions, setActions] = useState<{ userId: string | null; items: QueuedAction[] }>({ userId: null, items: NONE });

  useEffect(() => {
    if (!userId) return;
    let live = true;
    // No IndexedDB (an old or locked-down browser): nothing can have been kept, so nothing waits.
    const load = () =>
      void listActions(userId).then(
        (items) => {
          if (live) setActions({ userId, items });
        },
        () => {
          if (live) setActions({ userId, items: NONE });
        },
      );
    const unsubscribe = subscribeQueue((changed, gone) => {
      if (changed !== userId) return;
      if (gone) setActions({ userId, items: NONE });
      else load();
    });
    load();
    return () => {
      live = false;
      unsubscribe();
    };
  }, [userId]);

  // Never another user's list, even for the moment before the new one is read.
  return actions.userId === userId ? actions.items : NONE;
}
