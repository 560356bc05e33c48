/**
 * The route × role matrix's vocabulary (matrix-suite.ts): who the callers are, the role rules
 * of the spec (01 §6, 02 §6) as predicates, and the shape of one row. The rows of an area live in
 * this folder (`<area>-rows.ts`) and are gathered by the matrix; each names the policy its route
 * declares (policy-rules.ts).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { Runtime } from '../../server/runtime.ts';
import type { GlobalRole } from '../../ledger/user/events.ts';
import type { ProjectRole } from '../../ledger/project/events.ts';
import type { PolicyName } from '../../server/auth/policies.ts';
import { changeMembership } from '../../server/projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../../server/users/user-commands.ts';

export type ProjectRoleOrNone = ProjectRole | 'none';
export const PROJECT_ROLES_OR_NONE: ProjectRoleOrNone[] = ['none', 'user', 'manager', 'admin'];
export interface Actor {
  global: GlobalRole;
  project: ProjectRoleOrNone;
  userId: string;
}
export type Rule = (a: Actor) => boolean;

export const can = {
  view: (a: Actor) => a.global === 'superadmin' || a.global === 'auditor' || a.project !== 'none',
  manage: (a: Actor) =>
    a.global === 'superadmin' || (a.global !== 'auditor' && a.project !== 'none' && (a.global === 'admin' || a.project === 'admin' || a.project === 'manager')),
  // A project's logs: whoever curates it, and auditors everywhere (read-only).
  logs: (a: Actor) => a.global === 'superadmin' || a.global === 'auditor' || a.project === 'admin' || a.project === 'manager',
  // Whoever may request a transfer into some project (its admin or manager), and so see the wizard's lists.
  requestTransfer: (a: Actor) => a.global === 'superadmin' || (a.global !== 'auditor' && (a.project === 'admin' || a.project === 'manager')),
  ledger: (a: Actor) => a.global === 'superadmin' || a.global === 'auditor',
  administer: (a: Actor) => a.global === 'superadmin' || (a.global === 'admin' && a.project === 'admin'),
  admins: (a: Actor) => a.global === 'admin' || a.global === 'superadmin',
  superadmin: (a: Actor) => a.global === 'superadmin',
};
/** Auditors read and change nothing (server/ledger-audit/auditor-guard.ts). */
export const changes = (rule: Rule) => (a: Actor) => a.global !== 'auditor' && rule(a);
/** The rule's status when it holds, 403 when not. */
export const when =
  (rule: Rule, ok = 200) =>
  (a: Actor) =>
    rule(a) ? ok : 403;
export const always = (status: number) => () => status;

export interface RouteCase {
  /** "METHOD /path" as the OpenAPI document writes it (`:id` or `{id}`), then anything that tells rows apart. */
  name: string;
  /** The policy the route names in `config.access` (server/auth/policies.ts); absent when it names none. */
  access?: PolicyName;
  /** Builds the request for one actor; may create what it needs first (a fresh target). */
  request: (actor: Actor) => Promise<InjectOptions> | InjectOptions;
  expected: (actor: Actor) => number;
  /** The answer signed out, when not 401. */
  signedOut?: number;
  /**
   * The answer to the actor's API token (read and write, every project) when it is not the
   * session's: the session's own operations (`config.sessionOnly`) refuse every token with 403.
   */
  withToken?: (actor: Actor) => number;
}

/** What a row module may use; read when a row runs, after the matrix's setup. */
export interface MatrixContext {
  runtime: () => Runtime;
  app: () => FastifyInstance;
  /** The project every actor has their role in. */
  projectId: () => string;
  actors: () => Actor[];
  /** A plain member of the project. */
  memberId: () => string;
  newUser: (role?: GlobalRole) => Promise<string>;
  memberOf: (project: string, userId: string, role: ProjectRoleOrNone) => Promise<void>;
  /** The cookie header of a fresh session for the user. */
  cookieFor: (userId: string) => Promise<string>;
}

/**
 * Earlier rows may have made an actor a member elsewhere (a global admin who creates a project
 * administers it). A row whose answer depends on the actor's roles anywhere calls this first, so
 * the matrix project is the only one they hold a role in.
 */
export async function onlyInMatrixProject(context: MatrixContext, actor: Actor): Promise<void> {
  const elsewhere = await context
    .runtime()
    .store.db.selectFrom('project_members as m')
    .innerJoin('projects as p', 'p.id', 'm.project_id')
    .select('m.project_id')
    .where('m.user_id', '=', actor.userId)
    .where('m.project_id', '!=', context.projectId())
    .where('p.archived_at', 'is', null)
    .execute();
  for (const { project_id } of elsewhere)
    await changeMembership(context.runtime().store, project_id, { type: 'remove', userId: actor.userId }, { metadata: SYSTEM_ACTOR });
}

/** The operation a row calls, in the OpenAPI document's spelling with its parameters unnamed. */
export function operationOf(name: string): string {
  const [method, path = ''] = name.split(' ');
  return `${method} ${path.split('?')[0]!.replace(/\{[^}]+\}|:[\w]+/g, '{}')}`;
}
