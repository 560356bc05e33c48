/**
 * A real OpenID Provider (oidc-provider) on a loopback port, for single sign-on tests: accounts the
 * test puts in, one confidential client, PKCE required, and its signing key kept here so a test can
 * re-sign an ID token it changed on its way out of the token endpoint (a wrong audience, an expired
 * token, a wrong nonce). Its sign-in is either our own interaction (signs in whoever the test names,
 * with the methods it names, and consents) or oidc-provider's development login page (for a browser).
 */
import { createPrivateKey, generateKeyPairSync, type KeyObject, randomUUID, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export type IdTokenClaims = Record<string, unknown>;

export interface TestOpenIdProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Changes the next ID tokens' claims and re-signs them with the provider's key (or `foreignKey`). */
  tamper: ((claims: IdTokenClaims) => IdTokenClaims) | null;
  /** Re-sign tampered tokens with a key the provider never published. */
  foreignKey: boolean;
  /**
   * Follows the authorization URL as a browser would, signing in `sub` with the methods `amr`, and
   * answers where the provider sent the browser back (our callback, with code, state and iss).
   */
  signIn(authorizationUrl: string, sub: string, amr?: string[]): Promise<URL>;
  close(): Promise<void>;
}

function base64url(value: Buffer | string): string {
  return Buffer.from(value).toString('base64url');
}

function resign(jwt: string, change: (claims: IdTokenClaims) => IdTokenClaims, key: KeyObject): string {
  const [header = '', payload = ''] = jwt.split('.');
  const claims = change(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as IdTokenClaims);
  const signingInput = `${header}.${base64url(JSON.stringify(claims))}`;
  return `${signingInput}.${base64url(sign('sha256', Buffer.from(signingInput), key))}`;
}

export async function startTestOpenIdProvider(options: {
  /** A function when the client's address is known only later (a server started after this one): read on the first request. */
  redirectUris: string[] | (() => string[]);
  postLogoutRedirectUris?: string[] | (() => string[]);
  /** oidc-provider's own login and consent pages (a person types the account's sub as the login). */
  loginPage?: boolean;
}): Promise<TestOpenIdProvider> {
  const kid = randomUUID();
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid, use: 'sig', alg: 'RS256' };
  const signingKey = createPrivateKey({ key: jwk, format: 'jwk' });
  const foreign = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const clientId = `stockledger-${randomUUID().slice(0, 8)}`;
  const clientSecret = randomUUID();
  const accounts = new Map<string, TestAccount>();

  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  const server: Server = createServer((req, res) => handler?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const listOf = (value: string[] | (() => string[]) | undefined) => (typeof value === 'function' ? value() : (value ?? []));
  const makeProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: listOf(options.redirectUris),
          post_logout_redirect_uris: listOf(options.postLogoutRedirectUris),
          response_types: ['code'],
          grant_types: ['authorization_code'],
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomUUID()] },
      // amr with the openid scope, so the ID token names the methods used, as Entra ID and Keycloak send it.
      claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name', 'name'] },
      // Scope-asked claims in the ID token as well, as Keycloak, Entra ID and Google send them.
      conformIdTokenClaims: false,
      pkce: { required: () => true },
      features: { devInteractions: { enabled: Boolean(options.loginPage) }, rpInitiatedLogout: { enabled: true } },
      ...(options.loginPage ? {} : { interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` } }),
      ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
      findAccount: (_ctx: unknown, sub: string) => {
        const account = accounts.get(sub);
        return account ? { accountId: sub, claims: () => ({ ...account }) } : undefined;
      },
    });
  let built: { provider: Provider; callback: (req: IncomingMessage, res: ServerResponse) => void } | null = null;
  const op = () => {
    if (!built) {
      const provider = makeProvider();
      built = { provider, callback: provider.callback() };
    }
    return built;
  };

  /** Who our own interaction signs in next, keyed by nothing: one flow at a time per test. */
  let nextLogin: { sub: string; amr: string[] | undefined } | null = null;

  const state: TestOpenIdProvider = {
    issuer,
    clientId,
    clientSecret,
    accounts,
    tamper: null,
    foreignKey: false,
    async signIn(authorizationUrl, sub, amr) {
      nextLogin = { sub, amr };
      const jar = new Map<string, string>();
      let url = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (url.origin !== issuer) return url;
        const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
        const response = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          jar.set(pair.slice(0, at), pair.slice(at + 1));
        }
        const location = response.headers.get('location');
        if (!location) throw new Error(`the provider stopped at ${url.pathname} with ${response.status}: ${(await response.text()).slice(0, 300)}`);
        url = new URL(location, url);
      }
      throw new Error('the provider redirected too often');
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function interact(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { provider } = op();
    const details = await provider.interactionDetails(req, res);
    if (!nextLogin) throw new Error('no sign-in expected');
    const grant = new provider.Grant({ accountId: nextLogin.sub, clientId: details.params.client_id });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const login = { accountId: nextLogin.sub, ...(nextLogin.amr ? { amr: nextLogin.amr } : {}) };
    await provider.interactionFinished(req, res, { login, consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: false });
  }

  /** Stands in front of the token endpoint: the provider's answer, with its ID token changed and re-signed. */
  function tamperedTokens(req: IncomingMessage, res: ServerResponse): void {
    const change = state.tamper!;
    const key = state.foreignKey ? foreign : signingKey;
    const end = res.end.bind(res) as (chunk?: unknown) => ServerResponse;
    res.end = ((chunk?: unknown) => {
      const text = Buffer.isBuffer(chunk) ? chunk.toString('utf8') : typeof chunk === 'string' ? chunk : '';
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      if (typeof body.id_token !== 'string') return end(chunk);
      const changed = JSON.stringify({ ...body, id_token: resign(body.id_token, change, key) });
      res.setHeader('content-length', Buffer.byteLength(changed));
      return end(changed);
    }) as typeof res.end;
    op().callback(req, res);
  }

  handler = (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (!options.loginPage && req.method === 'GET' && path.startsWith('/interaction/')) {
      interact(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    if (req.method === 'POST' && path === '/token' && state.tamper) return tamperedTokens(req, res);
    op().callback(req, res);
  };
  return state;
}
