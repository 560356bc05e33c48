import { describe, expect, it } from 'vitest';
import { accessFor } from '../projects/project-access.ts';
import { assetActions, partActions } from './scan-actions.ts';

const member = (role: 'user' | 'manager' | 'admin', global = 'user') => ({
  admin: global === 'admin' || global === 'superadmin',
  project: accessFor(global, role),
  frozen: false,
});
const outsiderAdmin = { admin: true, project: accessFor('admin', null), frozen: false };
const auditor = { admin: false, project: accessFor('auditor', null), frozen: false };
const figures = (on_hand: number, field_assigned = 0, lost_outstanding = 0) => ({ on_hand, field_assigned, lost_outstanding });

describe('the actions offered on a scanned asset', () => {
  const available = { owner_type: 'project' as const, in_use: false, lost: false };
  it('follow the project role for an instance a project holds', () => {
    expect(assetActions(available, member('user'))).toEqual([]);
    expect(assetActions(available, member('manager'))).toEqual(['mark_in_use', 'move_to_warehouse', 'lost']);
    expect(assetActions(available, member('admin', 'admin'))).toEqual(['mark_in_use', 'move_to_warehouse', 'move_to_project', 'lost']);
    expect(assetActions(available, outsiderAdmin)).toEqual(['mark_in_use', 'move_to_warehouse', 'move_to_project']);
    expect(assetActions(available, auditor)).toEqual([]);
  });
  it('follow the state: in use only comes back or is lost, lost is only found, a warehouse is the admins', () => {
    expect(assetActions({ ...available, in_use: true }, member('manager'))).toEqual(['return_from_use', 'lost']);
    expect(assetActions({ ...available, lost: true }, member('manager'))).toEqual(['found']);
    expect(assetActions({ ...available, lost: true }, member('user'))).toEqual([]);
    const yard = { owner_type: 'warehouse' as const, in_use: false, lost: false };
    expect(assetActions(yard, { admin: true, project: null, frozen: false })).toEqual(['move_to_warehouse', 'move_to_project', 'lost']);
    expect(assetActions({ ...yard, lost: true }, { admin: true, project: null, frozen: false })).toEqual(['found']);
    expect(assetActions(yard, { admin: false, project: null, frozen: false })).toEqual([]);
  });
});

describe('the actions offered on a scanned part', () => {
  it("follow the project role and the part's figures in a project", () => {
    expect(partActions('project', figures(5), member('manager'))).toEqual(['receive', 'return', 'assign', 'lost']);
    expect(partActions('project', figures(0, 2, 1), member('manager'))).toEqual(['receive', 'unassign', 'lost', 'found']);
    expect(partActions('project', figures(0), member('manager'))).toEqual(['receive']);
    expect(partActions('project', figures(5, 2, 1), member('user'))).toEqual([]);
    // A global admin member manages the project but curates it only as its admin or manager.
    expect(partActions('project', figures(5), member('user', 'admin'))).toEqual(['receive', 'return', 'assign']);
  });
  it('are the admins in a warehouse', () => {
    expect(partActions('warehouse', figures(7), { admin: true, project: null, frozen: false })).toEqual(['receive', 'return', 'assign', 'unassign', 'lost']);
    expect(partActions('warehouse', figures(0, 0, 3), { admin: true, project: null, frozen: false })).toEqual(['receive', 'unassign', 'found']);
    expect(partActions('warehouse', figures(7), { admin: false, project: null, frozen: false })).toEqual([]);
  });
});

describe('while the site is frozen', () => {
  it('offers only lost and found, the moves a freeze lets through', () => {
    const frozenManager = { ...member('manager'), frozen: true };
    expect(assetActions({ owner_type: 'project', in_use: false, lost: false }, frozenManager)).toEqual(['lost']);
    expect(assetActions({ owner_type: 'project', in_use: true, lost: false }, frozenManager)).toEqual(['lost']);
    expect(partActions('project', figures(5, 0, 2), frozenManager)).toEqual(['lost', 'found']);
    expect(partActions('warehouse', figures(7), { admin: true, project: null, frozen: true })).toEqual(['lost']);
  });
});
