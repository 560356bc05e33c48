/**
 * On an empty database, creates the first superadmin so someone can sign in: from ADMIN_EMAIL and
 * ADMIN_PASSWORD when set, otherwise with a generated password printed once.
 */
import { randomBytes } from 'node:crypto';
import type { EventStore } from '../../ledger/event-store/event-store.ts';
import { DomainError } from '../../ledger/errors.ts';
import { registerUser, SYSTEM_ACTOR } from './user-commands.ts';

export const DEFAULT_ADMIN_EMAIL = 'admin@stockledger.local';

export interface BootstrapResult {
  email: string;
  /** Present only when it was generated here and must be shown to the operator. */
  generatedPassword: string | null;
}

export async function bootstrapSuperadmin(store: EventStore, options: { email: string | null; password: string | null }): Promise<BootstrapResult | null> {
  const existing = await store.db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return null;
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).trim().toLowerCase();
  const generatedPassword = options.password ? null : randomBytes(12).toString('base64url');
  try {
    await registerUser(
      store,
      { email, firstName: 'Site', lastName: 'Administrator', role: 'superadmin', password: options.password ?? generatedPassword! },
      SYSTEM_ACTOR,
    );
  } catch (error) {
    // Another process starting at the same moment created it first.
    if (error instanceof DomainError && error.code === 'CONFLICT') return null;
    throw error;
  }
  return { email, generatedPassword };
}

export function signInBanner(result: BootstrapResult, url: string): string {
  const lines = [
    'First start: created the superadmin account.',
    `  Sign in at ${url}/login`,
    `  E-mail:    ${result.email}`,
    result.generatedPassword
      ? `  Password:  ${result.generatedPassword}   (shown only this once; set ADMIN_PASSWORD to choose your own)`
      : '  Password:  the value of ADMIN_PASSWORD',
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  const rule = '='.repeat(width);
  return [rule, ...lines, rule].join('\n');
}
