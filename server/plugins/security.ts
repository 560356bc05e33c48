/**
 * Browser-facing defences: security headers on every answer (a content security policy the built
 * client satisfies, no framing, no sniffing, a strict referrer, HSTS when served over HTTPS), and an
 * origin check on every state-changing request and every websocket handshake, so a page of another
 * site, even another port of the same host, cannot act with a signed-in browser's cookies.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { StorageConfig } from '../storage/storage-config.ts';
import { bearerToken } from './auth.ts';

/** Methods that change nothing: no origin check, no disk guard. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_MESSAGE = 'Requests from another site are not allowed.';

/** `https://host:port` of a URL, or null when it is not one. */
function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.origin === 'null' ? null : parsed.origin;
  } catch {
    return null;
  }
}

/**
 * Whether a browser request's `Origin` may drive this server: the public address, an origin allowed
 * by configuration, or the very host the request was sent to (the same origin, whatever address the
 * server is reached by). Requests without `Origin` come from programs, not pages: browsers always
 * send it on cross-origin requests, on every POST/PUT/PATCH/DELETE and on websocket handshakes.
 */
export function originAllowed(request: FastifyRequest, allowed: ReadonlySet<string>): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  const host = request.headers.host;
  const own = originOf(origin);
  return host !== undefined && own !== null && new URL(own).host === host;
}

/** Where the browser POSTs uploads when files live in S3: the bucket's address, path or host style. */
export function uploadOrigins(storage: StorageConfig): string[] {
  if (storage.kind !== 's3') return [];
  if (storage.endpoint) {
    const endpoint = new URL(storage.endpoint);
    return [endpoint.origin, `${endpoint.protocol}//${storage.bucket}.${endpoint.host}`];
  }
  return [`https://${storage.bucket}.s3.${storage.region}.amazonaws.com`, `https://s3.${storage.region}.amazonaws.com`];
}

async function securityPlugin(app: FastifyInstance): Promise<void> {
  const publicOrigin = originOf(app.config.publicUrl);
  const allowed = new Set([publicOrigin, ...app.config.allowedOrigins.map(originOf)].filter((o): o is string => o !== null));
  const https = app.config.publicUrl.startsWith('https://');

  // Built once: the headers are the same on every answer. (The Fastify wrapper of helmet built the
  // middleware, parsing the whole policy again, on every request: 3% of the server's time under load.)
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The camera's code reader is WebAssembly, compiled from the app's own bundled .wasm file.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // The component library sets its theme variables in <style> elements and style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...app.config.allowedOrigins, ...uploadOrigins(app.config.storage)],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Only where the browser reached us over HTTPS; over plain HTTP the header would be ignored anyway.
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  // It sets the headers and calls on synchronously; since helmet 8.1 it throws rather than passing an error on.
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));

  // preValidation, not onRequest: by then the websocket plugin has marked an upgrade as one, so a
  // refused handshake's socket is closed after the 403 like any other finished upgrade request.
  app.addHook('preValidation', async (request, reply) => {
    const path = request.url;
    const isSocket = path === '/ws' || path.startsWith('/ws/') || path.startsWith('/ws?');
    if (SAFE_METHODS.has(request.method) && !isSocket) return;
    // The check guards ambient credentials (cookies a browser adds by itself). A bearer token is sent
    // only by whoever holds it, and then decides alone (auth.ts): there is nothing to forge.
    if (!isSocket && bearerToken(request) !== undefined) return;
    if (originAllowed(request, allowed)) return;
    request.log.warn({ origin: request.headers.origin, url: path }, 'cross-site request refused');
    return reply.code(403).send({ error: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['db'] });
