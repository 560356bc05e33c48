/**
 * What a scan batch does, chosen once for all its lines: receive the serials as new assets of one
 * type into a warehouse or a project, check the assets out to a person, or return them from use.
 */
import { SegmentedControl, Select, Stack } from '@mantine/core';
import { projectLabel } from '../../../api/project-types.ts';
import { useListProjectsQuery } from '../../../api/projects-api.ts';
import { warehouseLabel } from '../../../api/warehouse-types.ts';
import { useListWarehousesQuery } from '../../../api/warehouses-api.ts';
import { UserPicker } from '../../../components/user-picker.tsx';
import { useSerializedAssetTypesQuery } from './batch-api.ts';
import type { BatchAction, BatchChoice } from './batch-rules.ts';

export const ACTION_LABELS: Record<BatchAction, string> = {
  receive: 'Receive as new assets',
  'check-out': 'Check out to a person',
  return: 'Return from use',
};

const NO_ONE: ReadonlySet<string> = new Set();

interface BatchActionProps {
  action: BatchAction;
  onAction: (action: BatchAction) => void;
  choice: BatchChoice;
  onChoice: (choice: BatchChoice) => void;
  /** Admins may receive into a warehouse; others only into a project they manage. */
  warehousesAllowed: boolean;
}

export function BatchActionFields({ action, onAction, choice, onChoice, warehousesAllowed }: BatchActionProps) {
  const set = (change: Partial<BatchChoice>) => onChoice({ ...choice, ...change });
  return (
    <Stack gap="xs">
      <SegmentedControl
        aria-label="Action"
        orientation="vertical"
        fullWidth
        value={action}
        onChange={(value) => onAction(value as BatchAction)}
        data={(Object.keys(ACTION_LABELS) as BatchAction[]).map((value) => ({ value, label: ACTION_LABELS[value] }))}
      />
      {action === 'receive' && <ReceiveFields choice={choice} set={set} warehousesAllowed={warehousesAllowed} />}
      {action === 'check-out' && (
        <UserPicker value={choice.userId} onChange={(userId) => set({ userId })} exclude={NO_ONE} placeholder="Who takes the assets" />
      )}
    </Stack>
  );
}

function ReceiveFields({ choice, set, warehousesAllowed }: { choice: BatchChoice; set: (change: Partial<BatchChoice>) => void; warehousesAllowed: boolean }) {
  const warehouses = useListWarehousesQuery();
  const projects = useListProjectsQuery({});
  const types = useSerializedAssetTypesQuery();
  const warehouseOptions = (warehouses.data ?? []).filter((w) => w.active).map((w) => ({ value: w.id, label: warehouseLabel(w) }));
  const destinations = [
    ...(warehousesAllowed ? [{ group: 'Warehouses', items: warehouseOptions.map((o) => ({ ...o, value: `warehouse:${o.value}` })) }] : []),
    { group: 'Projects', items: (projects.data ?? []).map((p) => ({ value: `project:${p.id}`, label: projectLabel(p) })) },
  ];
  return (
    <>
      <Select
        label="Receive into"
        placeholder="Select a warehouse or project"
        data={destinations}
        value={choice.ownerId ? `${choice.ownerType}:${choice.ownerId}` : null}
        onChange={(value) => {
          if (!value) return set({ ownerId: null });
          const [ownerType, ownerId] = value.split(':') as ['warehouse' | 'project', string];
          set({ ownerType, ownerId });
        }}
        searchable
        nothingFoundMessage="Nothing matches"
      />
      {choice.ownerType === 'project' && choice.ownerId && (
        <Select
          label="Parent warehouse"
          placeholder="The warehouse the assets belong to"
          data={warehouseOptions}
          value={choice.parentWarehouseId}
          onChange={(parentWarehouseId) => set({ parentWarehouseId })}
          searchable
        />
      )}
      <Select
        label="Asset type"
        placeholder={types.isLoading ? 'Loading...' : 'Search by asset number or name'}
        data={(types.data ?? []).map((t) => ({ value: t.asset_number, label: `${t.asset_number} · ${t.asset_name}` }))}
        value={choice.assetNumber}
        onChange={(assetNumber) => set({ assetNumber })}
        searchable
        nothingFoundMessage="No serialized asset type matches"
      />
    </>
  );
}
