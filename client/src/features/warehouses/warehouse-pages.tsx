/**
 * /warehouses and /warehouses/logs. Both take a mode, materials or assets, as the query
 * parameter `mode`; without it they follow the dashboard's Materials / Assets toggle.
 */
import { Badge } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { NotSetUpPage } from '../../components/not-set-up-page.tsx';
import { selectDashboardMode } from '../../app/session/session-selectors.ts';
import type { DashboardMode } from '../../app/session/session-types.ts';

function useWarehouseMode(): DashboardMode {
  const [params] = useSearchParams();
  const fallback = useAppSelector(selectDashboardMode);
  const mode = params.get('mode');
  return mode === 'materials' || mode === 'assets' ? mode : fallback;
}

function ModeBadge({ mode }: { mode: DashboardMode }) {
  return (
    <Badge variant="light" size="lg">
      {mode === 'assets' ? 'Assets' : 'Materials'}
    </Badge>
  );
}

export function WarehouseInventoryPage() {
  const mode = useWarehouseMode();
  return <NotSetUpPage title="Warehouse Inventory" what="Warehouse stock" aside={<ModeBadge mode={mode} />} />;
}

export function WarehouseLogsPage() {
  const mode = useWarehouseMode();
  return <NotSetUpPage title="Warehouse Logs" what="Warehouse movements" aside={<ModeBadge mode={mode} />} />;
}
