/**
 * The asset receive wizard (spec 01 §2, spec 02 §2.4): does the instance already exist; if not,
 * an existing type or a new one; the form (for a new type its details, then the instance); a
 * summary; confirm. A new type is added to the catalogue (and a new category first) before the
 * instance is received; what was created is kept, so a refused receive can be retried without
 * adding the type twice.
 */
import { Center, Loader, Stack } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { useListWarehousesQuery } from '../../api/warehouses-api.ts';
import { warehouseLabel } from '../../api/warehouse-types.ts';
import { AppModal } from '../../components/app-modal.tsx';
import { FailureAlert } from '../../components/failure-alert.tsx';
import { useWizard, WizardFooter, WizardSteps } from '../../components/wizard.tsx';
import {
  useCreateAssetCatalogItemMutation,
  useCreateAssetCategoryMutation,
  useListAssetCatalogQuery,
  useListAssetCategoriesQuery,
  type Owner,
} from './assets-api.ts';
import type { AssetCatalogItem, AssetInstance } from './asset-types.ts';
import { instanceLabel } from './instance-label.ts';
import { MOVE_MESSAGES } from './move-rules.ts';
import { ExistsStep, FormStep, TypeStep } from './receive-form.tsx';
import {
  emptyReceive,
  existingInstanceBody,
  isBulkType,
  newInstanceBody,
  RECEIVE_STEP_LABELS,
  receiveStepErrors,
  receiveSteps,
  type ReceiveErrors,
  type ReceiveValues,
} from './receive-rules.ts';
import { SummaryTable } from '../../components/summary-table.tsx';
import { useAssetMove } from './use-asset-move.ts';

export interface ReceiveTarget extends Owner {
  /** "project" or "#1 · North Yard", for the summary. */
  label: string;
}

/** The toast of a receive (spec 01 §8, spec 02 §8). */
export const receivedToast = (target: Owner, assetName: string) =>
  target.type === 'project' ? `Asset ${assetName} received into project.` : 'Asset received into warehouse';

export function AssetReceiveWizard({ target, onClose }: { target: ReceiveTarget; onClose: () => void }) {
  return (
    <AppModal opened onClose={onClose} title="Receive Assets" size="lg">
      <WizardBody target={target} onClose={onClose} />
    </AppModal>
  );
}

function WizardBody({ target, onClose }: { target: ReceiveTarget; onClose: () => void }) {
  const catalog = useListAssetCatalogQuery();
  const categories = useListAssetCategoriesQuery();
  const warehouses = useListWarehousesQuery(undefined);
  const wizard = useWizard<ReceiveValues, ReceiveErrors>(() => emptyReceive(target.type === 'warehouse' ? target.id : null));
  const { values, errors, active, setActive } = wizard;
  const [instance, setInstance] = useState<AssetInstance | null>(null);
  const [created, setCreated] = useState<{ categoryId?: string; item?: AssetCatalogItem }>({});
  const [createCategory, categoryState] = useCreateAssetCategoryMutation();
  const [createItem, itemState] = useCreateAssetCatalogItemMutation();
  const move = useAssetMove(MOVE_MESSAGES.receiveFailed);
  const context = { catalog: catalog.data ?? [], categories: categories.data ?? [] };
  const steps = receiveSteps(values);
  const step = steps[active] ?? 'summary';
  const busy = move.busy || categoryState.isLoading || itemState.isLoading;

  const set = (patch: Partial<ReceiveValues>) => {
    wizard.set(patch);
    // A changed type is a different catalogue item: whatever was created for the old one stays in the catalogue, unused here.
    if ('assetNumber' in patch || 'assetName' in patch || 'assetCategory' in patch || 'newCategoryName' in patch || 'serialRequired' in patch) setCreated({});
  };

  const bulk = values.instanceMode === 'newInstance' && isBulkType(values, context);
  const chosenItem = context.catalog.find((c) => c.id === values.assetCatalogId);
  const categoryName = (id: string | undefined) => context.categories.find((c) => c.id === id)?.category ?? '';
  const newCategoryLabel = values.assetCategory === '' ? values.newCategoryName.trim() : categoryName(values.assetCategory);
  const assetName =
    values.instanceMode === 'existing'
      ? (instance?.asset_name ?? '')
      : values.receiveMode === 'newCatalog'
        ? values.assetName.trim()
        : (chosenItem?.asset_name ?? '');

  /** The catalogue item to receive: the chosen one, or the new type, created once. */
  const catalogItem = async (): Promise<{ item: AssetCatalogItem; category: string } | null> => {
    if (values.receiveMode === 'existing') return chosenItem ? { item: chosenItem, category: categoryName(chosenItem.category) } : null;
    if (created.item) return { item: created.item, category: newCategoryLabel };
    let categoryId = values.assetCategory || created.categoryId;
    if (!categoryId) {
      const made = await createCategory({ category: values.newCategoryName.trim(), kind: values.newCategorySerialized ? 'serialized' : 'bulk' });
      if (made.error) {
        move.setFailure(messageOr(made.error, 'Failed to create category'));
        return null;
      }
      categoryId = made.data.id;
      setCreated({ categoryId });
    }
    const made = await createItem({
      asset_number: values.assetNumber.trim(),
      asset_name: values.assetName.trim(),
      category: categoryId,
      serial_required: !bulk && values.serialRequired,
    });
    if (made.error) {
      move.setFailure(messageOr(made.error, 'Failed to create asset catalog item'));
      return null;
    }
    setCreated({ categoryId, item: made.data });
    return { item: made.data, category: newCategoryLabel };
  };

  const submit = async () => {
    if (values.instanceMode === 'existing') {
      if (await move.send(target, 'receive', existingInstanceBody(values, target), receivedToast(target, assetName))) onClose();
      return;
    }
    const typed = await catalogItem();
    if (!typed) return;
    const body = newInstanceBody(values, typed.item, typed.category, bulk);
    if (await move.send(target, 'receive', body, receivedToast(target, typed.item.asset_name))) onClose();
  };

  if (catalog.isLoading || categories.isLoading) {
    return (
      <Center p="lg">
        <Loader size="sm" />
      </Center>
    );
  }
  const parent = warehouses.data?.find((w) => w.id === values.parentWarehouseId);
  const summary: [string, string][] =
    values.instanceMode === 'existing'
      ? [
          ['Receive into', target.label],
          ['Instance', instance ? instanceLabel(instance) : '—'],
          ['Notes', values.notes.trim() || '—'],
        ]
      : [
          ['Receive into', target.label],
          ['Asset type', values.receiveMode === 'newCatalog' ? `New: ${values.assetNumber.trim()}` : (chosenItem?.asset_number ?? '—')],
          ['Asset name', assetName || '—'],
          ['Category', values.receiveMode === 'newCatalog' ? newCategoryLabel : categoryName(chosenItem?.category)],
          bulk ? ['Quantity', values.quantity.trim()] : ['Serial number', values.serialNumber.trim() || '—'],
          ['Condition', values.condition.trim() || 'good'],
          ['Parent warehouse', parent ? warehouseLabel(parent) : '—'],
          ['Notes', values.notes.trim() || '—'],
        ];

  return (
    <Stack gap="md">
      <WizardSteps steps={steps} labels={RECEIVE_STEP_LABELS} active={active} onBack={setActive} />
      {step === 'exists' && <ExistsStep values={values} errors={errors} set={set} />}
      {step === 'type' && <TypeStep values={values} errors={errors} set={set} />}
      {step === 'form' && (
        <FormStep
          values={values}
          errors={errors}
          set={set}
          context={context}
          instance={instance}
          onInstance={(i) => {
            setInstance(i);
            set({ instanceId: i?.id ?? null });
          }}
          excludeInstance={(i) => i.owner_type === target.type && i.owner_id === target.id}
        />
      )}
      {step === 'summary' && (
        <>
          <FailureAlert failure={move.failure} />
          <SummaryTable lines={summary} />
        </>
      )}
      <WizardFooter
        back={active > 0}
        onBack={active === 0 ? onClose : () => setActive(active - 1)}
        last={step === 'summary'}
        action="Confirm"
        onSubmit={() => void submit()}
        onNext={() => wizard.next(receiveStepErrors(step, values, context))}
        busy={busy}
      />
    </Stack>
  );
}
