import { describe, expect, it } from 'vitest';
import { buildNavigation, isNavItemActive, sectionSwitchTarget } from './nav-model.ts';

const paths = (groups: ReturnType<typeof buildNavigation>) => Object.fromEntries(groups.map((g) => [g.id, g.items.map((i) => i.to)]));

describe('sidebar', () => {
  it('shows a plain user the project inventory, the request form and the counts they may be given', () => {
    expect(paths(buildNavigation('inventory', { role: 'user', projectRole: 'user' }))).toEqual({
      project: ['/dashboard', '/dashboard/requests', '/dashboard/counts'],
    });
  });

  it('shows a project manager logs, transfers, manage requests and catalogs, but no warehouses', () => {
    expect(paths(buildNavigation('inventory', { role: 'user', projectRole: 'manager' }))).toEqual({
      project: ['/dashboard', '/dashboard/receive_return', '/dashboard/manage_transfers', '/dashboard/manage_requests', '/dashboard/counts'],
      catalogs: ['/catalogs/materials', '/catalogs/assets'],
    });
  });

  it('gives a global admin without a project role the admin groups but the user request form', () => {
    const groups = paths(buildNavigation('inventory', { role: 'admin', projectRole: null }));
    expect(groups.project).toEqual(['/dashboard', '/dashboard/requests', '/dashboard/counts']);
    expect(groups.warehouse).toBeDefined();
    expect(groups.catalogs).toBeDefined();
    expect(groups.administration).toBeUndefined();
  });

  it('adds the Administration group for a superadmin, in both sections', () => {
    const administration = ['/users', '/projects', '/warehouse-manager', '/site-settings', '/outbox', '/service-tokens', '/webhooks'];
    const inventory = paths(buildNavigation('inventory', { role: 'superadmin', projectRole: null }));
    expect(inventory.administration).toEqual(administration);
    expect(inventory.project).toContain('/dashboard/manage_requests');
    const labels = paths(buildNavigation('labels', { role: 'superadmin', projectRole: null }));
    expect(labels).toEqual({ labels: ['/labels', '/labels/templates'], administration });
  });

  it("lists a project's webhooks for its admins, whatever their global role, and superadmins", () => {
    const webhooks = (role: string, projectRole: string | null) =>
      paths(buildNavigation('inventory', { role, projectRole })).project?.includes('/dashboard/webhooks');
    expect(webhooks('user', 'admin')).toBe(true);
    expect(webhooks('admin', 'admin')).toBe(true);
    expect(webhooks('superadmin', null)).toBe(true);
    expect(webhooks('user', 'manager')).toBe(false);
    expect(webhooks('admin', null)).toBe(false);
  });

  it('lists the Ledger for superadmins and auditors only, in the inventory section', () => {
    expect(paths(buildNavigation('inventory', { role: 'superadmin', projectRole: null })).audit).toEqual(['/ledger']);
    expect(paths(buildNavigation('inventory', { role: 'auditor', projectRole: null })).audit).toEqual(['/ledger']);
    expect(paths(buildNavigation('inventory', { role: 'admin', projectRole: 'admin' })).audit).toBeUndefined();
  });

  it('shows label users the database and label admins the templates too', () => {
    expect(paths(buildNavigation('labels', { role: 'user', projectRole: null }))).toEqual({
      labels: ['/labels'],
    });
    expect(paths(buildNavigation('labels', { role: 'user', projectRole: 'admin' }))).toEqual({
      labels: ['/labels', '/labels/templates'],
    });
  });

  it('highlights an item on its own path and on its alias paths', () => {
    const [project] = buildNavigation('inventory', { role: 'user', projectRole: 'admin' });
    const transfers = project?.items.find((i) => i.label === 'Transfers');
    expect(transfers && isNavItemActive(transfers, '/dashboard/transfers')).toBe(true);
    const inventory = project?.items[0];
    expect(inventory && isNavItemActive(inventory, '/dashboard/')).toBe(true);
    expect(inventory && isNavItemActive(inventory, '/dashboard/requests')).toBe(false);
  });
});

describe('section switch', () => {
  it('leaves label pages for the dashboard when switching to inventory', () => {
    expect(sectionSwitchTarget('/labels', 'inventory')).toBe('/dashboard');
    expect(sectionSwitchTarget('/labels/templates', 'inventory')).toBe('/dashboard');
  });

  it('leaves dashboard pages for the label database when switching to labels', () => {
    expect(sectionSwitchTarget('/dashboard', 'labels')).toBe('/labels');
    expect(sectionSwitchTarget('/dashboard/requests', 'labels')).toBe('/labels');
  });

  it('stays on pages that belong to neither section', () => {
    expect(sectionSwitchTarget('/users', 'labels')).toBeNull();
    expect(sectionSwitchTarget('/warehouses', 'inventory')).toBeNull();
    expect(sectionSwitchTarget('/labelsx', 'inventory')).toBeNull();
  });
});
