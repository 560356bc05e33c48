/** The authenticator app (scan a QR, confirm a code) and the recovery codes. */
import type { JSX } from 'react';
import type { SecurityOverview } from '@contract/sign-in.ts';

export function AuthenticatorSection(_props: { overview: SecurityOverview }): JSX.Element | null {
  return null;
}
