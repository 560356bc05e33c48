/**
 * Serves the built client, and index.html for any other GET that a browser navigates to, so the
 * client's router owns the paths. Unknown /api paths answer 404 in the error shape.
 *
 * The files that name the others (the page, the service worker and its Workbox runtime, the web app
 * manifest) are revalidated on every load, so a new release reaches an installed app at once. The
 * build's assets carry a hash of their content in their names, so a browser keeps them for a year
 * without asking again; the few unhashed files (icons) are kept an hour. Each file goes out as the
 * Brotli or gzip copy written at build time when the browser accepts one (scripts/vite-precompress.ts).
 *
 * A navigation that carries a session cookie gets the signed-in copy of the page, which has the
 * frame's and the dashboard's chunks preloaded (scripts/vite-signed-in-page.ts). The cookie is not
 * checked here: one that has expired costs a few chunks fetched early, and the page signs in as ever.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { SIGNED_IN_PAGE } from '../../scripts/vite-signed-in-page.ts';
import { ACCESS_COOKIE } from './auth.ts';

const REVALIDATED = /^(?:index(?:\.signed-in)?\.html|camera-check\.html|sw\.js|workbox-[\w-]+\.js|manifest\.webmanifest)$/;
/** Vite's output directory: every name in it ends in a hash of the content. */
const HASHED_DIR = 'assets';
export const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerClient(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasClient = distDir !== null && existsSync(path.join(distDir, 'index.html'));
  const signedInPage = hasClient && existsSync(path.join(distDir, SIGNED_IN_PAGE)) ? SIGNED_IN_PAGE : 'index.html';
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
      const page = request.cookies[ACCESS_COOKIE] ? signedInPage : 'index.html';
      return reply.header('cache-control', 'no-cache').header('vary', 'cookie').sendFile(page);
    }
    return reply.code(404).send({ error: 'NOT_FOUND', message: `No route for ${request.method} ${url}` });
  });
}
