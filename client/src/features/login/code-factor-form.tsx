/** An authenticator app's code, or a recovery code, as the second step of a sign-in. */
import type { JSX } from 'react';

export function CodeFactorForm(_props: { method: 'totp' | 'recovery' }): JSX.Element | null {
  return null;
}
