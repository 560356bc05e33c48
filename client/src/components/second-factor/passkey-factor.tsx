/** A passkey as the second step of a sign-in. */
import type { JSX } from 'react';

export function PasskeyFactor(): JSX.Element | null {
  return null;
}
