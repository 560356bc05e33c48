/**
 * What the sidebar lists for whom (spec 02 §2.2), and where switching section goes. Pure, so the
 * role rules are tested without rendering anything.
 */
import {
  actsAsProjectAdminOrManager,
  canAuditLedger,
  canManageProjectWebhooks,
  canUseWarehouses,
  hasAdminAccess,
  isSuperadmin,
  type Access,
} from '../../shared/session/permissions.ts';
import type { Section } from '../../shared/session/session-types.ts';
import { WAREHOUSE_INVENTORY_TITLE, WAREHOUSE_LOGS_TITLE } from '../../shared/messages.ts';

export interface NavItem {
  to: string;
  label: string;
  /** Other paths on which this item is highlighted (sub-pages, alias routes). */
  also?: string[];
}

export interface NavGroup {
  id: 'project' | 'warehouse' | 'catalogs' | 'labels' | 'administration' | 'audit';
  title: string;
  items: NavItem[];
}

const ADMINISTRATION: NavGroup = {
  id: 'administration',
  title: 'Administration',
  items: [
    { to: '/users', label: 'User Management' },
    { to: '/projects', label: 'Projects' },
    { to: '/warehouse-manager', label: 'Warehouse Manager' },
    { to: '/site-settings', label: 'Site Settings' },
    { to: '/outbox', label: 'Outbox' },
    { to: '/service-tokens', label: 'Service Tokens' },
    { to: '/webhooks', label: 'Webhooks' },
  ],
};

function projectGroup(access: Pick<Access, 'role' | 'projectRole'>): NavGroup {
  const manages = actsAsProjectAdminOrManager(access);
  const items: NavItem[] = [{ to: '/dashboard', label: 'Project Inventory' }];
  if (manages) {
    items.push(
      {
        to: '/dashboard/receive_return',
        label: 'Project Logs',
        also: ['/dashboard/receive_return/bulk', '/dashboard/assign_unassign'],
      },
      { to: '/dashboard/manage_transfers', label: 'Transfers', also: ['/dashboard/transfers'] },
    );
  }
  items.push(manages ? { to: '/dashboard/manage_requests', label: 'Requests' } : { to: '/dashboard/requests', label: 'Requests' });
  // Counters are often plain members: everyone finds the counts they were given here.
  items.push({ to: '/dashboard/counts', label: 'Counts' });
  if (canManageProjectWebhooks(access)) items.push({ to: '/dashboard/webhooks', label: 'Project Webhooks' });
  return { id: 'project', title: 'Project', items };
}

export function buildNavigation(section: Section, access: Pick<Access, 'role' | 'projectRole'>): NavGroup[] {
  const groups: NavGroup[] = [];
  const admin = hasAdminAccess(access);

  if (section === 'inventory') {
    groups.push(projectGroup(access));
    // Warehouses belong to no project: only global admins and superadmins work in them.
    if (canUseWarehouses(access.role)) {
      groups.push({
        id: 'warehouse',
        title: 'Warehouse',
        items: [
          { to: '/warehouses', label: WAREHOUSE_INVENTORY_TITLE },
          { to: '/warehouses/logs', label: WAREHOUSE_LOGS_TITLE },
          { to: '/warehouses/counts', label: 'Warehouse Counts' },
        ],
      });
    }
    if (admin) {
      groups.push({
        id: 'catalogs',
        title: 'Catalogs',
        items: [
          { to: '/catalogs/materials', label: 'Material Catalog' },
          { to: '/catalogs/assets', label: 'Asset Catalog' },
        ],
      });
    }
  } else {
    const items: NavItem[] = [{ to: '/labels', label: 'Label Database' }];
    // The templates route admits admins only; a link others could not follow is left out.
    if (admin) items.push({ to: '/labels/templates', label: 'Templates' });
    groups.push({ id: 'labels', title: 'Labels', items });
  }

  if (isSuperadmin(access.role)) groups.push(ADMINISTRATION);
  // The sealed books are the stock's: the Ledger sits with the inventory section.
  if (section === 'inventory' && canAuditLedger(access.role)) groups.push({ id: 'audit', title: 'Audit', items: [{ to: '/ledger', label: 'Ledger' }] });
  return groups;
}

export function isNavItemActive(item: NavItem, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === item.to || (item.also?.includes(path) ?? false);
}

const within = (pathname: string, root: string) => pathname === root || pathname.startsWith(`${root}/`);

/** Where to go after switching section, or null to stay on the current page (spec 02 §2.2). */
export function sectionSwitchTarget(pathname: string, next: Section): string | null {
  if (next === 'inventory' && within(pathname, '/labels')) return '/dashboard';
  if (next === 'labels' && within(pathname, '/dashboard')) return '/labels';
  return null;
}
