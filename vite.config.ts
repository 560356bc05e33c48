import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  root: 'client',
  plugins: [react()],
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
