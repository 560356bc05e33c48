/**
 * Serves the built client, and index.html for any other GET that a browser navigates to, so the
 * client's router owns the paths. Unknown /api paths answer 404 in the error shape.
 *
 * The files that name the others (the page, the service worker and its Workbox runtime, the web app
 * manifest) are revalidated on every load, so a new release reaches an installed app at once. The
 * build's assets carry a hash of their content in their names, so a browser keeps them for a year
 * without asking again; the few unhashed files (icons) are kept an hour. Each file goes out as the
 * Brotli or gzip copy written at build time when the browser accepts one (scripts/vite-precompress.ts).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const REVALIDATED = /^(?:index\.html|camera-check\.html|sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;
/** Vite's output directory: every name in it ends in a hash of the content. */
const HASHED_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerClient(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasClient = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: path.resolve(distDir),
      wildcard: false,
      index: false,
      preCompressed: true,
      maxAge: '1h',
      setHeaders(reply, sentPath) {
        // The path sent may be the compressed copy's: the headers are the file's own.
        const filePath = sentPath.replace(/\.(?:br|gz)$/, '');
        const name = path.basename(filePath);
        const hashed = path.basename(path.dirname(filePath)) === HASHED_DIR;
        if (hashed) reply.header('cache-control', IMMUTABLE);
        else if (REVALIDATED.test(name)) reply.header('cache-control', 'no-cache');
        if (name.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const isApi = url.startsWith('/api/') || url === '/api' || url.startsWith('/ws') || url === '/healthz';
    if (hasClient && request.method === 'GET' && !isApi && !path.extname(url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${url}` });
  });
}
