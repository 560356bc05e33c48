/**
 * The dashboard in assets mode (spec 01 §2): the Project Actions bar labelled for assets (for
 * those who may manage the project), the project's assets with their CSV export (admins), labels
 * printed for the ticked instances, Asset Details, the receive wizard, the return and assign
 * dialogs, Mark Lost / Mark Found and the project's Asset Logs (its admins and managers). The
 * inventory is refetched on every visit and live while shown.
 */
import { Button } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect, useState } from 'react';
import { useAppSelector } from '../../shared/hooks.ts';
import { canCurateProject, canExportInventory, canManageStock } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { FROZEN_REASON, useSiteStatus } from '../../shared/site/site-status.ts';
import { NoData } from '../../components/no-data.tsx';
import { useGetAssetInventoryQuery } from './assets-api.ts';
import { AsOfNote } from '../../offline/as-of-note.tsx';
import { AssetActionsBar } from './asset-actions-bar.tsx';
import { AssetInventoryPanel } from './asset-inventory-panel.tsx';
import { downloadAssetInventoryCsv } from './asset-inventory-csv.ts';
import { assetRowKey } from './asset-table-model.ts';
import type { AssetLostFoundMode } from './lost-found-rules.ts';
import type { AssetMoveKind } from './move-rules.ts';
import { DialogSuspense, lazyNamed, usePreloaded } from '../../components/lazy-named.tsx';

// The dialogs load when first opened: the dashboard paints without them.
const AssetDetailsModal = lazyNamed(() => import('./asset-details-modal.tsx'), 'AssetDetailsModal');
const AssetLogsModal = lazyNamed(() => import('./asset-logs-modal.tsx'), 'AssetLogsModal');
const AssetLostFoundDialog = lazyNamed(() => import('./asset-lost-found-dialog.tsx'), 'AssetLostFoundDialog');
const AssetMoveDialog = lazyNamed(() => import('./asset-move-dialog.tsx'), 'AssetMoveDialog');
const AssetReceiveWizard = lazyNamed(() => import('./receive-wizard.tsx'), 'AssetReceiveWizard');
const DIALOGS = [AssetDetailsModal, AssetLogsModal, AssetLostFoundDialog, AssetMoveDialog, AssetReceiveWizard];

type Open =
  | { kind: 'receive' }
  | { kind: 'logs' }
  | { kind: 'details'; key: string }
  | { kind: 'lost-found'; mode: AssetLostFoundMode; key: string }
  | { kind: 'move'; move: AssetMoveKind; instanceId?: string };

type ProjectAction = 'receive' | 'project-return' | 'project-assign' | 'project-unassign';

export function AssetsDashboard() {
  const { currentProject: project, role, currentProjectRole } = useAppSelector(selectSession);
  const { frozen } = useSiteStatus();
  const manages = canManageStock({ role, projectRole: currentProjectRole });
  const inventory = useGetAssetInventoryQuery(project ? { type: 'project', id: project.id } : skipToken, { refetchOnMountOrArgChange: true });
  const [open, setOpen] = useState<Open | null>(null);
  // Dialogs belong to the project they were opened in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of project is what triggers the effect
  useEffect(() => setOpen(null), [project?.id]);
  usePreloaded(DIALOGS);
  if (!project) return <NoData />;
  const rows = inventory.data ?? [];
  const here = { type: 'project' as const, id: project.id };
  const detailsRow = open?.kind === 'details' || open?.kind === 'lost-found' ? rows.find((r) => assetRowKey(r) === open.key) : undefined;
  // Superadmins and the project's admins and managers mark lost and found and read the logs (spec 01 §6).
  const curates = canCurateProject({ role, projectRole: currentProjectRole });
  const reason = frozen ? FROZEN_REASON : null;
  const actions: { key: ProjectAction; label: string; reason: string | null }[] = [
    { key: 'receive', label: 'Receive Assets', reason },
    { key: 'project-return', label: 'Return Assets', reason },
    { key: 'project-assign', label: 'Assign Assets', reason },
    { key: 'project-unassign', label: 'Unassign Assets', reason },
  ];

  return (
    <>
      <AsOfNote queries={[`api/assets/inventory/project/${encodeURIComponent(project.id)}`]} />
      {manages && (
        <AssetActionsBar
          title="Project Actions"
          actions={actions}
          onAction={(key) => setOpen(key === 'receive' ? { kind: 'receive' } : { kind: 'move', move: key })}
        />
      )}
      <AssetInventoryPanel
        rows={inventory.data}
        isLoading={inventory.isLoading}
        isFetching={inventory.isFetching}
        error={inventory.error}
        onDetails={(r) => setOpen({ kind: 'details', key: assetRowKey(r) })}
        print={{ projectId: project.id }}
        tools={
          <>
            {curates && (
              <Button variant="default" size="sm" onClick={() => setOpen({ kind: 'logs' })}>
                Asset Logs
              </Button>
            )}
            {canExportInventory(role) && (
              <Button variant="default" size="sm" disabled={rows.length === 0} onClick={() => downloadAssetInventoryCsv(rows, project.project_number)}>
                Export CSV
              </Button>
            )}
          </>
        }
      />
      <DialogSuspense>
        {open?.kind === 'receive' && (
          <AssetReceiveWizard target={{ ...here, label: `${project.project_number} · ${project.project_name}` }} onClose={() => setOpen(null)} />
        )}
        {open?.kind === 'details' && detailsRow && (
          <AssetDetailsModal
            row={detailsRow}
            place="project"
            projectId={project.id}
            canMove={manages && !frozen}
            onMove={(move, instanceId) => setOpen({ kind: 'move', move, instanceId })}
            onLostFound={curates && !frozen ? (mode) => setOpen({ kind: 'lost-found', mode, key: assetRowKey(detailsRow) }) : undefined}
            onClose={() => setOpen(null)}
          />
        )}
        {open?.kind === 'lost-found' && detailsRow && (
          <AssetLostFoundDialog mode={open.mode} row={detailsRow} here={here} onClose={() => setOpen({ kind: 'details', key: open.key })} />
        )}
        {open?.kind === 'logs' && <AssetLogsModal project={project} onClose={() => setOpen(null)} />}
        {open?.kind === 'move' && <AssetMoveDialog kind={open.move} here={here} rows={rows} instanceId={open.instanceId} onClose={() => setOpen(null)} />}
      </DialogSuspense>
    </>
  );
}
