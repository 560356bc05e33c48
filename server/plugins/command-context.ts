/** Turns a request into the metadata every event carries, and scopes its Idempotency-Key to the caller. */
import type { FastifyRequest } from 'fastify';
import type { CommandOptions } from '../../ledger/command.ts';
import type { AuthenticatedUser } from '../auth/session-store.ts';

export function displayName(user: { user_firstname: string; user_lastname: string; email: string }): string {
  return `${user.user_firstname} ${user.user_lastname}`.trim() || user.email;
}

export function commandOptions(request: FastifyRequest): CommandOptions {
  const user = request.user as AuthenticatedUser | null;
  const key = request.headers['idempotency-key'];
  const idempotencyKey = typeof key === 'string' && key.length > 0 && key.length <= 200 ? `${user?.id ?? 'anonymous'}:${key}` : undefined;
  return {
    metadata: { actorId: user?.id ?? null, actorName: user ? displayName(user) : 'Anonymous', requestId: request.id },
    idempotencyKey,
  };
}
