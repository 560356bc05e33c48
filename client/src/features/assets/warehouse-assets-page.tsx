import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { warehouseLabel } from '../../api/warehouse-types.ts';
import { FROZEN_REASON, useSiteStatus } from '../../shared/site/site-status.ts';
import { useGetAssetInventoryQuery } from './assets-api.ts';
import { AssetActionsBar } from './asset-actions-bar.tsx';
import { AssetDetailsModal } from './asset-details-modal.tsx';
import { AssetInventoryPanel } from './asset-inventory-panel.tsx';
import { AssetLostFoundDialog } from './asset-lost-found-dialog.tsx';
import { AssetMoveDialog } from './asset-move-dialog.tsx';
import { assetRowKey } from './asset-table-model.ts';
import { AssetTrackerDialog } from './asset-tracker.tsx';
import type { AssetLostFoundMode } from './lost-found-rules.ts';
import type { AssetMoveKind } from './move-rules.ts';
import { AssetReceiveWizard } from './receive-wizard.tsx';
import { TRACK_PARAM } from '@contract/scan-paths.ts';
import { WarehouseBody, type WarehouseChoice, WarehouseFacts, WarehouseHeader, warehouseScreen } from '../../components/warehouse-select.tsx';
import { WAREHOUSE_DEACTIVATED, WAREHOUSE_INVENTORY_TITLE } from '../../shared/messages.ts';

type WarehouseAction = 'receive' | 'warehouse-assign' | 'warehouse-return' | 'warehouse-unassign' | 'lost' | 'found' | 'tracker';
type Open =
  | { kind: 'receive' }
  | { kind: 'tracker' }
  | { kind: 'details'; key: string }
  | { kind: 'lost-found'; mode: AssetLostFoundMode; key: string | null }
  | { kind: 'move'; move: AssetMoveKind; instanceId?: string };

export const WarehouseAssetsPage = warehouseScreen(WAREHOUSE_INVENTORY_TITLE, WarehouseAssets);

function WarehouseAssets({ choice }: { choice: WarehouseChoice }) {
  const warehouse = choice.chosen;
  const [params, setParams] = useSearchParams();
  const tracked = params.get(TRACK_PARAM);
  const { frozen } = useSiteStatus();
  const inventory = useGetAssetInventoryQuery(warehouse ? { type: 'warehouse', id: warehouse.id } : skipToken, { refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState<Open | null>(null);
  const close = () => setOpen(null);
  const closeTracker = () => {
    const next = new URLSearchParams(params);
    next.delete(TRACK_PARAM);
    setParams(next, { replace: true });
    close();
  };
  const rows = inventory.data ?? [];
  const reason = frozen ? FROZEN_REASON : warehouse && !warehouse.active ? WAREHOUSE_DEACTIVATED : null;
  const actions: { key: WarehouseAction; label: string; reason: string | null }[] = [
    { key: 'receive', label: 'Receive', reason },
    { key: 'warehouse-assign', label: 'Assign to Project', reason },
    { key: 'warehouse-return', label: 'Return', reason },
    { key: 'warehouse-unassign', label: 'Unassign', reason },
    { key: 'lost', label: 'Mark Lost', reason },
    { key: 'found', label: 'Mark Found', reason },
    { key: 'tracker', label: 'Asset Tracker', reason: null },
  ];
  const onAction = (key: WarehouseAction) =>
    setOpen(
      key === 'receive' || key === 'tracker'
        ? { kind: key }
        : key === 'lost' || key === 'found'
          ? { kind: 'lost-found', mode: key, key: null }
          : { kind: 'move', move: key },
    );
  const detailsRow = open?.kind === 'details' || open?.kind === 'lost-found' ? rows.find((r) => assetRowKey(r) === open.key) : undefined;

  return (
    <>
      <WarehouseHeader title={WAREHOUSE_INVENTORY_TITLE} choice={choice} />
      <WarehouseBody choice={choice} empty="There are no warehouses yet.">
        {(warehouse) => (
          <>
            <WarehouseFacts warehouse={warehouse} />
            <AssetActionsBar title="Warehouse Actions" actions={actions} onAction={onAction} />
            <AssetInventoryPanel
              rows={inventory.data}
              isLoading={inventory.isLoading}
              isFetching={inventory.isFetching}
              error={inventory.error}
              onDetails={(r) => setOpen({ kind: 'details', key: assetRowKey(r) })}
              print={{}}
            />
          </>
        )}
      </WarehouseBody>
      {(tracked || open?.kind === 'tracker') && <AssetTrackerDialog initialId={tracked} onClose={closeTracker} />}
      {warehouse && open?.kind === 'receive' && (
        <AssetReceiveWizard target={{ type: 'warehouse', id: warehouse.id, label: warehouseLabel(warehouse) }} onClose={close} />
      )}
      {warehouse && open?.kind === 'move' && (
        <AssetMoveDialog kind={open.move} here={{ type: 'warehouse', id: warehouse.id }} rows={rows} instanceId={open.instanceId} onClose={close} />
      )}
      {open?.kind === 'details' && detailsRow && (
        <AssetDetailsModal
          row={detailsRow}
          place="warehouse"
          canMove={!reason}
          onMove={(move, instanceId) => setOpen({ kind: 'move', move, instanceId })}
          onLostFound={reason ? undefined : (mode) => setOpen({ kind: 'lost-found', mode, key: assetRowKey(detailsRow) })}
          onClose={close}
        />
      )}
      {warehouse && open?.kind === 'lost-found' && (
        <AssetLostFoundDialog
          mode={open.mode}
          row={detailsRow ?? null}
          rows={rows}
          here={{ type: 'warehouse', id: warehouse.id }}
          // From Asset Details it goes back there; from the action bar it simply closes.
          onClose={() => setOpen(open.key ? { kind: 'details', key: open.key } : null)}
        />
      )}
    </>
  );
}
