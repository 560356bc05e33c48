/**
 * The scan calls' paths, and the link a printed asset label's QR code holds: the asset tracker of Warehouse Inventory (assets
 * mode) opened on one instance. Someone signed out is asked to sign in first and then lands there.
 */
export const TRACK_PARAM = 'track';

/** The scan calls, named once for the server's routes and the browser's offline queue. */
export const SCAN_PATHS = {
  resolve: '/api/scan/resolve',
  receive: '/api/scan/assets/receive',
  inUse: '/api/scan/assets/in-use',
} as const;

export function trackerPath(instanceId: string): string {
  return `/warehouses?${new URLSearchParams({ mode: 'assets', [TRACK_PARAM]: instanceId })}`;
}

export function trackerUrl(origin: string, instanceId: string): string {
  return `${origin.replace(/\/+$/, '')}${trackerPath(instanceId)}`;
}
