/**
 * /catalogs/assets, Asset Catalog Management (spec 02 §2.7): tabs Catalog Items and Categories,
 * each with add, edit and delete dialogs. Deletes ask first with the spec's words; the server
 * refuses to delete what instances or catalogue items still use, and says what uses it.
 * Global admins and superadmins change the catalogue; others may look.
 */
import { Button, Center, Group, Loader, Paper, Table, Tabs, TextInput } from '@mantine/core';
import { useState } from 'react';
import { messageOr } from '../../api/error-message.ts';
import { MAX_LENGTH } from '../../shared/field-limits.ts';
import { useAppSelector } from '../../shared/hooks.ts';
import { matchesAllWords } from '../../shared/search-term.ts';
import { canUseWarehouses } from '../../shared/session/permissions.ts';
import { selectSession } from '../../shared/session/session-selectors.ts';
import { toast } from '../../shared/toast.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { NoData } from '../../components/no-data.tsx';
import { PageHeader } from '../../components/page-header.tsx';
import { useDeleteAssetCatalogItemMutation, useDeleteAssetCategoryMutation, useListAssetCatalogQuery, useListAssetCategoriesQuery } from './assets-api.ts';
import type { AssetCatalogItem, AssetCategory } from './asset-types.ts';
import { CatalogItemDialog, CategoryDialog } from './catalog-dialogs.tsx';
import { CatalogItemsTable, RowButtons } from './catalog-items-table.tsx';
import { CATALOG_MESSAGES, catalogFailure, catalogToast } from './catalog-rules.ts';

type Editing = { kind: 'item'; item: AssetCatalogItem | null } | { kind: 'category'; category: AssetCategory | null };
type Deleting = { kind: 'item'; id: string } | { kind: 'category'; id: string };

export function AssetCatalogPage() {
  const { role } = useAppSelector(selectSession);
  const canEdit = canUseWarehouses(role);
  const catalog = useListAssetCatalogQuery(undefined, { refetchOnMountOrArgChange: true });
  const categories = useListAssetCategoriesQuery(undefined, { refetchOnMountOrArgChange: true });
  const [tab, setTab] = useState<string | null>('items');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const [deleteItem, itemDeletion] = useDeleteAssetCatalogItemMutation();
  const [deleteCategory, categoryDeletion] = useDeleteAssetCategoryMutation();
  const items = (catalog.data ?? []).filter((i) => matchesAllWords([i.asset_number, i.asset_name, i.asset_nickname, i.catalog_name, i.category_name], search));
  const cats = (categories.data ?? []).filter((c) => matchesAllWords([c.category], search));

  const confirmDelete = async () => {
    if (!deleting) return;
    const item = deleting.kind === 'item';
    const result = item ? await deleteItem(deleting.id) : await deleteCategory(deleting.id);
    setDeleting(null);
    if (result.error) toast.error(messageOr(result.error, catalogFailure(item ? 'asset catalog item' : 'category', 'delete')));
    else toast.success(catalogToast(item ? 'Catalog item' : 'Category', 'deleted'));
  };

  const loading = catalog.isLoading || categories.isLoading;
  const failed = catalog.error ?? categories.error;
  return (
    <>
      <PageHeader title="Asset Catalog Management" />
      <Paper withBorder radius="md" p="sm">
        <Tabs value={tab} onChange={setTab}>
          <Tabs.List>
            <Tabs.Tab value="items">Catalog Items</Tabs.Tab>
            <Tabs.Tab value="categories">Categories</Tabs.Tab>
          </Tabs.List>
          <Group justify="space-between" gap="sm" wrap="wrap" my="sm">
            <TextInput
              aria-label="Search the asset catalog"
              maxLength={MAX_LENGTH.search}
              placeholder={tab === 'items' ? 'Search number, name, nickname or category' : 'Search categories'}
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
              w={{ base: '100%', xs: 320 }}
            />
            {canEdit && (
              <Button onClick={() => setEditing(tab === 'items' ? { kind: 'item', item: null } : { kind: 'category', category: null })}>
                {tab === 'items' ? 'Add Catalog Item' : 'Add Category'}
              </Button>
            )}
          </Group>
          {loading ? (
            <Center p="xl">
              <Loader size="sm" />
            </Center>
          ) : failed ? (
            <NoData text={messageOr(failed, 'Failed to load asset catalog data')} />
          ) : (
            <>
              <Tabs.Panel value="items">
                {items.length === 0 ? (
                  <NoData />
                ) : (
                  <CatalogItemsTable
                    items={items}
                    canEdit={canEdit}
                    onEdit={(item) => setEditing({ kind: 'item', item })}
                    onDelete={(item) => setDeleting({ kind: 'item', id: item.id })}
                  />
                )}
              </Tabs.Panel>
              <Tabs.Panel value="categories">
                {cats.length === 0 ? (
                  <NoData />
                ) : (
                  <Table verticalSpacing="xs" aria-label="Categories">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Category</Table.Th>
                        <Table.Th>Kind</Table.Th>
                        {canEdit && <Table.Th />}
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {cats.map((c) => (
                        <Table.Tr key={c.id}>
                          <Table.Td fw={600}>{c.category}</Table.Td>
                          <Table.Td>{c.serialized ? 'Serialized' : 'Bulk'}</Table.Td>
                          {canEdit && (
                            <Table.Td ta="right">
                              <RowButtons
                                name={c.category}
                                onEdit={() => setEditing({ kind: 'category', category: c })}
                                onDelete={() => setDeleting({ kind: 'category', id: c.id })}
                              />
                            </Table.Td>
                          )}
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                )}
              </Tabs.Panel>
            </>
          )}
        </Tabs>
      </Paper>
      {editing?.kind === 'item' && <CatalogItemDialog item={editing.item} categories={categories.data ?? []} onClose={() => setEditing(null)} />}
      {editing?.kind === 'category' && <CategoryDialog category={editing.category} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        opened={deleting !== null}
        message={deleting?.kind === 'category' ? CATALOG_MESSAGES.deleteCategory : CATALOG_MESSAGES.deleteItem}
        confirmLabel="Delete"
        color="red"
        loading={itemDeletion.isLoading || categoryDeletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
