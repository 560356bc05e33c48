/**
 * On a nearly full disk the embedded server pauses changes with a clear 507 and changes nothing,
 * keeps reading and signing in, and resumes by itself once space is free again.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { openRuntime, type Runtime } from '../runtime.ts';
import { createUser, signIn, testConfig } from '../../test/helpers/test-app.ts';
import { DISK_FULL_MESSAGE } from './disk-guard.ts';

let dataDir: string;
let runtime: Runtime;
let app: FastifyInstance;
let cookie: string;
let free = 1024 * 1024 * 1024;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'stockledger-disk-'));
  runtime = await openRuntime({ databaseUrl: null, dataDir });
  app = await buildApp({
    config: testConfig({ dataDir, minFreeDiskMb: 64 }),
    store: runtime.store,
    engine: 'pglite',
    logger: false,
    freeSpace: async () => free,
  });
  await app.ready();
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  cookie = await signIn(app, 'boss@example.com', 'boss password');
});
afterAll(async () => {
  await app.close();
  await runtime.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const newProject = () =>
  app.inject({
    method: 'POST',
    url: '/api/projects',
    headers: { cookie },
    payload: { project_name: 'Disk', project_customer: null, project_number: `D-${Math.random()}`.slice(0, 10) },
  });
const projects = async () => (await app.inject({ method: 'GET', url: '/api/projects', headers: { cookie } })).json();
const settle = () => new Promise((resolve) => setTimeout(resolve, 1100));

describe('a nearly full disk under DATA_DIR', () => {
  it('refuses changes with 507 and changes nothing, keeps reading and signing in, and resumes when space is back', async () => {
    expect((await newProject()).statusCode).toBe(201);
    free = 10 * 1024 * 1024;
    await settle();
    const before = await projects();
    const refused = await newProject();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual({ error: 'DISK_FULL', message: DISK_FULL_MESSAGE });
    expect(await projects()).toEqual(before);
    expect((await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'boss@example.com', password: 'boss password' } })).statusCode).toBe(200);
    free = 1024 * 1024 * 1024;
    await settle();
    expect((await newProject()).statusCode).toBe(201);
  });
});
