/**
 * Signing out at the provider too (OpenID Connect RP-Initiated Logout): when the session came
 * through a provider that publishes an `end_session_endpoint`, sign-out answers the address to send
 * the browser to, with the session's ID token as `id_token_hint` and /login to come back to.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as oidc from 'openid-client';
import { oidcClientsOf } from './oidc-clients.ts';

/**
 * The provider's sign-out address for this session, or null (no provider, none published, or the
 * provider unreachable: the local sign-out happens anyway). The ID token is forgotten here.
 */
export async function takeEndSessionUrl(app: FastifyInstance, request: FastifyRequest, sessionId: string): Promise<string | null> {
  const session = await app.db.selectFrom('auth_sessions').select(['sso_provider', 'sso_id_token']).where('id', '=', sessionId).executeTakeFirst();
  if (!session?.sso_provider) return null;
  await app.db.updateTable('auth_sessions').set({ sso_id_token: null }).where('id', '=', sessionId).execute();
  const clients = oidcClientsOf(app.config);
  const provider = clients.provider(session.sso_provider);
  if (!provider) return null;
  try {
    const configuration = await clients.configurationOf(provider.id);
    if (!configuration.serverMetadata().end_session_endpoint) return null;
    const parameters: Record<string, string> = { post_logout_redirect_uri: `${app.config.publicUrl}/login`, client_id: provider.clientId };
    if (session.sso_id_token) parameters.id_token_hint = session.sso_id_token;
    return oidc.buildEndSessionUrl(configuration, parameters).href;
  } catch (error) {
    request.log.warn({ provider: provider.id, reason: error instanceof Error ? error.message : String(error) }, 'single sign-on sign-out unavailable');
    return null;
  }
}
