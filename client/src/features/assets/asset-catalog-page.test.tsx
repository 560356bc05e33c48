// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, reply } from '../../test/render.tsx';
import { AssetCatalogPage } from './asset-catalog-page.tsx';
import { cables, laptops, person, thinkpad } from './asset-fixtures.ts';

function openPage(role: 'admin' | 'user' = 'admin') {
  return renderWithProviders(<AssetCatalogPage />, {
    session: { user: person(role) },
    routes: {
      'GET /api/assets/catalog': { items: [thinkpad] },
      'GET /api/assets/categories': { items: [laptops, cables] },
      'POST /api/assets/catalog': thinkpad,
      'DELETE /api/assets/catalog/k-1': { deleted: true },
      'DELETE /api/assets/categories/c-1': reply(422, {
        error: 'RULE',
        message: 'This category is used by 1 catalog item (LAP-01); delete or move them first.',
      }),
      'POST /api/assets/categories': { ...cables, id: 'c-3', category: 'Phones', kind: 'serialized', serialized: true },
    },
  });
}

describe('Asset Catalog Management', () => {
  it('lists catalog items with their category, and asks for a number and name before adding one', async () => {
    const { user, server } = openPage();
    const table = await screen.findByRole('table', { name: 'Catalog items' });
    expect(within(table).getByRole('row', { name: /LAP-01 ThinkPad T14.*Laptops Yes/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Add Catalog Item' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Catalog Item' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Asset number and name are required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Asset Number' }), 'LAP-02');
    await user.type(within(dialog).getByRole('textbox', { name: 'Asset Name' }), 'ThinkPad X1');
    await user.click(within(dialog).getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Laptops (serialized)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Catalog item created')).toBeTruthy();
    expect(server.sent('POST /api/assets/catalog')[0]?.body).toEqual({
      asset_number: 'LAP-02',
      asset_name: 'ThinkPad X1',
      category: 'c-1',
      serial_required: true,
    });
  });

  it('asks before deleting a catalog item, in the spec’s words', async () => {
    const { user, server } = openPage();
    await user.click(await screen.findByRole('button', { name: 'Delete LAP-01' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Are you sure you want to delete this asset catalog item?')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Catalog item deleted')).toBeTruthy();
    expect(server.sent('DELETE /api/assets/catalog/k-1')).toHaveLength(1);
  });

  it('warns that deleting a category affects its items, and shows the server’s refusal naming them', async () => {
    const { user } = openPage();
    await user.click(await screen.findByRole('tab', { name: 'Categories' }));
    expect(screen.getByRole('row', { name: /Cables Bulk/ })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Delete Laptops' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirm).getByText('Are you sure you want to delete this category? This will affect all catalog items using this category.')).toBeTruthy();
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('This category is used by 1 catalog item (LAP-01); delete or move them first.')).toBeTruthy();
  });

  it('adds a category, serialized or bulk, and wants its name', async () => {
    const { user, server } = openPage();
    await user.click(await screen.findByRole('tab', { name: 'Categories' }));
    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Category' });
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Category name is required');
    await user.type(within(dialog).getByRole('textbox', { name: 'Category Name' }), 'Phones');
    await user.click(within(dialog).getByRole('radio', { name: 'Bulk: counted, no serial numbers' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(await screen.findByText('Category created')).toBeTruthy();
    expect(server.sent('POST /api/assets/categories')[0]?.body).toEqual({ category: 'Phones', kind: 'bulk' });
  });

  it('lets others look without changing anything', async () => {
    openPage('user');
    await screen.findByRole('table', { name: 'Catalog items' });
    expect(screen.queryByRole('button', { name: 'Add Catalog Item' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete LAP-01' })).toBeNull();
  });
});
