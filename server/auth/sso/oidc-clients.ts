/**
 * The configured providers as openid-client configurations. A provider's discovery document is
 * fetched on first use and kept; one that cannot be reached answers `SsoProviderUnavailable` (and
 * is asked again next time), so a provider that is down never stops the server from starting.
 */
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';
import type { OidcProviderConfig } from './sso-config.ts';

export class SsoProviderUnavailable extends Error {
  constructor(
    readonly providerId: string,
    readonly reason: string,
  ) {
    super(`single sign-on provider ${providerId} could not be reached: ${reason}`);
  }
}

/** Seconds a discovery or token request may take before the sign-in is refused. */
const REQUEST_TIMEOUT_SECONDS = 10;

export class OidcClients {
  readonly #providers: Map<string, OidcProviderConfig>;
  readonly #discovered = new Map<string, Promise<oidc.Configuration>>();

  constructor(
    providers: readonly OidcProviderConfig[],
    private readonly publicUrl: string,
  ) {
    this.#providers = new Map(providers.map((provider) => [provider.id, provider]));
  }

  /** What the sign-in page offers, in the configured order. */
  list(): { id: string; name: string }[] {
    return [...this.#providers.values()].map(({ id, name }) => ({ id, name }));
  }

  provider(id: string): OidcProviderConfig | undefined {
    return this.#providers.get(id);
  }

  redirectUri(id: string): string {
    return `${this.publicUrl}/api/auth/oidc/${id}/callback`;
  }

  /** The provider's configuration, discovered once; throws SsoProviderUnavailable. */
  async configurationOf(id: string): Promise<oidc.Configuration> {
    const provider = this.#providers.get(id);
    if (!provider) throw new Error(`unknown single sign-on provider ${id}`);
    let pending = this.#discovered.get(id);
    if (!pending) {
      pending = discover(provider);
      this.#discovered.set(id, pending);
      // A failure is not kept: the next sign-in asks the provider again.
      pending.catch(() => this.#discovered.delete(id));
    }
    try {
      return await pending;
    } catch (error) {
      throw new SsoProviderUnavailable(id, error instanceof Error ? error.message : String(error));
    }
  }
}

async function discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
  // sso-config.ts allows http only for a loopback issuer; openid-client must be told so.
  const insecure = new URL(provider.issuer).protocol === 'http:';
  return oidc.discovery(new URL(provider.issuer), provider.clientId, provider.clientSecret, oidc.ClientSecretPost(provider.clientSecret), {
    // The ID token's signature is checked against the provider's published keys too: openid-client
    // leaves that to TLS by default, but the token is what says who signed in.
    execute: insecure ? [oidc.allowInsecureRequests, oidc.enableNonRepudiationChecks] : [oidc.enableNonRepudiationChecks],
    timeout: REQUEST_TIMEOUT_SECONDS,
  });
}

/** One set of clients per app configuration: the sign-in routes and sign-out share the cache. */
const byConfig = new WeakMap<Config, OidcClients>();

export function oidcClientsOf(config: Config): OidcClients {
  let clients = byConfig.get(config);
  if (!clients) {
    clients = new OidcClients(config.oidcProviders ?? [], config.publicUrl);
    byConfig.set(config, clients);
  }
  return clients;
}
