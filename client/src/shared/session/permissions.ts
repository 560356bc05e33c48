/**
 * Role rules of the client (spec 01 §6, spec 02 §4.4). They decide what is shown and where a
 * route sends someone; the server enforces the real permissions. Roles arrive lower-cased.
 */

export type RouteGuard = 'user' | 'admin' | 'superadmin' | 'global-admin' | 'ledger' | 'project-admin';

export interface Access {
  signedIn: boolean;
  role: string | null;
  projectRole: string | null;
}

export const isSuperadmin = (role: string | null): boolean => role === 'superadmin';

/** The Ledger page (seal, checkpoints, bundles): superadmins and auditors. */
export const canAuditLedger = (role: string | null): boolean => role === 'superadmin' || role === 'auditor';

/** Global admin rights are held by admin and superadmin. */
export const isGlobalAdmin = (role: string | null): boolean => role === 'admin' || role === 'superadmin';

export const isProjectAdminOrManager = (projectRole: string | null): boolean => projectRole === 'admin' || projectRole === 'manager';

/** Project-scoped admin screens: global admin/superadmin, or project admin/manager. */
export const hasAdminAccess = (access: Pick<Access, 'role' | 'projectRole'>): boolean =>
  isGlobalAdmin(access.role) || isProjectAdminOrManager(access.projectRole);

/** "Project admin or manager" items; a superadmin always acts as project admin (spec 01 §6). */
export const actsAsProjectAdminOrManager = (access: Pick<Access, 'role' | 'projectRole'>): boolean =>
  isSuperadmin(access.role) || isProjectAdminOrManager(access.projectRole);

/**
 * The Project Actions bar (receive, return, assign, unassign, bulk): a superadmin, or a member
 * of the project who is a global admin or its admin or manager (spec 01 §6).
 */
export const canManageStock = (access: Pick<Access, 'role' | 'projectRole'>): boolean =>
  isSuperadmin(access.role) || (access.projectRole !== null && (isGlobalAdmin(access.role) || isProjectAdminOrManager(access.projectRole)));

/** Names, stock warnings, lost and found, and the logs: a superadmin, or a project admin or manager. */
export const canCurateProject = actsAsProjectAdminOrManager;

/**
 * Warehouse Inventory and Warehouse Logs: global admins and superadmins, as the server decides
 * (spec 02 §2.1 gives the route to admins; project roles do not reach a warehouse).
 */
export const canUseWarehouses = (role: string | null): boolean => isGlobalAdmin(role);

/** Creating, editing, deactivating warehouses (the Warehouse Manager): superadmin only. */
export const canManageWarehouses = (role: string | null): boolean => isSuperadmin(role);

/**
 * A project's webhooks: its admins (project role admin, whatever their global role) and superadmins.
 * Site-wide webhooks are the superadmin's alone.
 */
export const canManageProjectWebhooks = (access: Pick<Access, 'role' | 'projectRole'>): boolean => isSuperadmin(access.role) || access.projectRole === 'admin';

/** What a screen says to someone its rule keeps out (spec 02 §8, in the words of the rule applied). */
export { ADMIN_ACCESS_DENIED, SUPERADMIN_ACCESS_DENIED } from '@contract/messages.ts';

/** Downloading a project's inventory as CSV: global admins and superadmins. */
export const canExportInventory = (role: string | null): boolean => isGlobalAdmin(role);

/**
 * Whether a guarded route must wait for the current project before deciding. The admin guard
 * admits project admins and managers by their role in the current project; when none is chosen
 * yet (a fresh browser, or a link opened right after signing in) that role is still unknown, and
 * deciding at once would send a project manager away from a screen they may use.
 */
export function guardAwaitsProject(guard: RouteGuard, access: Access, hasCurrentProject: boolean): boolean {
  if (!access.signedIn || hasCurrentProject) return false;
  if (guard === 'admin') return !isGlobalAdmin(access.role);
  // Only the project role admits a global admin here, so they wait for the project too.
  if (guard === 'project-admin') return !isSuperadmin(access.role);
  return false;
}

/** Where a guarded route sends the visitor instead, or null when they may stay. */
export function guardRedirect(guard: RouteGuard, access: Access): string | null {
  if (!access.signedIn) return '/login';
  switch (guard) {
    case 'user':
      return null;
    case 'admin':
      return hasAdminAccess(access) ? null : '/dashboard';
    case 'superadmin':
      return isSuperadmin(access.role) ? null : '/dashboard';
    case 'global-admin':
      return isGlobalAdmin(access.role) ? null : '/dashboard';
    case 'ledger':
      return canAuditLedger(access.role) ? null : '/dashboard';
    case 'project-admin':
      return canManageProjectWebhooks(access) ? null : '/dashboard';
    default: {
      const unknownGuard: never = guard;
      throw new Error(`Unknown route guard ${String(unknownGuard)}`);
    }
  }
}

/** Target of / and unknown paths (spec 02 §2.1). */
export function homeRedirect(signedIn: boolean, section: 'inventory' | 'labels'): string {
  if (!signedIn) return '/home';
  return section === 'labels' ? '/labels' : '/dashboard';
}

/**
 * Manage Project (spec 01 §6): a superadmin always, a global admin only with project role admin.
 * The project role comes from GET /api/projects/{id}/my-role.
 */
export const canManageProject = (access: Pick<Access, 'role' | 'projectRole'>): boolean =>
  isSuperadmin(access.role) || (access.role === 'admin' && access.projectRole === 'admin');

/** Deleting a project, and reading its membership history: superadmin only. */
export const canDeleteProject = (role: string | null): boolean => isSuperadmin(role);
