// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ScanMatch } from '@contract/scan.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { assetOffers, AssetScanCard } from './asset-scan-card.tsx';
import { I1, instance, moveAnswer, northYard, P1, person, U1, W1 } from './asset-fixtures.ts';

const W2 = '77777777-7777-4777-8777-777777777777';

type AssetMatch = Extract<ScanMatch, { kind: 'asset' }>;
const match = (figures: Partial<AssetMatch> = {}): AssetMatch => ({ kind: 'asset', instance: instance(), actions: [], ...figures });

describe('the buttons a scanned asset offers', () => {
  it('offers each action the server returned, in its order, and nothing else', () => {
    expect(assetOffers(['mark_in_use', 'move_to_warehouse', 'lost'], 'project').map((o) => o.label)).toEqual(['Mark In Use', 'Move to warehouse', 'Mark Lost']);
    expect(assetOffers(['return_from_use'], 'project').map((o) => o.label)).toEqual(['Return from use']);
    expect(assetOffers(['move_to_project', 'found'], 'warehouse').map((o) => o.label)).toEqual(['Move to project', 'Mark Found']);
    expect(assetOffers([], 'project')).toEqual([]);
  });

  it('moves out of a project through its return, out of a warehouse through its assignment, and otherwise from wherever it is', () => {
    const moves = (owner: 'project' | 'warehouse') => assetOffers(['move_to_warehouse', 'move_to_project'], owner).map((o) => o.open);
    expect(moves('project')).toEqual([
      { kind: 'move', move: 'project-return' },
      { kind: 'move', move: 'instance-to-project' },
    ]);
    expect(moves('warehouse')).toEqual([
      { kind: 'move', move: 'instance-to-warehouse' },
      { kind: 'move', move: 'warehouse-assign' },
    ]);
  });
});

describe('a scanned asset card', () => {
  it('shows the asset with only the returned actions', () => {
    renderWithProviders(<AssetScanCard match={match({ actions: ['mark_in_use', 'lost'] })} />);
    expect(screen.getByRole('heading', { name: 'LAP-01 · ThinkPad T14' })).toBeTruthy();
    expect(screen.getByText('PF3X9')).toBeTruthy();
    expect(screen.getByText('3001 · Riverside Depot')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark In Use' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mark Lost' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Return from use' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark Found' })).toBeNull();
  });

  it('says so when the caller may do nothing with it', () => {
    renderWithProviders(<AssetScanCard match={match()} />);
    expect(screen.getByText('Nothing you may do with this asset here.')).toBeTruthy();
  });

  it('marks it in use for a member of the project through the in-use endpoint', async () => {
    const members = { items: [{ user_id: U1, user_firstname: 'Ada', user_lastname: 'Lovelace', user_email: 'ada@example.com', project_role: 'user' }] };
    const { user, server } = renderWithProviders(<AssetScanCard match={match({ actions: ['mark_in_use'] })} />, {
      session: { user: person('admin') },
      routes: { [`GET /api/users/project/${P1}`]: members, [`POST /api/assets/instances/${I1}/in-use`]: moveAnswer },
    });
    await user.click(screen.getByRole('button', { name: 'Mark In Use' }));
    await user.click(screen.getByRole('combobox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent(`POST /api/assets/instances/${I1}/in-use`)).toHaveLength(1));
    expect(server.sent(`POST /api/assets/instances/${I1}/in-use`)[0]!.body).toEqual({ in_use: true, assigned_user_id: U1 });
    expect(await screen.findByText('Asset marked in use')).toBeTruthy();
  });

  it('moves an asset held in a warehouse to a project', async () => {
    const inWarehouse = instance({ owner_type: 'warehouse', owner_id: W1, owner_label: northYard.label, warehouse_id: W1, project_id: null });
    const { user } = renderWithProviders(<AssetScanCard match={match({ instance: inWarehouse, actions: ['move_to_project'] })} />, {
      session: { user: person('admin') },
      routes: { 'GET /api/projects': { items: [] } },
    });
    expect(screen.getByText('Warehouse')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Move to project' }));
    expect(await screen.findByText('Assign Asset to Project')).toBeTruthy();
  });

  it('moves an asset held in a warehouse to another warehouse from wherever it is', async () => {
    const { user, server } = renderWithProviders(
      <AssetScanCard
        match={match({
          actions: ['move_to_warehouse'],
          instance: instance({ owner_type: 'warehouse', owner_id: W1, owner_label: northYard.label, warehouse_id: W1, project_id: null }),
        })}
      />,
      {
        session: { user: person('admin') },
        routes: {
          'GET /api/warehouses': { items: [northYard, { ...northYard, id: W2, num_id: 2, name: 'South Yard', label: '#2 · South Yard' }] },
          'POST /api/assets/instances/assign': moveAnswer,
        },
      },
    );
    await user.click(screen.getByRole('button', { name: 'Move to warehouse' }));
    await user.click(screen.getByRole('combobox', { name: 'Warehouse' }));
    await user.click(await screen.findByRole('option', { name: '#2 · South Yard' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(server.sent('POST /api/assets/instances/assign')).toHaveLength(1));
    expect(server.sent('POST /api/assets/instances/assign')[0]!.body).toEqual({ instance_id: I1, to_owner_type: 'warehouse', to_owner_id: W2 });
    expect(await screen.findByText('Asset moved to warehouse')).toBeTruthy();
  });
});
