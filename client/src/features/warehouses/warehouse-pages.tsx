/**
 * /warehouses and /warehouses/logs. Both take a mode, materials or assets, as the query
 * parameter `mode`; without it they follow the dashboard's Materials / Assets toggle.
 */
import { Badge } from '@mantine/core';
import { useSearchParams } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks.ts';
import { EmptyPage } from '../../components/empty-page.tsx';
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
  return <EmptyPage title="Warehouse Inventory" aside={<ModeBadge mode={mode} />} />;
}

export function WarehouseLogsPage() {
  const mode = useWarehouseMode();
  return <EmptyPage title="Warehouse Logs" aside={<ModeBadge mode={mode} />} />;
}
