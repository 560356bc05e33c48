/**
 * Where sign-in returns to: a protected link opened while signed out (a label's QR code, a shared
 * address) comes back to that page after login instead of the dashboard. Only paths of this site.
 */
export interface ReturnState {
  from?: unknown;
}

export const DEFAULT_AFTER_LOGIN = '/dashboard';

/** The router state that sends sign-in back to `location` afterwards. */
export const returnState = (location: { pathname: string; search: string }): ReturnState => ({ from: `${location.pathname}${location.search}` });

/** The page to open after sign-in, from the router state the guard left. */
export function returnPath(state: unknown): string {
  const from = (state as ReturnState | null)?.from;
  // "//host" would leave the site; "/login" would loop.
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/login')) return DEFAULT_AFTER_LOGIN;
  return from;
}
