/**
 * The matrix's reading of each named policy (server/auth/policies.ts): which callers it can let
 * through, from the spec (01 §6, 02 §6) and not from the server's code. A row names the policy its
 * route declares; the matrix checks the name against the route and that the row expects no success
 * for a caller its policy refuses. A policy over loaded data (the target user, the request) is read
 * as the most it can allow; its rows say the rest.
 */
import type { PolicyName } from '../../server/auth/policies.ts';
import { type Actor, can, type Rule, type RouteCase, when } from './matrix.ts';

/** The user directory: a superadmin, or a global admin who is a project admin (here, of the matrix project). */
export const directory: Rule = (a) => a.global === 'superadmin' || (a.global === 'admin' && a.project === 'admin');

export const POLICY_RULES: Record<PolicyName, Rule> = {
  'project.create': can.admins,
  'project.delete': can.superadmin,
  'project.history': can.superadmin,
  'project.list-all': can.admins,
  // One's own list, or anyone's for a superadmin: the target decides.
  'project.list-of-user': () => true,
  'user.directory': directory,
  // Oneself, the directory's users and anyone sharing a project: the target decides.
  'user.read': () => true,
  'user.invite': can.admins,
  'user.set-roles': can.superadmin,
  'user.delete': can.superadmin,
  'site.settings': can.superadmin,
  'outbox.read': can.superadmin,
  'warehouse.read': can.admins,
  'warehouse.manage': can.superadmin,
  'warehouse.move': can.admins,
  'catalog.use': can.admins,
  'material.catalogue': (a) => can.admins(a) || a.project === 'admin' || a.project === 'manager',
  'material.export': can.admins,
  'material.correct': (a) => a.global === 'superadmin' || a.project === 'admin',
  'label.admin': can.admins,
  'asset.admin': can.admins,
  // Its project's managers and its requester: someone who sees the project at most.
  'request.read': can.view,
  'transfer.request': can.requestTransfer,
  'ledger.read': can.ledger,
  'ledger.seal': can.superadmin,
  'token.service': can.superadmin,
  'webhook.site': can.superadmin,
  // A global admin is refused an admin's reset: the target decides the rest.
  'user.security': can.admins,
};

/** A row whose answer is its policy's: `ok` for whom the policy lets through, 403 for the rest. */
export function guarded(access: PolicyName, ok = 200): Pick<RouteCase, 'access' | 'expected'> {
  return { access, expected: when(POLICY_RULES[access], ok) };
}

/** The callers a row expects to succeed although its policy refuses them (none, when the row is right). */
export function beyondPolicy(route: RouteCase, actors: Actor[]): string[] {
  if (!route.access) return [];
  const rule = POLICY_RULES[route.access];
  return actors.filter((a) => !rule(a) && route.expected(a) < 300).map((a) => `${a.global}/${a.project}`);
}
