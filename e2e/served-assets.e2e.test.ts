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

async function headersOf(url: string, acceptEncoding: string) {
  // fetch would decompress; only the headers and the size on the wire matter here.
  const response = await fetch(url, { headers: { 'accept-encoding': acceptEncoding } });
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
});
