/**
 * The installable app as the server hands it out: the page, the service worker, its Workbox
 * runtime and the manifest are revalidated on every load (so a release reaches installed apps),
 * the hashed assets are kept for a year, every file goes out as its build-time Brotli or gzip copy
 * when the browser takes one, the manifest has its own content type, and the content security
 * policy lets the worker and the manifest load from the site itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { testConfig } from '../../test/helpers/test-app.ts';
import { precompressDir } from '../../scripts/vite-precompress.ts';
import { buildApp } from '../app.ts';
import { IMMUTABLE } from './client.ts';

/** Big enough to be worth compressing, as every real asset is. */
const SCRIPT = `export const rows = [${Array.from({ length: 400 }, (_, i) => `{ id: ${i}, name: "row ${i}" }`).join(', ')}];\n`;
const PAGE = `<!doctype html><title>StockLedger</title>${'<meta name="x" content="padding">'.repeat(60)}`;

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'stockledger-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  mkdirSync(path.join(dist, 'icons'));
  writeFileSync(path.join(dist, 'index.html'), PAGE);
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dist, 'workbox-2fbc6a65.js'), '/* workbox */');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"StockLedger"}');
  writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), SCRIPT);
  writeFileSync(path.join(dist, 'assets', 'tiny-def456.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'icons', 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await precompressDir(dist);
  runtime = await openTestRuntime();
  app = await buildApp({ config: testConfig(), store: runtime.store, engine: runtime.database.engine, logger: false, clientDir: dist });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url });

describe('the installable app is served to be revalidated', () => {
  it.each(['/sw.js', '/workbox-2fbc6a65.js', '/manifest.webmanifest', '/index.html'])('%s: no-cache', async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a page the client routes (and the start URL) with index.html, no-cache', async () => {
    for (const url of ['/', '/projects/abc/dashboard']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('gives the service worker a JavaScript type and the manifest its own', async () => {
    expect((await get('/sw.js')).headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect((await get('/manifest.webmanifest')).headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect((await get('/icons/icon-192.png')).headers['content-type']).toBe('image/png');
  });

  it('keeps the unhashed files (icons) an hour', async () => {
    expect((await get('/icons/icon-192.png')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('never answers a compressed copy without saying so', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/main-abc123.js', headers: { 'accept-encoding': 'identity' } });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe(SCRIPT);
  });

  it('has a content security policy that lets the worker and the manifest load from the site', async () => {
    const csp = String((await get('/')).headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    // worker-src and manifest-src fall back to script-src and default-src: both must allow 'self'.
    expect(directive('worker-src') ?? directive('script-src')).toContain("'self'");
    expect(directive('manifest-src') ?? directive('default-src')).toContain("'self'");
  });

  it('never answers an API path with the page', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('hashed assets are sent compressed and kept for a year', () => {
  const fetchWith = (url: string, acceptEncoding: string) => app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

  it('sends the Brotli copy to a browser that takes it, immutable for a year', async () => {
    const response = await fetchWith('/assets/main-abc123.js', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(String(response.headers.vary)).toMatch(/accept-encoding/i);
    expect(Number(response.headers['content-length'])).toBeLessThan(SCRIPT.length / 3);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser that takes only gzip', async () => {
    const response = await fetchWith('/assets/main-abc123.js', 'gzip, deflate');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(SCRIPT);
  });

  it('keeps a hashed asset too small to compress for a year all the same', async () => {
    const response = await fetchWith('/assets/tiny-def456.js', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('sends the page compressed too, but to be revalidated', async () => {
    for (const url of ['/', '/index.html', '/dashboard']) {
      const response = await fetchWith(url, 'br');
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
    }
  });
});
