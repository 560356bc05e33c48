/**
 * The web app manifest and the service worker's navigation rules, read by vite.config.ts and by the
 * tests. Colors are the theme's (client/src/app/theme.ts: Mantine's blue at its light shade, on white).
 */
import type { ManifestOptions } from 'vite-plugin-pwa';

export const PWA_NAME = 'StockLedger';
export const THEME_COLOR = '#228be6';
export const BACKGROUND_COLOR = '#ffffff';

/** Paths that are never the app's page: the service worker lets these reach the server. */
export const SHELL_DENYLIST: RegExp[] = [/^\/api(\/|$)/, /^\/ws(\/|$)/, /^\/healthz(\/|$)/, /^\/camera-check/];

export const pwaManifest: Partial<ManifestOptions> = {
  name: PWA_NAME,
  short_name: PWA_NAME,
  description: 'Materials, assets and labels across projects and warehouses',
  id: '/',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};
