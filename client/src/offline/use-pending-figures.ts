/** A project's inventory with this device's pending actions applied (pending-figures.ts), kept current. */
import { useMemo } from 'react';
import type { InventoryRow } from '@contract/materials.ts';
import { type PendingFigures, pendingFigures } from './pending-figures.ts';
import { usePendingActions } from './use-pending.ts';

/** With `apply` false (a past point in time, say) the rows come back as they are, with nothing pending. */
export function usePendingFigures(projectId: string, rows: readonly InventoryRow[] | undefined, apply = true): PendingFigures | null {
  const actions = usePendingActions();
  return useMemo(() => {
    if (!rows) return null;
    const mine = apply ? actions.filter((a) => a.projectId === projectId) : [];
    return pendingFigures(rows, mine);
  }, [actions, projectId, rows, apply]);
}
