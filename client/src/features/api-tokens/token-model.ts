/**
 * What the token pages decide without the server: a token's status from its dates, the expiry
 * the form sends, the roles a service token may take where it acts, and which form field a
 * server's refusal is about. Pure, so each rule is tested without rendering.
 */
import { SERVICE_PROJECT_ROLES, SERVICE_SITE_ROLES, TOKEN_MAX_DAYS, TOKEN_MESSAGES, type TokenScope } from '@contract/api-tokens.ts';
import type { ApiToken } from '../../api/tokens-api.ts';

export type TokenStatus = 'active' | 'expired' | 'revoked';

/** Revoked wins over expired: a token revoked before it ran out was stopped by someone. */
export function tokenStatus(token: Pick<ApiToken, 'expires_at' | 'revoked_at'>, now: Date): TokenStatus {
  if (token.revoked_at) return 'revoked';
  return new Date(token.expires_at).getTime() <= now.getTime() ? 'expired' : 'active';
}

export const STATUS_LABEL: Record<TokenStatus, string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' };
export const STATUS_COLOR: Record<TokenStatus, string> = { active: 'teal', expired: 'gray', revoked: 'red' };

/** The hint as a list shows it: the clear characters and an ellipsis for the rest. */
export function hintText(hint: string): string {
  return hint.endsWith('…') ? hint : `${hint}…`;
}

/** The expiry choices offered first; anything else is a custom number of days. */
export const EXPIRY_PRESETS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: String(TOKEN_MAX_DAYS), label: '1 year' },
  { value: 'custom', label: 'Custom' },
] as const;
export type ExpiryChoice = (typeof EXPIRY_PRESETS)[number]['value'];

/** The days to send for a choice (the custom box as typed), or the contract's message when out of range. */
export function expiryDays(choice: ExpiryChoice, custom: string): { days: number } | { error: string } {
  const raw = choice === 'custom' ? custom.trim() : choice;
  const days = raw === '' ? Number.NaN : Number(raw);
  if (!Number.isInteger(days) || days < 1 || days > TOKEN_MAX_DAYS) return { error: TOKEN_MESSAGES.expiryRange };
  return { days };
}

/** The day a token made now with `days` of life runs out. */
export function expiryDate(now: Date, days: number): Date {
  return new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

export const SCOPE_LABEL: Record<TokenScope, string> = { read: 'Read', write: 'Write' };

export type ServiceReach = 'site' | 'project';

/** A site-wide service token takes a global role; one in a project takes a project role. */
export function serviceRoleOptions(reach: ServiceReach): readonly string[] {
  return reach === 'site' ? SERVICE_SITE_ROLES : SERVICE_PROJECT_ROLES;
}

/** The role kept when the reach changes: the same one if it is still offered, else the least. */
export function roleForReach(reach: ServiceReach, role: string | null): string {
  const options = serviceRoleOptions(reach);
  return role && options.includes(role) ? role : options[0]!;
}

export const ROLE_LABEL: Record<string, string> = {
  auditor: 'Auditor',
  admin: 'Admin',
  superadmin: 'Superadmin',
  user: 'User',
  manager: 'Manager',
};

export type TokenField = 'name' | 'expires_in_days' | 'scopes' | 'project_ids' | 'project_id' | 'role';
const TOKEN_FIELDS: readonly TokenField[] = ['name', 'expires_in_days', 'scopes', 'project_ids', 'project_id', 'role'];

/** The form field a refusal names (`project_ids.0` is the projects box), or null to show it above the form. */
export function refusedField(field: string | null): TokenField | null {
  const head = field?.split('.')[0] ?? '';
  return (TOKEN_FIELDS as readonly string[]).includes(head) ? (head as TokenField) : null;
}
