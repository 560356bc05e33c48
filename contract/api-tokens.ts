/**
 * API tokens: how another program calls the API without a person's password. A personal token acts
 * as its owner, never with more than the owner may do, narrowed by its scopes and optionally to some
 * of the owner's projects. A service token is no person's: a superadmin gives it a role, site-wide
 * (a global role) or in one project (a project role). Either is shown once, stored only as a hash,
 * sent as `Authorization: Bearer <token>`, and revocable at once.
 */
import { z } from 'zod';
import { id, text } from './fields.ts';

export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_KINDS = ['personal', 'service'] as const;
export type TokenKind = (typeof TOKEN_KINDS)[number];

/** What a token starts with, so a leaked one is recognised (secret scanners, logs). */
export const TOKEN_PREFIX: Record<TokenKind, string> = { personal: 'slp_', service: 'sls_' };
/** The characters of a token kept in clear for the list: the prefix and a few after it. */
export const TOKEN_HINT_LENGTH = 10;
export const TOKEN_MAX_DAYS = 365;
export const TOKEN_NAME_MAX = 100;
/** A personal token may be limited to at most this many projects. */
export const TOKEN_MAX_PROJECTS = 100;
/** Calls per token per minute, across every server process (the default; config `apiTokenRateLimit`). */
export const TOKEN_RATE_LIMIT_PER_MINUTE = 600;

/** A service token's role: a global role site-wide, a project role in one project. */
export const SERVICE_SITE_ROLES = ['auditor', 'admin', 'superadmin'] as const;
export const SERVICE_PROJECT_ROLES = ['user', 'manager', 'admin'] as const;

export const TOKEN_MESSAGES = {
  invalid: 'The API token is not valid: it is unknown, expired or revoked.',
  readOnly: 'This API token has the read scope only; this call needs the write scope.',
  /** A token narrowed to some projects calling about another one, or about none. */
  otherProject: 'This API token is limited to other projects.',
  sessionOnly: 'An API token cannot do this; sign in to the site instead.',
  rateLimited: 'Too many calls with this API token; wait a moment and try again.',
  expiryRange: `Expiry must be between 1 and ${TOKEN_MAX_DAYS} days.`,
  scopesRequired: 'Choose at least one scope.',
  notYourProject: 'You can only limit a token to projects you are a member of.',
  serviceRole: 'A site-wide service token takes auditor, admin or superadmin; a project service token takes user, manager or admin.',
} as const;

const name = text({ label: 'Name', max: TOKEN_NAME_MAX, required: 'Name is required.' });
const expiresInDays = z
  .number({ error: TOKEN_MESSAGES.expiryRange })
  .int(TOKEN_MESSAGES.expiryRange)
  .min(1, TOKEN_MESSAGES.expiryRange)
  .max(TOKEN_MAX_DAYS, TOKEN_MESSAGES.expiryRange);
const scopes = z.array(z.enum(TOKEN_SCOPES, { error: 'Scopes are read and write.' })).min(1, TOKEN_MESSAGES.scopesRequired);

export const createPersonalTokenBody = z.object({
  name,
  expires_in_days: expiresInDays,
  scopes,
  /** Null: every project the owner is in, now and later. */
  project_ids: z.array(id('Project')).min(1, 'Choose at least one project, or none to allow all.').max(TOKEN_MAX_PROJECTS).nullable().default(null),
});
export type CreatePersonalTokenBody = z.infer<typeof createPersonalTokenBody>;

export const createServiceTokenBody = z
  .object({
    name,
    expires_in_days: expiresInDays,
    scopes,
    /** Null: site-wide. */
    project_id: id('Project').nullable(),
    role: z.enum([...SERVICE_SITE_ROLES, ...SERVICE_PROJECT_ROLES] as [string, ...string[]], { error: TOKEN_MESSAGES.serviceRole }),
  })
  .refine(
    (v) => (v.project_id === null ? (SERVICE_SITE_ROLES as readonly string[]).includes(v.role) : (SERVICE_PROJECT_ROLES as readonly string[]).includes(v.role)),
    {
      message: TOKEN_MESSAGES.serviceRole,
      path: ['role'],
    },
  );
export type CreateServiceTokenBody = z.infer<typeof createServiceTokenBody>;

export const apiToken = z.object({
  id: z.string(),
  kind: z.enum(TOKEN_KINDS),
  name: z.string(),
  /** The first characters, to tell tokens apart: `slp_Ab3dE…`. */
  hint: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  /** Personal: the projects it is limited to (null: all of the owner's). Service: [its project] or null (site-wide). */
  project_ids: z.array(z.string()).nullable(),
  /** Service tokens: the role it acts with. */
  role: z.string().nullable(),
  created_at: z.string(),
  created_by_name: z.string(),
  expires_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiToken>;
/** The answer to a creation: the only time the token itself is shown. */
export const createdApiToken = apiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiToken>;
export const apiTokenList = z.object({ items: z.array(apiToken) });
export type ApiTokenList = z.infer<typeof apiTokenList>;
