/** Turns a request into the metadata every event carries, and scopes its Idempotency-Key to the caller. */
import type { FastifyRequest } from 'fastify';
import type { CommandOptions } from '../../ledger/command.ts';

export function displayName(user: { user_firstname: string; user_lastname: string; email: string }): string {
  return `${user.user_firstname} ${user.user_lastname}`.trim() || user.email;
}

/** The request's Idempotency-Key as the runner stores it: scoped to the caller. */
export function scopedIdempotencyKey(request: FastifyRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return typeof key === 'string' && key.length > 0 && key.length <= 200 ? `${request.caller.id}:${key}` : undefined;
}

export function commandOptions(request: FastifyRequest): CommandOptions {
  // Every route that runs a command is behind the sign-in check.
  const caller = request.caller;
  const idempotencyKey = scopedIdempotencyKey(request);
  return {
    metadata: { actorId: caller.id, actorName: displayName(caller), requestId: request.id },
    idempotencyKey,
    // A field action kept offline happened at the device's time (plugins/occurred-at.ts).
    ...(request.occurredAt ? { occurredAt: request.occurredAt } : {}),
  };
}
