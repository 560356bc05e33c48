/** Single sign-on through OpenID Connect providers. */
import type { FastifyInstance } from 'fastify';

export async function ssoRoutes(_app: FastifyInstance): Promise<void> {}
