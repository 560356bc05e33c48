/** Relocate (spec 02 §2.4): select a part, its location and how many; the new location; confirm. */
import { Alert, Button, Group, Stack, Stepper } from '@mantine/core';
import { useState } from 'react';
import { warehouseLabel, type Warehouse, type WarehouseStockRow } from '../../api/warehouse-types.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { QuantityInput } from '../../components/quantity-input.tsx';
import { LocationFields } from './location-fields.tsx';
import { locationLabel } from './location.ts';
import {
  EMPTY_RELOCATE,
  RELOCATE_STEP_LABELS,
  RELOCATE_STEPS,
  relocateBody,
  relocateStepErrors,
  sourceLocation,
  type RelocateErrors,
  type RelocateValues,
} from './relocate-rules.ts';
import { SourceLocationSelect, StockPartSelect } from './stock-pickers.tsx';
import { SummaryTable } from '../../components/summary-table.tsx';
import { useWarehouseMove } from './use-warehouse-move.ts';

interface RelocateWizardProps {
  warehouse: Warehouse;
  rows: readonly WarehouseStockRow[];
  onClose: () => void;
}

export function RelocateWizard(props: RelocateWizardProps) {
  return (
    <AppModal opened onClose={props.onClose} title="Relocate Materials" size="lg">
      <RelocateBody {...props} />
    </AppModal>
  );
}

function RelocateBody({ warehouse, rows, onClose }: RelocateWizardProps) {
  const [values, setValues] = useState<RelocateValues>(EMPTY_RELOCATE);
  const [active, setActive] = useState(0);
  const [errors, setErrors] = useState<RelocateErrors>({});
  const move = useWarehouseMove(warehouse.id, 'relocate', 'Failed to relocate material');
  const step = RELOCATE_STEPS[active] ?? 'confirm';
  const row = rows.find((r) => r.material_id === values.materialId);
  const from = sourceLocation(row, values.source);

  const set = (patch: Partial<RelocateValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
  };
  const next = () => {
    const found = relocateStepErrors(step, values, row);
    setErrors(found);
    if (Object.keys(found).length === 0) setActive((a) => a + 1);
  };
  const submit = async () => {
    if (!row) return;
    const body = relocateBody(values, row);
    const ok = await move.submit(body, `Relocated ${body.quantity} × ${body.part_number} to ${locationLabel(values.target)}`);
    if (ok) onClose();
  };

  return (
    <Stack gap="md">
      <Stepper active={active} size="xs" allowNextStepsSelect={false} onStepClick={(i) => i < active && setActive(i)}>
        {RELOCATE_STEPS.map((s) => (
          <Stepper.Step key={s} label={RELOCATE_STEP_LABELS[s]} />
        ))}
      </Stepper>
      {step === 'select' && (
        <Stack gap="sm">
          <StockPartSelect rows={rows} value={values.materialId} onChange={(materialId) => set({ materialId, source: null })} error={errors.material} />
          <SourceLocationSelect row={row} value={values.source} onChange={(source) => set({ source })} error={errors.source} />
          <QuantityInput
            label="Quantity"
            value={values.quantity}
            onChange={(quantity) => set({ quantity })}
            error={errors.quantity}
            description={from ? `At most ${from.qty} (at this location)` : undefined}
            w={{ base: '100%', xs: 220 }}
          />
        </Stack>
      )}
      {step === 'relocate' && <LocationFields prefix="New" values={values.target} onChange={(target) => set({ target })} error={errors.target} />}
      {step === 'confirm' && row && from && (
        <>
          {move.failure && (
            <Alert color="red" role="alert">
              {move.failure}
            </Alert>
          )}
          <SummaryTable
            lines={[
              ['Warehouse', warehouseLabel(warehouse)],
              ['Part Number', row.material.part_number],
              ['Part Name', row.material.part_name],
              ['Quantity', values.quantity.trim()],
              ['From', from.label],
              ['To', locationLabel(values.target)],
            ]}
          />
        </>
      )}
      <Group justify="space-between" gap="sm">
        <Button variant="default" onClick={active === 0 ? onClose : () => setActive(active - 1)} disabled={move.busy}>
          {active === 0 ? 'Cancel' : 'Back'}
        </Button>
        {step === 'confirm' ? (
          <Button onClick={() => void submit()} loading={move.busy}>
            Relocate {values.quantity.trim()}
          </Button>
        ) : (
          <Button onClick={next}>Next</Button>
        )}
      </Group>
    </Stack>
  );
}
