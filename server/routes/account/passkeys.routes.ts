/** Passkeys: enrol, rename and remove one's own; the passkey sign-in and the passkey second step. */
import type { FastifyInstance } from 'fastify';

export async function passkeyRoutes(_app: FastifyInstance): Promise<void> {}
