/** A person's sign-in history, and an admin's reset of someone's second factors. */
import type { FastifyInstance } from 'fastify';

export async function secondFactorAdminRoutes(_app: FastifyInstance): Promise<void> {}
