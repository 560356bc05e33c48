import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaManifest, SHELL_DENYLIST } from './client/src/app/pwa-manifest.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { chunkGroups } from './scripts/vite-boot-chunk.ts';

const groups = chunkGroups(
  'client/index.html',
  'client/src/app/layout/app-layout.tsx',
  'client/src/app/dashboard-screen.tsx',
  ['client/camera-check.html'],
  [
    'client/src/app/toast-host.tsx',
    'client/src/features/account/auth-page.tsx',
    'client/src/features/account/forgot-password-page.tsx',
    'client/src/features/account/invite-link-page.tsx',
    'client/src/features/home/home-page.tsx',
    'client/src/features/site/maintenance-page.tsx',
  ],
);

export default defineConfig({
  root: 'client',
  plugins: [
    react(),
    // The installable app: a manifest, and a service worker that precaches the built client so the
    // shell loads with no signal. API answers are never cached by it: they belong to one signed-in
    // user, and the app keeps the ones it needs offline in that user's own IndexedDB (client/src/offline).
    VitePWA({
      strategies: 'generateSW',
      registerType: 'prompt',
      // Registered from main.tsx: an inline registration script would break the content security policy.
      injectRegister: false,
      manifest: pwaManifest,
      includeAssets: ['icons/apple-touch-icon.png'],
      workbox: {
        // The manifest and its icons the plugin adds itself.
        globPatterns: ['**/*.{js,css,html,wasm,woff,woff2,ttf}'],
        // The code reader's WebAssembly and the label fonts are a few MB each.
        maximumFileSizeToCacheInBytes: 16 * 1024 * 1024,
        navigateFallback: 'index.html',
        navigateFallbackDenylist: SHELL_DENYLIST,
        cleanupOutdatedCaches: true,
        // The first worker takes the open page at once, so the shell is kept from the first visit; a
        // later version still waits for the person's "Reload" (registerType: 'prompt').
        clientsClaim: true,
        runtimeCaching: [],
      },
    }),
    groups.plugin,
    precompress(),
  ],
  // The browser imports the shapes and rules it shares with the server as @contract/….
  resolve: { alias: { '@contract': fileURLToPath(new URL('./contract', import.meta.url)) } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    // The camera check page: the viewfinder alone, for a person testing a phone and for the browser tests.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./client/index.html', import.meta.url)),
        cameraCheck: fileURLToPath(new URL('./client/camera-check.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', test: groups.boot, priority: 10 },
            // Only the modules named: by default a group also takes every module its modules import, and
            // the frame would take what the toast host shares with it, loading the frame on /login.
            { name: 'frame', test: groups.frame, priority: 9, includeDependenciesRecursively: false },
            { name: 'landing', test: groups.landing, priority: 8, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
      '/ws': { target: 'ws://127.0.0.1:3000', ws: true },
      '/healthz': 'http://127.0.0.1:3000',
    },
  },
});
