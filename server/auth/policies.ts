/**
 * Who may call what, by name: one table of policy → rule. A route names its policy
 * (`config: { access: 'warehouse.move' }`) and server/plugins/authorization.ts enforces it after
 * the sign-in check; a handler whose rule depends on its input asks `allows`/`demand` by the same
 * name. The permission matrix (test/permissions/) reads these names too, so a route whose policy
 * changes is seen there.
 *
 * Rules over loaded data (a transfer's sides, a request's project) stay in their access modules
 * (server/<feature>/*-access.ts); the table names them where a route's gate is one of them.
 */
import type { FastifyRequest } from 'fastify';
import { WEBHOOK_SITE_SUPERADMIN_ONLY } from '../../contract/webhooks.ts';
import type { Db } from '../../ledger/database.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';
import { roleOf } from '../plugins/auth.ts';
import { requestAccess } from '../requests/request-access.ts';
import { requireTransferRequester } from '../transfers/transfer-access.ts';
import { assertMayReadCatalogue, assertMayReadUser, assertMayUseDirectory } from '../users/directory-access.ts';
import type { AccessCache } from './access-cache.ts';
import type { AuthenticatedUser } from './session-store.ts';

export const NO_PERMISSION = 'You do not have permission to do this.';
export const ONLY_ADMINS_CORRECT = 'Only a project admin can correct a log entry.';

export interface PolicyContext {
  db: Db;
  /** The process's sessions and memberships (project access). */
  access: AccessCache;
  caller: AuthenticatedUser;
  request: FastifyRequest;
}

export interface Policy {
  /** The global roles let through; anyone else is refused with `refusal`. Absent: every role. */
  roles?: readonly GlobalRole[];
  /** The refusal's message when the role does not fit (default: NO_PERMISSION). */
  refusal?: string;
  /** A rule over loaded data, from its access module: throws the DomainError to answer. */
  check?: (context: PolicyContext) => Promise<void>;
  /**
   * When the route's rule is judged. Before the input is validated (the default), so a caller of the
   * wrong role learns nothing of the input's shape; `afterInput` for a rule that reads the input or
   * the project `config.projectAccess` resolved (it runs after project access and maintenance).
   */
  stage?: 'afterInput';
}

const ADMINS = ['admin', 'superadmin'] as const;
const SUPERADMIN = ['superadmin'] as const;

export const POLICIES = {
  // Projects (spec 01 §6): global admins create them; the superadmin deletes them and reads their history.
  'project.create': { roles: ADMINS },
  'project.delete': { roles: SUPERADMIN },
  'project.history': { roles: SUPERADMIN },
  'project.list-all': { roles: ADMINS, refusal: 'Only global admins can list every project.' },
  'project.list-of-user': {
    stage: 'afterInput',
    check: async ({ caller, request }) => {
      const { userId } = request.params as { userId: string };
      if (userId !== caller.id && roleOf(caller) !== 'superadmin') throw new DomainError('FORBIDDEN', 'You can only list your own projects.');
    },
  },
  // People (directory-access.ts): the directory, one person, invitations, global roles.
  'user.directory': { roles: ADMINS, stage: 'afterInput', check: ({ db, caller }) => assertMayUseDirectory(db, caller) },
  'user.read': { stage: 'afterInput', check: ({ db, caller, request }) => assertMayReadUser(db, caller, (request.params as { id: string }).id) },
  'user.invite': { roles: ADMINS, stage: 'afterInput' },
  'user.set-roles': { roles: SUPERADMIN },
  'user.delete': { roles: SUPERADMIN },
  // The site's settings and the mail outbox: the superadmin's.
  'site.settings': { roles: SUPERADMIN },
  'outbox.read': { roles: SUPERADMIN },
  // Warehouses are global (spec 02 §6, the route table): admins read them and move their stock,
  // the Warehouse Manager is the superadmin's.
  'warehouse.read': { roles: ADMINS },
  'warehouse.manage': { roles: SUPERADMIN },
  'warehouse.move': { roles: ADMINS },
  // The Material Catalog, as the warehouses: global admins and superadmins.
  'catalog.use': { roles: ADMINS },
  // Materials: the catalogue of every project's parts, the inventory export, log corrections.
  'material.catalogue': { stage: 'afterInput', check: ({ db, caller }) => assertMayReadCatalogue(db, caller) },
  'material.export': { roles: ADMINS, refusal: 'Only admins can export the inventory.' },
  'material.correct': {
    stage: 'afterInput',
    // A project manager may curate the log but not rewrite its past figures.
    check: async ({ caller, request }) => {
      if (roleOf(caller) !== 'superadmin' && request.project?.projectRole !== 'admin') throw new DomainError('FORBIDDEN', ONLY_ADMINS_CORRECT);
    },
  },
  // Labels: importing, deleting and templates are for admins (spec 02 §6); viewing and export are a reader's.
  'label.admin': { roles: ADMINS },
  // Assets: the catalogue, categories and warehouse moves are admins'; projects move their own.
  'asset.admin': { roles: ADMINS },
  // Requests (request-access.ts): one request is its requester's and its project's managers'.
  'request.read': {
    stage: 'afterInput',
    check: async ({ db, access, caller, request }) => {
      await requestAccess(db, access, caller, (request.params as { id: string }).id);
    },
  },
  // Transfers (transfer-access.ts): the wizard's lists tell what other projects hold.
  'transfer.request': { check: ({ db, caller }) => requireTransferRequester(db, caller) },
  // The ledger's seal: auditors and the superadmin read it; the superadmin seals on demand.
  'ledger.read': { roles: ['superadmin', 'auditor'] },
  'ledger.seal': { roles: SUPERADMIN },
  // Service API tokens act as no person, with a role of their own: the superadmin's to hand out.
  'token.service': { roles: SUPERADMIN },
  // Webhooks: a project's endpoints are its admins' (webhook-access.ts); site-wide ones, the superadmin's.
  'webhook.site': { roles: SUPERADMIN, refusal: WEBHOOK_SITE_SUPERADMIN_ONLY },
  // A person's sign-in security: admins read it and reset their second factors (an admin's only
  // by a superadmin, server/users/reset-factors.ts, as it depends on the person).
  'user.security': { roles: ADMINS, refusal: "Only admins can see or reset a person's sign-in security." },
} as const satisfies Record<string, Policy>;

export type PolicyName = keyof typeof POLICIES;
/** The policies that are a role rule alone, which a handler can ask about without loading anything. */
export type RolePolicyName = { [K in PolicyName]: (typeof POLICIES)[K] extends { check: unknown } ? never : K }[PolicyName];

const policy = (name: PolicyName): Policy => POLICIES[name];

/** Whether the caller's global role fits the policy's role rule. */
export function allows(name: RolePolicyName, caller: AuthenticatedUser): boolean {
  const roles = policy(name).roles;
  return !roles || (roles as readonly string[]).includes(roleOf(caller));
}

/** Refuses (403, the policy's message) a caller whose global role does not fit. */
export function demand(name: RolePolicyName, caller: AuthenticatedUser): void {
  if (!allows(name, caller)) throw new DomainError('FORBIDDEN', policy(name).refusal ?? NO_PERMISSION);
}

/** Judges a route's policy: its role rule first, then its rule over loaded data. */
export async function enforce(name: PolicyName, context: PolicyContext): Promise<void> {
  const { roles, refusal, check } = policy(name);
  if (roles && !(roles as readonly string[]).includes(roleOf(context.caller))) throw new DomainError('FORBIDDEN', refusal ?? NO_PERMISSION);
  await check?.(context);
}

export function stageOf(name: PolicyName): 'beforeInput' | 'afterInput' {
  return policy(name).stage ?? 'beforeInput';
}
