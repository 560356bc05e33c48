/**
 * The link a printed asset label's QR code holds: the asset tracker of Warehouse Inventory (assets
 * mode) opened on one instance. Someone signed out is asked to sign in first and then lands there.
 */
export const TRACK_PARAM = 'track';

export function trackerPath(instanceId: string): string {
  return `/warehouses?${new URLSearchParams({ mode: 'assets', [TRACK_PARAM]: instanceId })}`;
}

export function trackerUrl(origin: string, instanceId: string): string {
  return `${origin.replace(/\/+$/, '')}${trackerPath(instanceId)}`;
}
