/** Relocate (spec 02 §2.4): select a part, its location and how many; the new location; confirm. */
import { Stack } from '@mantine/core';
import { warehouseLabel, type Warehouse, type WarehouseStockRow } from '../../api/warehouse-types.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { useWizard, WizardFooter, WizardSteps } from '../../components/wizard.tsx';
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
  const { values, set, errors, active, setActive, next } = useWizard<RelocateValues, RelocateErrors>(EMPTY_RELOCATE);
  const move = useWarehouseMove(warehouse.id, 'relocate', 'Failed to relocate material');
  const step = RELOCATE_STEPS[active] ?? 'confirm';
  const row = rows.find((r) => r.material_id === values.materialId);
  const from = sourceLocation(row, values.source);

  const submit = async () => {
    if (!row) return;
    const body = relocateBody(values, row);
    const ok = await move.submit(body, `Relocated ${body.quantity} × ${body.part_number} to ${locationLabel(values.target)}`);
    if (ok) onClose();
  };

  return (
    <Stack gap="md">
      <WizardSteps steps={RELOCATE_STEPS} labels={RELOCATE_STEP_LABELS} active={active} onBack={setActive} />
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
          <FailureAlert failure={move.failure} />
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
      <WizardFooter
        back={active > 0}
        onBack={active === 0 ? onClose : () => setActive(active - 1)}
        last={step === 'confirm'}
        action={`Relocate ${values.quantity.trim()}`}
        onSubmit={() => void submit()}
        onNext={() => next(relocateStepErrors(step, values, row))}
        busy={move.busy}
      />
    </Stack>
  );
}
