/** Receive materials into a warehouse (spec 02 §2.4): details, location, summary. */
import { Alert, Center, Checkbox, Loader, Stack } from '@mantine/core';
import { useGetCatalogQuery } from '../../api/materials-api.ts';
import { warehouseLabel, type Warehouse } from '../../api/warehouse-types.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { useWizard, WizardFooter, WizardSteps } from '../../components/wizard.tsx';
import { QuantityInput } from '../../components/quantity-input.tsx';
import { PartPicker } from '../../components/part-picker.tsx';
import { LocationFields } from './location-fields.tsx';
import { locationLabel } from './location.ts';
import { EMPTY_RECEIVE, RECEIVE_STEP_LABELS, RECEIVE_STEPS, receiveBody, receiveStepErrors, type ReceiveErrors, type ReceiveValues } from './receive-rules.ts';
import { SummaryTable } from '../../components/summary-table.tsx';
import { useWarehouseMove } from './use-warehouse-move.ts';
import { NewPartFields } from '../../components/new-part-fields.tsx';

export function ReceiveWizard({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  return (
    <AppModal opened onClose={onClose} title="Receive Materials" size="lg">
      <ReceiveBody warehouse={warehouse} onClose={onClose} />
    </AppModal>
  );
}

function ReceiveBody({ warehouse, onClose }: { warehouse: Warehouse; onClose: () => void }) {
  const catalog = useGetCatalogQuery();
  const { values, set, errors, active, setActive, next } = useWizard<ReceiveValues, ReceiveErrors>(EMPTY_RECEIVE);
  const move = useWarehouseMove(warehouse.id, 'receive', 'Failed to receive material');
  const step = RECEIVE_STEPS[active] ?? 'summary';
  const catalogPart = (n: string) => catalog.data?.find((p) => p.part_number === n);
  const chosen = catalogPart(values.partNumber.trim());

  const submit = async () => {
    const body = receiveBody(values);
    const ok = await move.submit(body, `Received ${body.quantity} × ${body.part_number} into ${warehouseLabel(warehouse)}`);
    if (ok) onClose();
  };

  if (catalog.isLoading) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  const partName = values.newPart ? values.partName.trim() : (chosen?.part_name ?? '');
  return (
    <Stack gap="md">
      <WizardSteps steps={RECEIVE_STEPS} labels={RECEIVE_STEP_LABELS} active={active} onBack={setActive} />
      {step === 'details' && (
        <Stack gap="sm">
          <Checkbox
            label="New part (not in the catalogue yet)"
            checked={values.newPart}
            onChange={(e) => set({ newPart: e.currentTarget.checked, partName: '', nickname: '' })}
          />
          {typeof errors.form === 'string' && (
            <Alert color="red" role="alert">
              {errors.form}
            </Alert>
          )}
          {values.newPart ? (
            <NewPartFields values={values} errors={errors} onChange={set} />
          ) : (
            <PartPicker
              label="Part Number"
              parts={catalog.data ?? []}
              value={values.partNumber}
              onChange={(partNumber) => set({ partNumber })}
              error={errors.partNumber}
              description={chosen ? [chosen.part_name, chosen.part_nickname].filter(Boolean).join(' · ') : undefined}
            />
          )}
          <QuantityInput
            label="Quantity"
            value={values.quantity}
            onChange={(quantity) => set({ quantity })}
            error={errors.quantity}
            w={{ base: '100%', xs: 200 }}
          />
        </Stack>
      )}
      {step === 'location' && <LocationFields values={values.location} onChange={(location) => set({ location })} error={errors.location} />}
      {step === 'summary' && (
        <>
          <FailureAlert failure={move.failure} />
          <SummaryTable
            lines={[
              ['Warehouse', warehouseLabel(warehouse)],
              ['Part Number', values.partNumber.trim()],
              ['Part Name', partName || '—'],
              ...(values.newPart
                ? ([
                    ['Nickname', values.nickname.trim()],
                    ['Part type', 'New part'],
                  ] as [string, string][])
                : []),
              ['Quantity', values.quantity.trim()],
              ['Location', locationLabel(values.location)],
              ...(values.location.notes.trim() ? ([['Notes', values.location.notes.trim()]] as [string, string][]) : []),
            ]}
          />
        </>
      )}
      <WizardFooter
        back={active > 0}
        onBack={active === 0 ? onClose : () => setActive(active - 1)}
        last={step === 'summary'}
        action="Receive"
        onSubmit={() => void submit()}
        onNext={() => next(receiveStepErrors(step, values, catalogPart))}
        busy={move.busy}
      />
    </Stack>
  );
}
