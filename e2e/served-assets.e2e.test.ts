/**
 * The built client as the server sends it: every content-hashed file compressed (Brotli to a
 * browser that takes it, else gzip) and kept by the browser for a year; the page revalidated.
 * Fails when a build or a server change drops either, on any asset of the real build.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from './helpers/server.ts';

const ASSETS = path.resolve(import.meta.dirname, '..', 'client', 'dist', 'assets');
const COMPRESSIBLE = /\.(?:js|css|wasm|svg|json|ttf)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server?.stop();
});

/** The build's own files (not the compressed copies beside them) worth compressing. */
function builtAssets(): string[] {
  return readdirSync(ASSETS).filter((name) => COMPRESSIBLE.test(name) && statSync(path.join(ASSETS, name)).size >= 1024);
}

async function headersOf(url: string, acceptEncoding: string, cookie?: string) {
  // fetch would decompress; only the headers and the size on the wire matter here.
  const response = await fetch(url, { headers: { 'accept-encoding': acceptEncoding, ...(cookie ? { cookie } : {}) } });
  const wire = Number(response.headers.get('content-length'));
  await response.body?.cancel();
  return { status: response.status, encoding: response.headers.get('content-encoding'), cache: response.headers.get('cache-control'), wire };
}

describe('the built client on the wire', () => {
  it('sends every hashed script, style sheet and WebAssembly file compressed and immutable', async () => {
    const names = builtAssets();
    expect(names.some((n) => n.endsWith('.js'))).toBe(true);
    expect(names.some((n) => n.endsWith('.css'))).toBe(true);
    for (const name of names) {
      const size = statSync(path.join(ASSETS, name)).size;
      const br = await headersOf(`${server.url}/assets/${name}`, 'gzip, deflate, br');
      expect({ name, status: br.status, encoding: br.encoding, cache: br.cache }).toEqual({ name, status: 200, encoding: 'br', cache: IMMUTABLE });
      expect(br.wire).toBeLessThan(size);
      const gzip = await headersOf(`${server.url}/assets/${name}`, 'gzip, deflate');
      expect({ name, encoding: gzip.encoding, cache: gzip.cache }).toEqual({ name, encoding: 'gzip', cache: IMMUTABLE });
    }
  });

  it('sends the page compressed and to be revalidated, naming only hashed assets', async () => {
    const page = await headersOf(`${server.url}/login`, 'gzip, deflate, br');
    expect(page).toMatchObject({ status: 200, encoding: 'br', cache: 'no-cache' });
    const html = await (await fetch(`${server.url}/login`)).text();
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const url of named) expect((await headersOf(`${server.url}${url}`, 'br')).cache).toBe(IMMUTABLE);
  });

  it("gives a visit with a session cookie the page that preloads the frame's and the dashboard's chunks, and others the plain page", async () => {
    const preloads = (html: string) => [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    const plain = await fetch(`${server.url}/dashboard`);
    const signedIn = await fetch(`${server.url}/dashboard`, { headers: { cookie: 'sl_access=whatever-it-holds' } });
    for (const response of [plain, signedIn]) {
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('vary')).toMatch(/cookie/i);
    }
    const plainPreloads = preloads(await plain.text());
    const signedInPreloads = preloads(await signedIn.text());
    expect(plainPreloads.filter((url) => /\/(?:frame|landing)-/.test(url))).toEqual([]);
    expect(signedInPreloads.filter((url) => /\/(?:frame|landing)-/.test(url))).toHaveLength(2);
    // The boot chunk and what it needs, once: the signed-in page adds to the plain page's list.
    expect(signedInPreloads.slice(0, plainPreloads.length)).toEqual(plainPreloads);
    expect(new Set(signedInPreloads).size).toBe(signedInPreloads.length);
    for (const url of signedInPreloads) expect((await headersOf(`${server.url}${url}`, 'br')).cache).toBe(IMMUTABLE);
    // Compressed and revalidated as the plain page is.
    expect(await headersOf(`${server.url}/dashboard`, 'gzip, deflate, br', 'sl_access=whatever-it-holds')).toMatchObject({
      status: 200,
      encoding: 'br',
      cache: 'no-cache',
    });
  });
});
