/**
 * The add and edit dialogs of Asset Catalog Management (spec 02 §2.7): a catalogue item (asset
 * number, name, nickname, catalogue name, category, whether serials are required) and a category
 * (its name, and whether it is serialized or bulk).
 */
import { Alert, Button, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { toast } from '../../shared/toast.ts';
import { AppModal } from '../../components/app-modal.tsx';
import {
  useCreateAssetCatalogItemMutation,
  useCreateAssetCategoryMutation,
  useUpdateAssetCatalogItemMutation,
  useUpdateAssetCategoryMutation,
} from './assets-api.ts';
import type { AssetCatalogItem, AssetCategory, CategoryKind } from './asset-types.ts';
import { catalogFailure, catalogToast, categoryError, EMPTY_ITEM, itemBody, itemError, type ItemValues } from './catalog-rules.ts';

function Buttons({ onCancel, busy, label }: { onCancel: () => void; busy: boolean; label: string }) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {label}
      </Button>
    </Group>
  );
}

export function CatalogItemDialog({ item, categories, onClose }: { item: AssetCatalogItem | null; categories: readonly AssetCategory[]; onClose: () => void }) {
  const [values, setValues] = useState<ItemValues>(
    item
      ? {
          asset_number: item.asset_number,
          asset_name: item.asset_name,
          asset_nickname: item.asset_nickname,
          catalog_name: item.catalog_name,
          category: item.category,
          serial_required: item.serial_required,
        }
      : EMPTY_ITEM,
  );
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateAssetCatalogItemMutation();
  const [update, updated] = useUpdateAssetCatalogItemMutation();
  const bulk = categories.find((c) => c.id === values.category)?.kind === 'bulk';
  const set = (patch: Partial<ItemValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setError(null);
  };
  const save = async () => {
    const problem = itemError(values);
    if (problem) return setError(problem);
    const body = itemBody({ ...values, serial_required: values.serial_required && !bulk });
    const result = item ? await update({ id: item.id, ...body }) : await create(body);
    if (result.error) return setError(messageOr(result.error, catalogFailure('asset catalog item', item ? 'update' : 'create')));
    toast.success(catalogToast('Catalog item', item ? 'updated' : 'created'));
    onClose();
  };
  return (
    <AppModal opened onClose={onClose} title={item ? 'Edit Catalog Item' : 'Add Catalog Item'} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <TextInput label="Asset Number" required value={values.asset_number} onChange={(e) => set({ asset_number: e.currentTarget.value })} />
            <TextInput label="Asset Name" required value={values.asset_name} onChange={(e) => set({ asset_name: e.currentTarget.value })} />
            <TextInput label="Nickname" value={values.asset_nickname} onChange={(e) => set({ asset_nickname: e.currentTarget.value })} />
            <TextInput label="Catalog Name" value={values.catalog_name} onChange={(e) => set({ catalog_name: e.currentTarget.value })} />
          </SimpleGrid>
          <Select
            allowDeselect={false}
            label="Category"
            required
            placeholder={categories.length === 0 ? 'Add a category first' : 'Select a category'}
            data={categories.map((c) => ({ value: c.id, label: `${c.category} (${c.serialized ? 'serialized' : 'bulk'})` }))}
            value={values.category}
            onChange={(category) => set({ category })}
            searchable
          />
          {bulk ? (
            <Text size="sm" c="dimmed">
              A bulk category keeps no serial numbers: its assets are counted.
            </Text>
          ) : (
            <Checkbox label="Serial number required" checked={values.serial_required} onChange={(e) => set({ serial_required: e.currentTarget.checked })} />
          )}
          <Buttons onCancel={onClose} busy={created.isLoading || updated.isLoading} label={item ? 'Save' : 'Add'} />
        </Stack>
      </form>
    </AppModal>
  );
}

export function CategoryDialog({ category, onClose }: { category: AssetCategory | null; onClose: () => void }) {
  const [values, setValues] = useState<{ category: string; kind: CategoryKind }>(
    category ? { category: category.category, kind: category.kind } : { category: '', kind: 'serialized' },
  );
  const [error, setError] = useState<string | null>(null);
  const [create, created] = useCreateAssetCategoryMutation();
  const [update, updated] = useUpdateAssetCategoryMutation();
  const save = async () => {
    const problem = categoryError(values);
    if (problem) return setError(problem);
    const body = { category: values.category.trim(), kind: values.kind };
    const result = category ? await update({ id: category.id, ...body }) : await create(body);
    if (result.error) return setError(messageOr(result.error, catalogFailure('category', category ? 'update' : 'create')));
    toast.success(catalogToast('Category', category ? 'updated' : 'created'));
    onClose();
  };
  return (
    <AppModal opened onClose={onClose} title={category ? 'Edit Category' : 'Add Category'} size="md">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
        noValidate
      >
        <Stack gap="sm">
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <TextInput
            label="Category Name"
            required
            value={values.category}
            onChange={(e) => {
              const text = e.currentTarget.value;
              setValues((v) => ({ ...v, category: text }));
              setError(null);
            }}
          />
          <Radio.Group label="Kind" value={values.kind} onChange={(v) => setValues((s) => ({ ...s, kind: v as CategoryKind }))}>
            <Stack gap="xs" mt="xs">
              <Radio value="serialized" label="Serialized: each piece has a serial number" />
              <Radio value="bulk" label="Bulk: counted, no serial numbers" />
            </Stack>
          </Radio.Group>
          <Buttons onCancel={onClose} busy={created.isLoading || updated.isLoading} label={category ? 'Save' : 'Add'} />
        </Stack>
      </form>
    </AppModal>
  );
}
