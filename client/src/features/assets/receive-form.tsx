/** The steps of the asset receive wizard that ask something: does it exist, which type, the form. */
import { Alert, Checkbox, Radio, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useListWarehousesQuery } from '../../api/warehouses-api.ts';
import { warehouseLabel } from '../../api/warehouse-types.ts';
import { QuantityInput } from '../../components/quantity-input.tsx';
import type { AssetInstance } from './asset-types.ts';
import { InstanceSearchPicker } from './instance-search-picker.tsx';
import { isBulkType, serialNeeded, type ReceiveContext, type ReceiveErrors, type ReceiveValues } from './receive-rules.ts';

/** The Category choice that names a new category; the form holds it as ''. */
const NEW_CATEGORY = 'new';

interface StepProps {
  values: ReceiveValues;
  errors: ReceiveErrors;
  set: (patch: Partial<ReceiveValues>) => void;
}

function FormError({ errors }: { errors: ReceiveErrors }) {
  return errors.form ? (
    <Alert color="red" role="alert">
      {errors.form}
    </Alert>
  ) : null;
}

export function ExistsStep({ values, errors, set }: StepProps) {
  return (
    <Stack gap="sm">
      <FormError errors={errors} />
      <Radio.Group
        label="Does the asset instance already exist?"
        value={values.instanceMode ?? ''}
        onChange={(v) => set({ instanceMode: v as ReceiveValues['instanceMode'], instanceId: null })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="existing" label="Yes, it is recorded (in a warehouse or another project)" />
          <Radio value="newInstance" label="No, it is new to the system" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

export function TypeStep({ values, errors, set }: StepProps) {
  return (
    <Stack gap="sm">
      <FormError errors={errors} />
      <Radio.Group
        label="Asset type"
        value={values.receiveMode ?? ''}
        onChange={(v) => set({ receiveMode: v as ReceiveValues['receiveMode'], assetCatalogId: null })}
      >
        <Stack gap="xs" mt="xs">
          <Radio value="existing" label="Existing type (from the asset catalog)" />
          <Radio value="newCatalog" label="New type (add it to the asset catalog)" />
        </Stack>
      </Radio.Group>
    </Stack>
  );
}

interface FormStepProps extends StepProps {
  context: ReceiveContext;
  instance: AssetInstance | null;
  onInstance: (instance: AssetInstance | null) => void;
  /** Instances already in the receiving place are not offered. */
  excludeInstance: (instance: AssetInstance) => boolean;
}

export function FormStep({ values, errors, set, context, instance, onInstance, excludeInstance }: FormStepProps) {
  const warehouses = useListWarehousesQuery(undefined);
  const active = (warehouses.data ?? []).filter((w) => w.active);
  if (values.instanceMode === 'existing') {
    return (
      <Stack gap="sm">
        <InstanceSearchPicker label="Asset instance" value={instance} onChange={onInstance} error={errors.instanceId} exclude={excludeInstance} />
        <Textarea label="Notes" value={values.notes} onChange={(e) => set({ notes: e.currentTarget.value })} autosize minRows={2} />
      </Stack>
    );
  }
  const bulk = isBulkType(values, context);
  const serial = serialNeeded(values, context);
  return (
    <Stack gap="sm">
      {values.receiveMode === 'existing' ? (
        <Select
          allowDeselect={false}
          label="Asset type"
          placeholder="Search asset number or name"
          data={context.catalog.map((c) => ({ value: c.id, label: `${c.asset_number} · ${c.asset_name}` }))}
          value={values.assetCatalogId}
          onChange={(id) => set({ assetCatalogId: id })}
          searchable
          nothingFoundMessage="No asset types match"
          error={errors.assetCatalogId}
        />
      ) : (
        <>
          <Text fw={600} size="sm">
            Type details
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput
              label="Asset Number"
              required
              value={values.assetNumber}
              onChange={(e) => set({ assetNumber: e.currentTarget.value })}
              error={errors.assetNumber}
            />
            <TextInput
              label="Asset Name"
              required
              value={values.assetName}
              onChange={(e) => set({ assetName: e.currentTarget.value })}
              error={errors.assetName}
            />
            <Select
              label="Category"
              data={[
                ...context.categories.map((c) => ({ value: c.id, label: `${c.category} (${c.serialized ? 'serialized' : 'bulk'})` })),
                { value: NEW_CATEGORY, label: 'New category…' },
              ]}
              value={values.assetCategory || NEW_CATEGORY}
              onChange={(id) => set({ assetCategory: !id || id === NEW_CATEGORY ? '' : id })}
              allowDeselect={false}
              error={values.assetCategory !== '' ? errors.category : undefined}
            />
            {values.assetCategory === '' && (
              <TextInput
                label="New category name"
                value={values.newCategoryName}
                onChange={(e) => set({ newCategoryName: e.currentTarget.value })}
                error={errors.category}
              />
            )}
          </SimpleGrid>
          {values.assetCategory === '' && (
            <Checkbox
              label="Serialized category (each piece has a serial number)"
              checked={values.newCategorySerialized}
              onChange={(e) => set({ newCategorySerialized: e.currentTarget.checked })}
            />
          )}
          {!bulk && (
            <Checkbox label="Serial number required" checked={values.serialRequired} onChange={(e) => set({ serialRequired: e.currentTarget.checked })} />
          )}
          <Text fw={600} size="sm">
            Instance
          </Text>
        </>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {bulk ? (
          <QuantityInput label="Quantity" value={values.quantity} onChange={(quantity) => set({ quantity })} error={errors.quantity} />
        ) : (
          <TextInput
            label="Serial Number"
            required={serial}
            value={values.serialNumber}
            onChange={(e) => set({ serialNumber: e.currentTarget.value })}
            error={errors.serialNumber}
          />
        )}
        <TextInput label="Condition" value={values.condition} onChange={(e) => set({ condition: e.currentTarget.value })} />
        <Select
          allowDeselect={false}
          label="Parent warehouse"
          placeholder={warehouses.isLoading ? 'Loading...' : 'Select a warehouse'}
          data={active.map((w) => ({ value: w.id, label: warehouseLabel(w) }))}
          value={values.parentWarehouseId}
          onChange={(id) => set({ parentWarehouseId: id })}
          searchable
          nothingFoundMessage="No warehouses"
          error={errors.warehouse}
        />
      </SimpleGrid>
      <Textarea label="Notes" value={values.notes} onChange={(e) => set({ notes: e.currentTarget.value })} autosize minRows={2} />
    </Stack>
  );
}
