/**
 * The materials or assets mode of the inventory screens (spec 01 §1, spec 02 §2.1): the mode chosen
 * in the sidebar, remembered locally. A link may name one (`?mode=assets`, as a label's QR code
 * does): it becomes the chosen mode and leaves the address, so the sidebar's switch stays in charge.
 */
import { useEffect, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../shared/hooks.ts';
import { selectDashboardMode } from '../shared/session/session-selectors.ts';
import { dashboardModeSet } from '../shared/session/session-slice.ts';
import type { DashboardMode } from '../shared/session/session-types.ts';

export const MODE_PARAM = 'mode';

const isMode = (value: string | null): value is DashboardMode => value === 'materials' || value === 'assets';

export function InventoryMode({ materials, assets }: { materials: ReactNode; assets: ReactNode }) {
  const dispatch = useAppDispatch();
  const chosen = useAppSelector(selectDashboardMode);
  const [params, setParams] = useSearchParams();
  const linked = params.get(MODE_PARAM);
  useEffect(() => {
    if (linked === null) return;
    if (isMode(linked)) dispatch(dashboardModeSet(linked));
    const next = new URLSearchParams(params);
    next.delete(MODE_PARAM);
    setParams(next, { replace: true });
  }, [linked, params, setParams, dispatch]);
  const mode = isMode(linked) ? linked : chosen;
  return <>{mode === 'assets' ? assets : materials}</>;
}
