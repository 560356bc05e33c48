/** Create or edit a warehouse (Warehouse Manager): name, location and capacity summary. */
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useIdempotencyKey } from '../../api/idempotency.ts';
import { warehouseLabel, type Warehouse } from '../../api/warehouse-types.ts';
import { useCreateWarehouseMutation, useUpdateWarehouseMutation } from '../../api/warehouses-api.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { warehouseBody, warehouseFormErrors, warehouseFormValues, type WarehouseFormErrors, type WarehouseFormValues } from './warehouse-form.ts';
import { WAREHOUSE_MESSAGES } from './warehouse-messages.ts';
import { UPDATE_FAILED } from '../../shared/messages.ts';

export function WarehouseFormDialog({ warehouse, onClose }: { warehouse: Warehouse | null; onClose: () => void }) {
  const [values, setValues] = useState<WarehouseFormValues>(() => warehouseFormValues(warehouse));
  const [errors, setErrors] = useState<WarehouseFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, creating] = useCreateWarehouseMutation();
  const [update, updating] = useUpdateWarehouseMutation();
  const idempotency = useIdempotencyKey();
  const busy = creating.isLoading || updating.isLoading;
  const set = (patch: Partial<WarehouseFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors({});
    setFailure(null);
  };

  const save = async () => {
    const found = warehouseFormErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body = warehouseBody(values);
    const idempotencyKey = idempotency.keyFor({ id: warehouse?.id ?? null, ...body });
    const result = warehouse ? await update({ id: warehouse.id, idempotencyKey, ...body }) : await create({ idempotencyKey, ...body });
    idempotency.settle(result.error);
    if (result.error || !result.data) {
      setFailure(messageOr(result.error, warehouse ? UPDATE_FAILED : WAREHOUSE_MESSAGES.createFailed));
      return;
    }
    toast.success(warehouse ? `Warehouse ${warehouseLabel(result.data)} updated` : `Warehouse ${warehouseLabel(result.data)} created`);
    onClose();
  };

  return (
    <AppModal opened onClose={onClose} title={warehouse ? `Edit ${warehouseLabel(warehouse)}` : 'New Warehouse'} size="md">
      <Stack gap="sm">
        <TextInput label="Name" required value={values.name} onChange={(e) => set({ name: e.currentTarget.value })} error={errors.name} data-autofocus />
        <TextInput
          label="Location"
          placeholder="Address or yard"
          value={values.location}
          onChange={(e) => set({ location: e.currentTarget.value })}
          error={errors.location}
        />
        <TextInput
          label="Capacity summary"
          placeholder="e.g. 12 racks, 400 m²"
          value={values.capacitySummary}
          onChange={(e) => set({ capacitySummary: e.currentTarget.value })}
          error={errors.capacitySummary}
        />
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void save()} loading={busy}>
            {warehouse ? 'Save' : 'Create'}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
