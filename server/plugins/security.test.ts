/**
 * Security headers on pages and API answers, and the origin check: a page of another site (another
 * port of the same host included) can neither change anything with a signed-in browser's cookies
 * nor open its websocket.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { CROSS_SITE_MESSAGE, uploadOrigins } from './security.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let cookie: string;
const PUBLIC = 'http://stock.example.test:8080';

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime, { publicUrl: PUBLIC, allowedOrigins: ['http://localhost:5173'] });
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  cookie = await signIn(app, 'boss@example.com', 'boss password');
});
afterAll(async () => {
  await app?.close();
  await runtime?.close();
});

const newProject = (origin?: string, host = 'stock.example.test:8080') =>
  app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie, host, ...(origin ? { origin } : {}) },
    payload: { project_name: `P ${Math.random()}`, project_customer: 'C', project_number: `N-${Math.random()}`.slice(0, 12) },
  });

describe('security headers', () => {
  it('answers every request with a content security policy, no framing, no sniffing and a strict referrer', async () => {
    const response = await app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // WebAssembly (the camera's code reader) may compile; string eval stays refused.
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    // The same on answers no route gave and on refusals.
    for (const other of [
      await app.inject({ method: 'GET', url: '/api/no-such-thing' }),
      await app.inject({ method: 'POST', url: '/api/login', payload: {} }),
    ]) {
      expect(other.statusCode).toBeGreaterThanOrEqual(400);
      expect(other.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
      expect(other.headers['x-frame-options']).toBe('DENY');
    }
  });

  it('sends HSTS only when the public address is HTTPS', async () => {
    expect((await app.inject({ method: 'GET', url: '/healthz' })).headers['strict-transport-security']).toBeUndefined();
    const secure = await buildTestApp(runtime, { publicUrl: 'https://stock.example.test' });
    try {
      const response = await secure.inject({ method: 'GET', url: '/healthz' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });

  it('lets the configured extra origins be reached by the page (the dev server)', async () => {
    const csp = String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
    expect(csp).toContain("connect-src 'self' http://localhost:5173");
  });
});

describe('uploads to S3 under the policy', () => {
  it('lets the page post files to the bucket, path or host style, and to nowhere else when files are local', () => {
    const base = { kind: 's3' as const, bucket: 'labels', region: 'eu-west-1', accessKeyId: null, secretAccessKey: null, maxUploadBytes: 1 };
    expect(uploadOrigins({ ...base, endpoint: 'http://127.0.0.1:9000', forcePathStyle: true })).toEqual([
      'http://127.0.0.1:9000',
      'http://labels.127.0.0.1:9000',
    ]);
    expect(uploadOrigins({ ...base, endpoint: null, forcePathStyle: false })).toEqual([
      'https://labels.s3.eu-west-1.amazonaws.com',
      'https://s3.eu-west-1.amazonaws.com',
    ]);
    expect(uploadOrigins({ kind: 'local', dataDir: '/tmp', maxUploadBytes: 1 })).toEqual([]);
  });
});

describe('origin check on state-changing requests', () => {
  it('accepts the public origin, a configured origin, the same origin and programs that send none', async () => {
    expect((await newProject(PUBLIC)).statusCode).toBe(201);
    expect((await newProject('http://localhost:5173')).statusCode).toBe(201);
    expect((await newProject('http://127.0.0.1:4321', '127.0.0.1:4321')).statusCode).toBe(201);
    expect((await newProject()).statusCode).toBe(201);
  });

  it('refuses another site and another port of the same host, and changes nothing', async () => {
    const before = (await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).json();
    for (const origin of ['http://evil.example', 'http://stock.example.test:9090', 'http://localhost:8080', 'null']) {
      const response = await newProject(origin);
      expect(response.statusCode, origin).toBe(403);
      expect(response.json()).toEqual({ error: 'FORBIDDEN', message: CROSS_SITE_MESSAGE });
    }
    const after = (await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).json();
    expect(after).toEqual(before);
  });

  it('refuses a cross-site sign-in too, so a page cannot sign a browser into another account', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'http://evil.example' },
      payload: { email: 'boss@example.com', password: 'boss password' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.cookies).toHaveLength(0);
  });

  it('leaves reads alone: a cross-site GET cannot read the answer anyway', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie, origin: 'http://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('origin check on the websocket handshake', () => {
  let url: string;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/ws`;
  });

  const handshake = (origin: string) =>
    new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url, { headers: { cookie, origin } });
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
      socket.on('unexpected-response', (request, response) => {
        request.destroy();
        resolve(response.statusCode ?? 0);
      });
      socket.on('error', reject);
    });

  it('opens for the page of this server and refuses another site or port', async () => {
    expect(await handshake(PUBLIC)).toBe(101);
    expect(await handshake(url.replace('ws://', 'http://').replace('/ws', ''))).toBe(101);
    expect(await handshake('http://evil.example')).toBe(403);
    expect(await handshake('http://127.0.0.1:1')).toBe(403);
  });
});
