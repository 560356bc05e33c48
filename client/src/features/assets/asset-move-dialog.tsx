/**
 * The asset return and assign dialogs (spec 01 §2): a form, then a confirm step showing what will
 * be sent. On the dashboard Return sends an instance to a warehouse, Assign marks it in use for a
 * member and Unassign marks it available; in a warehouse Assign sends an instance to a project and
 * Unassign marks an In-Use instance found by search available; Return brings one back from
 * wherever it is, or counts units of a bulk type back from a project
 * (no more than the project holds).
 */
import { SegmentedControl, Select, Stack, Textarea } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetProjectUsersQuery, useListProjectsQuery } from '../../api/projects-api.ts';
import { projectLabel } from '../../api/project-types.ts';
import { useListWarehousesQuery } from '../../api/warehouses-api.ts';
import { warehouseLabel } from '../../api/warehouse-types.ts';
import { personName } from '../../shared/format.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { WizardFooter } from '../../components/wizard.tsx';
import { QuantityInput } from '../../components/quantity-input.tsx';
import { useGetAssetInventoryQuery, type Owner } from './assets-api.ts';
import { assetRowKey, isBulk } from './asset-table-model.ts';
import type { AssetInstance, AssetRow } from './asset-types.ts';
import { instanceLabel } from './instance-label.ts';
import { InstanceSearchPicker } from './instance-search-picker.tsx';
import {
  EMPTY_MOVE,
  inUseBody,
  moveErrors,
  MOVE_MESSAGES,
  MOVES,
  movePartner,
  transferBody,
  type AssetMoveKind,
  type MoveErrors,
  type MoveSpec,
  type MoveValues,
} from './move-rules.ts';
import { SummaryTable } from '../../components/summary-table.tsx';
import { useAssetMove } from './use-asset-move.ts';

interface AssetMoveDialogProps {
  kind: AssetMoveKind;
  /** The project or warehouse the dialog was opened in. */
  here: Owner;
  /** Its asset inventory, to choose from. */
  rows: readonly AssetRow[];
  /** A row chosen already (from Asset Details). */
  instanceId?: string;
  onClose: () => void;
}

export function AssetMoveDialog({ kind, here, rows, instanceId, onClose }: AssetMoveDialogProps) {
  const spec = MOVES[kind];
  const [values, setValues] = useState<MoveValues>({ ...EMPTY_MOVE, instanceId: instanceId ?? null });
  const [found, setFound] = useState<AssetInstance | null>(null);
  const [errors, setErrors] = useState<MoveErrors>({});
  const [confirming, setConfirming] = useState(false);
  const move = useAssetMove(spec.failure);
  const others = useOthers(movePartner(kind, values), here);
  // A warehouse's return of bulk units chooses from what the chosen project holds.
  const units = kind === 'warehouse-return' && values.units;
  const held = useGetAssetInventoryQuery(units && values.otherId ? { type: 'project', id: values.otherId } : skipToken);
  const choices = units ? (held.data ?? []) : rows;
  const offered = units ? choices.filter((r) => isBulk(r) && r.QtyOnHand > 0) : rows.filter(spec.offers);
  const row = choices.find((r) => assetRowKey(r) === values.instanceId);
  const bulk = row && isBulk(row) ? row : undefined;
  // The warehouse's instance return and unassign find the instance anywhere by search.
  const searched = (kind === 'warehouse-return' && !units) || kind === 'warehouse-unassign';
  const instanceText = searched ? (found ? instanceLabel(found) : '—') : row ? rowLabel(row) : '—';
  const otherText = others.options.find((o) => o.value === values.otherId)?.label ?? '—';

  const set = (patch: Partial<MoveValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
    move.setFailure(null);
  };
  const next = () => {
    const found = moveErrors(kind, values, bulk);
    setErrors(found);
    if (Object.keys(found).length === 0) setConfirming(true);
  };
  const submit = async () => {
    const ok =
      kind === 'project-assign' || kind === 'project-unassign' || kind === 'warehouse-unassign'
        ? await move.setInUse(inUseBody(kind, values), spec.success)
        : kind === 'instance-to-warehouse' || kind === 'instance-to-project'
          ? await move.sendAnywhere(transferBody(kind, values, here.id), spec.success)
          : await move.send(here, kind === 'warehouse-assign' ? 'assign' : 'return', transferBody(kind, values, here.id, bulk), spec.success);
    if (ok) onClose();
  };

  const partnerSelect = others.label && (
    <Select
      allowDeselect={false}
      label={units ? 'From project' : others.label}
      placeholder={others.loading ? 'Loading...' : `Select a ${others.label.toLowerCase()}`}
      data={others.options}
      value={values.otherId}
      // Another project holds other units: the bulk asset is chosen again.
      onChange={(id) => set(units ? { otherId: id, instanceId: null } : { otherId: id })}
      searchable
      nothingFoundMessage="Nothing matches"
      error={errors.other}
    />
  );

  return (
    <AppModal opened onClose={onClose} title={spec.title} size="md">
      <Stack gap="md">
        {confirming ? (
          <>
            <FailureAlert failure={move.failure} />
            <SummaryTable
              lines={[
                ['Asset', instanceText],
                ...(bulk ? ([['Quantity', values.quantity.trim()]] as [string, string][]) : []),
                ...(others.label ? ([[units ? 'From project' : others.label, otherText]] as [string, string][]) : []),
                ['Notes', values.notes.trim() || '—'],
              ]}
            />
          </>
        ) : (
          <>
            {kind === 'warehouse-return' && (
              <SegmentedControl
                aria-label="Return what"
                fullWidth
                data={[
                  { value: 'instance', label: 'One instance' },
                  { value: 'units', label: 'Bulk units' },
                ]}
                value={values.units ? 'units' : 'instance'}
                onChange={(v) => {
                  setFound(null);
                  set({ units: v === 'units', instanceId: null, otherId: null, quantity: '1' });
                }}
              />
            )}
            {units && partnerSelect}
            {searched ? (
              <InstanceSearchPicker
                label="Asset instance"
                value={found}
                onChange={(i) => {
                  setFound(i);
                  set({ instanceId: i?.id ?? null });
                }}
                error={errors.instance}
                // Only In-Use instances can be unassigned (spec 01 §4); a return takes one from elsewhere.
                exclude={kind === 'warehouse-unassign' ? (i) => i.Status !== 'In-Use' : (i) => i.owner_type === 'warehouse' && i.owner_id === here.id}
              />
            ) : (
              <Select
                allowDeselect={false}
                label={units ? 'Bulk asset' : 'Asset instance'}
                placeholder={
                  units && !values.otherId
                    ? 'Select the project first'
                    : held.isFetching
                      ? 'Loading...'
                      : offered.length === 0
                        ? MOVE_MESSAGES.noneOffered
                        : MOVE_MESSAGES.searchAssets
                }
                data={offered.map((r) => ({ value: assetRowKey(r), label: rowLabel(r) }))}
                value={values.instanceId}
                onChange={(id) => set({ instanceId: id })}
                searchable
                nothingFoundMessage="No assets match"
                error={errors.instance}
              />
            )}
            {bulk && (
              <QuantityInput
                label="Quantity"
                description={units ? `${bulk.QtyOnHand} held by the project` : `${bulk.QtyOnHand} on hand`}
                value={values.quantity}
                onChange={(quantity) => set({ quantity })}
                error={errors.quantity}
              />
            )}
            {!units && partnerSelect}
            <Textarea label="Notes" value={values.notes} onChange={(e) => set({ notes: e.currentTarget.value })} autosize minRows={2} />
          </>
        )}
        <WizardFooter
          back={confirming}
          onBack={confirming ? () => setConfirming(false) : onClose}
          last={confirming}
          action="Confirm"
          onSubmit={() => void submit()}
          onNext={next}
          busy={move.busy}
        />
      </Stack>
    </AppModal>
  );
}

/** A row as the picker and summary name it; a bulk type with its units on hand. */
const rowLabel = (r: AssetRow) =>
  isBulk(r)
    ? `${r.AssetNumber} · ${r.AssetName} (${r.QtyOnHand} on hand)`
    : instanceLabel({ asset_number: r.AssetNumber, asset_name: r.AssetName, serial_number: r.serial_number });

/** The warehouses, members or projects the dialog offers as the other side of the move. */
function useOthers(needs: MoveSpec['needs'], here: Owner) {
  const warehouses = useListWarehousesQuery(undefined, { skip: needs !== 'warehouse' });
  const members = useGetProjectUsersQuery(here.id, { skip: needs !== 'user' });
  const projects = useListProjectsQuery({ scope: 'all' }, { skip: needs !== 'project' });
  switch (needs) {
    case 'warehouse':
      return {
        label: 'Warehouse',
        loading: warehouses.isLoading,
        options: (warehouses.data ?? []).filter((w) => w.active).map((w) => ({ value: w.id, label: warehouseLabel(w) })),
      };
    case 'user':
      return { label: 'User', loading: members.isLoading, options: (members.data ?? []).map((u) => ({ value: u.user_id, label: personName(u) })) };
    case 'project':
      return { label: 'Project', loading: projects.isLoading, options: (projects.data ?? []).map((p) => ({ value: p.id, label: projectLabel(p) })) };
    default:
      return { label: null, loading: false, options: [] };
  }
}
