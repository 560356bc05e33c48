/** The person's passkeys: add (named), rename, remove. */
import type { JSX } from 'react';
import type { SecurityOverview } from '@contract/sign-in.ts';

export function PasskeysSection(_props: { overview: SecurityOverview }): JSX.Element | null {
  return null;
}
