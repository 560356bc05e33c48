/** The authenticator app (TOTP) and recovery codes: enrol, confirm, remove, new codes. */
import type { FastifyInstance } from 'fastify';

export async function totpRoutes(_app: FastifyInstance): Promise<void> {}
