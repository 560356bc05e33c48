/**
 * What narrows an API token's caller below what its user may do (contract/api-tokens.ts): its
 * scopes (a read-only token changes nothing) and its projects (a token limited to some projects
 * acts in those alone, and on nothing that names no project but the few reads of who it is).
 * The auth plugin judges the scope before the input is read; project access judges the projects.
 */
import { TOKEN_MESSAGES } from '../../contract/api-tokens.ts';
import { DomainError } from '../../ledger/errors.ts';
import { isReadingPost } from './reading-posts.ts';
import type { AuthenticatedUser } from './session-store.ts';

const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Whether the operation changes something, and so needs the write scope. `route` is the router's pattern. */
export const needsWriteScope = (method: string, route: string) => CHANGING.has(method) && !isReadingPost(method, route);

/** The operations a token limited to some projects may call although they name no project: who am I, and where. */
export const PROJECTLESS_READS: ReadonlySet<string> = new Set(['GET /api/users/me', 'GET /api/projects', 'GET /api/site/bootstrap']);

/** The projects the caller is limited to, or null for none (a session, or a token of every project). */
export const tokenProjects = (caller: AuthenticatedUser | null): readonly string[] | null => caller?.token?.projectIds ?? null;

export function withinTokenProjects(caller: AuthenticatedUser, projectId: string): boolean {
  const limits = tokenProjects(caller);
  return limits === null || limits.includes(projectId);
}

/** Refuses (403) a project outside the caller's token's projects. */
export function demandTokenProject(caller: AuthenticatedUser, projectId: string): void {
  if (!withinTokenProjects(caller, projectId)) throw new DomainError('FORBIDDEN', TOKEN_MESSAGES.otherProject);
}
