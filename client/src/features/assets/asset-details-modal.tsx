/**
 * Asset Details (spec 01 §2 "Modals on the dashboard"): the instance's type, name, serial, status,
 * where it is and who has it, a QR code of its tracker link and Print Label (the print dialog on
 * this one instance: its name, number, serial and that QR on the chosen stock), the moves that fit
 * its status (Mark In Use, Mark Available, Return), and Mark Lost / Mark Found. A bulk asset shows
 * its counts instead of a serial and a holder.
 */
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { warehouseLabel } from '../../api/warehouse-types.ts';
import { personName } from '../../shared/format.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { useLocateAssetQuery } from './assets-api.ts';
import { AssetQrCode } from './asset-qr-code.tsx';
import { assetType, isBulk } from './asset-table-model.ts';
import type { AssetRow } from './asset-types.ts';
import { StatusBadge } from './assets-table.tsx';
import type { AssetMoveKind } from './move-rules.ts';
import { offersLostFound, type AssetLostFoundMode } from './lost-found-rules.ts';
import { DetailField } from '../../components/detail-field.tsx';
import { PrintLabelsButton } from '../../components/codes/print-selection.tsx';

interface AssetDetailsModalProps {
  row: AssetRow;
  /** The moves this place offers, or none for those who may only look. */
  canMove: boolean;
  onMove: (kind: AssetMoveKind, instanceId: string) => void;
  /** Mark Lost / Mark Found, for those who may (project admins and managers, admins); absent otherwise. */
  onLostFound?: (mode: AssetLostFoundMode) => void;
  onClose: () => void;
  /** Which dialogs the place has: the dashboard's, or a warehouse's. */
  place: 'project' | 'warehouse';
  /** The project the dashboard shows, whose label templates may format the label. */
  projectId?: string;
}

export function AssetDetailsModal({ row, canMove, onMove, onLostFound, onClose, place, projectId }: AssetDetailsModalProps) {
  const location = useLocateAssetQuery(row.instance_id ?? skipToken);
  const where = location.data;
  const holder = where?.assignedUser ? personName(where.assignedUser) : (row.assigned_user_name ?? null);
  const id = row.instance_id;
  return (
    <AppModal opened onClose={onClose} title="Asset Details" size="lg">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="lg">
          <SimpleGrid cols={2} spacing="sm" style={{ flex: 1, minWidth: 220 }}>
            <DetailField wrap label="Asset Type" value={assetType(row)} />
            <DetailField wrap label="Category" value={row.category} />
            <DetailField wrap label="Asset Name" value={row.AssetName} />
            {isBulk(row) ? (
              <>
                <DetailField wrap label="Qty On Hand" value={String(row.QtyOnHand)} />
                <DetailField wrap label="Assigned Qty" value={String(row.AssignedQty)} />
                <DetailField wrap label="Qty Lost" value={String(row.QtyLost)} />
              </>
            ) : (
              <>
                <DetailField wrap label="S/N" value={row.serial_number ?? '—'} />
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    Status
                  </Text>
                  <StatusBadge row={row} />
                </div>
                <DetailField wrap label="In use by" value={holder ?? '—'} />
                <DetailField wrap label={where?.project ? 'Parent warehouse' : 'Warehouse'} value={where?.warehouse ? warehouseLabel(where.warehouse) : '—'} />
                <DetailField wrap label="Project" value={where?.project ? `${where.project.project_number} · ${where.project.project_name}` : '—'} />
                <DetailField wrap label="Condition" value={where?.instance.condition ?? '—'} />
                {where?.instance.notes && <DetailField wrap label="Notes" value={where.instance.notes} />}
              </>
            )}
          </SimpleGrid>
          {id && (
            <Stack gap="xs" align="center">
              <AssetQrCode instanceId={id} asset={{ asset_number: row.AssetNumber, asset_name: row.AssetName, serial_number: row.serial_number }} />
              <PrintLabelsButton
                label="Print Label"
                withCount={false}
                count={1}
                source={() => ({ kind: 'assets', instance_ids: [id], ...(projectId ? { project_id: projectId } : {}) })}
                templateProjectId={projectId}
              />
            </Stack>
          )}
        </Group>
        {canMove && id && (
          <Group gap="sm" wrap="wrap">
            {place === 'project' && row.Status === 'Available' && (
              <>
                <Button onClick={() => onMove('project-assign', id)}>Mark In Use</Button>
                <Button variant="light" onClick={() => onMove('project-return', id)}>
                  Return
                </Button>
              </>
            )}
            {place === 'project' && row.Status === 'In-Use' && <Button onClick={() => onMove('project-unassign', id)}>Mark Available</Button>}
            {place === 'warehouse' && row.Status === 'Available' && <Button onClick={() => onMove('warehouse-assign', id)}>Assign to Project</Button>}
          </Group>
        )}
        {onLostFound && (offersLostFound('lost', row) || offersLostFound('found', row)) && (
          <Group gap="sm" wrap="wrap">
            {offersLostFound('lost', row) && (
              <Button color="red" variant="light" onClick={() => onLostFound('lost')}>
                Mark Lost
              </Button>
            )}
            {offersLostFound('found', row) && (
              <Button color="teal" variant="light" onClick={() => onLostFound('found')}>
                Mark Found
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </AppModal>
  );
}
