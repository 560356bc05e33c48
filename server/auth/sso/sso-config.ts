/**
 * Single sign-on providers from the environment, checked once at start-up.
 *
 * One provider: `OIDC_ISSUER`, `OIDC_CLIENT_ID`, `OIDC_CLIENT_SECRET`, optional `OIDC_NAME`,
 * `OIDC_SCOPES`, `OIDC_TRUST_EMAIL` (its id is "oidc"). Several: `OIDC_PROVIDERS=keycloak,entra`
 * and the same variables as `OIDC_<ID>_ISSUER`, `OIDC_<ID>_CLIENT_ID` and so on.
 *
 * An issuer must be https. Plain http is allowed only for a loopback address (127.0.0.0/8,
 * localhost, [::1]): a provider run on this machine, as the tests do; never across a network,
 * where the code, the tokens and the client secret would travel readable.
 */
import { z } from 'zod';

export interface OidcProviderConfig {
  /** In the redirect URI and the buttons' links: lowercase letters, digits and dashes. */
  id: string;
  /** What the button says after "Sign in with". */
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Asked of the provider; always includes openid, email and profile. */
  scopes: string[];
  /**
   * Take the provider's `email` as verified though it sends no `email_verified` (Entra ID's work
   * accounts: the directory's own addresses). A provider that sends `email_verified: false` is
   * still refused.
   */
  trustEmail: boolean;
}

export const DEFAULT_SSO_NAME = 'Single sign-on';
const REQUIRED_SCOPES = ['openid', 'email', 'profile'];
const PROVIDER_ID = /^[a-z][a-z0-9-]{0,31}$/;

export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);
}

const issuerUrl = z.string().superRefine((value, ctx) => {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a URL such as https://login.example.com/realms/staff' });
    return;
  }
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return;
  ctx.addIssue({ code: 'custom', message: 'must be an https URL (http only for a loopback address)' });
});

const trustFlag = z
  .enum(['true', 'false', '1', '0', ''], { error: 'must be true or false' })
  .optional()
  .transform((v) => v === 'true' || v === '1');

const providerSchema = z.object({
  ISSUER: issuerUrl,
  CLIENT_ID: z.string({ error: 'is required' }).trim().min(1, 'is required'),
  CLIENT_SECRET: z.string({ error: 'is required' }).min(1, 'is required'),
  NAME: z.string().trim().max(60, 'must be at most 60 characters').optional(),
  SCOPES: z.string().optional(),
  TRUST_EMAIL: trustFlag,
});

function scopesOf(value: string | undefined): string[] {
  const extra = (value ?? '').split(/[\s,]+/).filter(Boolean);
  return [...new Set([...REQUIRED_SCOPES, ...extra])];
}

/** The providers the environment configures; throws an error naming the variable that is wrong. */
export function loadOidcProviders(env: NodeJS.ProcessEnv): OidcProviderConfig[] {
  const list = env.OIDC_PROVIDERS?.trim();
  const entries: { id: string; prefix: string }[] = [];
  if (list) {
    for (const raw of list.split(',')) {
      const id = raw.trim().toLowerCase();
      if (!id) continue;
      if (!PROVIDER_ID.test(id))
        throw new Error(`Invalid environment: OIDC_PROVIDERS: "${raw.trim()}" is not a provider id (letters, digits and dashes, starting with a letter)`);
      if (entries.some((entry) => entry.id === id)) throw new Error(`Invalid environment: OIDC_PROVIDERS: "${id}" is listed twice`);
      entries.push({ id, prefix: `OIDC_${id.toUpperCase().replaceAll('-', '_')}_` });
    }
  } else if (env.OIDC_ISSUER || env.OIDC_CLIENT_ID || env.OIDC_CLIENT_SECRET) {
    entries.push({ id: 'oidc', prefix: 'OIDC_' });
  }
  return entries.map(({ id, prefix }) => {
    const values = Object.fromEntries(Object.keys(providerSchema.shape).map((key) => [key, env[`${prefix}${key}`]]));
    const parsed = providerSchema.safeParse(values);
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${prefix}${issue.path.join('.')}: ${issue.message}`).join('; ');
      throw new Error(`Invalid environment: ${problems}`);
    }
    const p = parsed.data;
    return {
      id,
      name: p.NAME || DEFAULT_SSO_NAME,
      issuer: p.ISSUER,
      clientId: p.CLIENT_ID,
      clientSecret: p.CLIENT_SECRET,
      scopes: scopesOf(p.SCOPES),
      trustEmail: p.TRUST_EMAIL,
    };
  });
}
