import { describe, expect, it } from 'vitest';
import { canCurateProject, canExportInventory, canManageStock } from './permissions.ts';

const access = (role: string | null, projectRole: string | null = null) => ({ role, projectRole });

describe('stock permissions', () => {
  it('shows the Project Actions bar to superadmins and to members who are admins or managers', () => {
    expect(canManageStock(access('superadmin'))).toBe(true);
    expect(canManageStock(access('admin', 'user'))).toBe(true);
    expect(canManageStock(access('user', 'admin'))).toBe(true);
    expect(canManageStock(access('user', 'manager'))).toBe(true);
    expect(canManageStock(access('user', 'user'))).toBe(false);
    // A global admin who is not a member of the project cannot act in it.
    expect(canManageStock(access('admin', null))).toBe(false);
  });

  it('lets superadmins and project admins or managers curate, but not global admins as such', () => {
    expect(canCurateProject(access('superadmin'))).toBe(true);
    expect(canCurateProject(access('user', 'manager'))).toBe(true);
    expect(canCurateProject(access('admin', 'user'))).toBe(false);
    expect(canCurateProject(access('user', 'user'))).toBe(false);
  });

  it('lets only global admins export the inventory', () => {
    expect(canExportInventory('admin')).toBe(true);
    expect(canExportInventory('superadmin')).toBe(true);
    expect(canExportInventory('user')).toBe(false);
    expect(canExportInventory(null)).toBe(false);
  });
});
