/**
 * Return to the vendor, assign to a project, unassign from a project (spec 02 §2.4). Assign and
 * unassign are one command over the warehouse and the project: both change, or neither does.
 */
import { Alert, Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useGetInventoryQuery } from '../../api/materials-api.ts';
import { projectLabel } from '../../api/project-types.ts';
import { useListProjectsQuery } from '../../api/projects-api.ts';
import { warehouseLabel, type Warehouse, type WarehouseStockRow } from '../../api/warehouse-types.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { QuantityInput } from '../../components/quantity-input.tsx';
import { PartPicker } from '../../components/part-picker.tsx';
import { LocationFields } from './location-fields.tsx';
import { EMPTY_MOVE, MOVE_TITLES, MOVE_VERBS, moveBody, moveErrors, type MoveErrors, type MoveKind, type MoveValues } from './move-rules.ts';
import { sourceLocation } from './relocate-rules.ts';
import { SourceLocationSelect, StockPartSelect } from './stock-pickers.tsx';
import { useWarehouseMove } from './use-warehouse-move.ts';
import { WAREHOUSE_MESSAGES } from './warehouse-messages.ts';
import { NO_PROJECTS_AVAILABLE } from '../../shared/messages.ts';

interface MoveDialogProps {
  kind: MoveKind;
  warehouse: Warehouse;
  rows: readonly WarehouseStockRow[];
  onClose: () => void;
}

const FAILURES: Record<MoveKind, string> = {
  return: 'Failed to return material',
  assign: WAREHOUSE_MESSAGES.assignFailed,
  unassign: 'Unassign failed',
  lost: 'Failed to mark lost',
  found: 'Failed to mark found',
};

/** The toast of a move the server took: what, how many, and where it went. */
function successText(kind: MoveKind, quantity: number, part: string, warehouse: string, project: string): string {
  switch (kind) {
    case 'return':
      return `Returned ${quantity} × ${part} to the vendor`;
    case 'assign':
      return `Assigned ${quantity} × ${part} to ${project}`;
    case 'unassign':
      return `Unassigned ${quantity} × ${part} back into ${warehouse}`;
    case 'lost':
      return `Marked ${quantity} × ${part} lost in ${warehouse}`;
    case 'found':
      return `Marked ${quantity} × ${part} found in ${warehouse}`;
    default: {
      const unknown: never = kind;
      return String(unknown);
    }
  }
}

export function MoveDialog(props: MoveDialogProps) {
  return (
    <AppModal opened onClose={props.onClose} title={MOVE_TITLES[props.kind]} size="lg">
      <MoveBody {...props} />
    </AppModal>
  );
}

function MoveBody({ kind, warehouse, rows, onClose }: MoveDialogProps) {
  const [values, setValues] = useState<MoveValues>(EMPTY_MOVE);
  const [errors, setErrors] = useState<MoveErrors>({});
  // A global admin moves stock to any active project, not only those they belong to.
  const projects = useListProjectsQuery({ scope: 'all' }, { skip: kind !== 'assign' && kind !== 'unassign' });
  const projectStock = useGetInventoryQuery(kind === 'unassign' && values.projectId ? values.projectId : skipToken);
  const move = useWarehouseMove(warehouse.id, kind, FAILURES[kind]);
  const row = rows.find((r) => r.material_id === values.materialId);
  const from = sourceLocation(row, values.source);
  const projectRow = (projectStock.data ?? []).find((r) => r.PartNumber === values.partNumber.trim());
  const project = (projects.data ?? []).find((p) => p.id === values.projectId);

  const set = (patch: Partial<MoveValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
    move.clearFailure();
  };
  const submit = async () => {
    const found = moveErrors(kind, values, { row, projectOnHand: projectRow?.QtyOnHand });
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = moveBody(kind, values, row);
    const ok = await move.submit(
      body,
      successText(kind, body.quantity, body.part_number, warehouseLabel(warehouse), project ? projectLabel(project) : 'the project'),
    );
    if (ok) onClose();
  };

  const projectSelect = (
    <Select
      label="Project"
      placeholder={projects.isLoading ? 'Loading...' : (projects.data ?? []).length === 0 ? NO_PROJECTS_AVAILABLE : 'Choose a project'}
      data={(projects.data ?? []).map((p) => ({ value: p.id, label: projectLabel(p) }))}
      value={values.projectId}
      onChange={(projectId) => set({ projectId, partNumber: '' })}
      searchable
      nothingFoundMessage="No projects match"
      error={errors.project}
    />
  );

  return (
    <Stack gap="sm">
      <Alert variant="light" color="gray" p="xs">
        {kind === 'unassign'
          ? `Back into ${warehouseLabel(warehouse)}`
          : kind === 'found'
            ? `Found in ${warehouseLabel(warehouse)}`
            : `From ${warehouseLabel(warehouse)}`}
      </Alert>
      {kind === 'unassign' ? (
        <>
          {projectSelect}
          <PartPicker
            label="Part Number"
            parts={projectStock.data ?? []}
            value={values.partNumber}
            onChange={(partNumber) => set({ partNumber })}
            error={errors.material}
            description={projectRow ? `${projectRow.PartName} · ${projectRow.QtyOnHand} on hand in the project` : undefined}
          />
        </>
      ) : kind === 'found' ? (
        <StockPartSelect lost rows={rows} value={values.materialId} onChange={(materialId) => set({ materialId })} error={errors.material} />
      ) : (
        <>
          <StockPartSelect rows={rows} value={values.materialId} onChange={(materialId) => set({ materialId, source: null })} error={errors.material} />
          <SourceLocationSelect row={row} value={values.source} onChange={(source) => set({ source })} error={errors.source} />
          {kind === 'assign' && projectSelect}
        </>
      )}
      <QuantityInput
        label="Quantity"
        value={values.quantity}
        onChange={(quantity) => set({ quantity })}
        error={errors.quantity}
        description={kind === 'found' ? (row ? `At most ${row.qty_lost} (lost here)` : undefined) : from ? `At most ${from.qty} (at ${from.label})` : undefined}
        w={{ base: '100%', xs: 220 }}
      />
      {(kind === 'unassign' || kind === 'found') && <LocationFields values={values.target} onChange={(target) => set({ target })} error={errors.target} />}
      {kind !== 'unassign' && kind !== 'found' && <TextInput label="Notes" value={values.notes} onChange={(e) => set({ notes: e.currentTarget.value })} />}
      <FailureAlert failure={move.failure} />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={move.busy}>
          Cancel
        </Button>
        <Button onClick={() => void submit()} loading={move.busy}>
          {MOVE_VERBS[kind]}
        </Button>
      </Group>
    </Stack>
  );
}
