/**
 * The edge rules every route inherits from contract/: text without NUL or lone surrogates, whole
 * quantities up to 1,000,000,000, bounded e-mails and CSV cells, and error schemas that never turn
 * a 400 into a 500. Each refusal is a 400 naming the field, and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let projectId: string;

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  projectId = await createProject(runtime.store, { name: 'Edges', customer: null, number: 'E-1' }, { metadata: SYSTEM_ACTOR });
  const seeded = await app.inject({
    method: 'POST',
    url: '/api/materials/receive',
    headers: { cookie: boss },
    payload: { project_id: projectId, part_number: 'BLT-1', quantity: 5, part_name: 'Bolt', standard_name: 'Bolt' },
  });
  expect(seeded.statusCode).toBe(200);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const inventory = async () => (await app.inject({ method: 'GET', url: `/api/inventory/materials?project_id=${projectId}`, headers: { cookie: boss } })).json();
const users = async () => (await app.inject({ method: 'GET', url: '/api/users', headers: { cookie: boss } })).json();
const eventCount = async () =>
  Number(
    (
      await runtime.store.db
        .selectFrom('events')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

function expectRefused(response: LightMyRequestResponse, field: string, message: string | RegExp) {
  expect(response.statusCode).toBe(400);
  const body = response.json();
  expect(body.error).toBe('VALIDATION');
  expect(body.field).toBe(field);
  if (typeof message === 'string') expect(body.message).toBe(message);
  else expect(body.message).toMatch(message);
}

describe('text refuses NUL characters and lone surrogates, naming the field', () => {
  it('in a query parameter', async () => {
    const nul = await app.inject({ method: 'GET', url: `/api/materials/logs?project_id=${projectId}&q=a%00b`, headers: { cookie: boss } });
    expectRefused(nul, 'q', 'Search contains a character that is not allowed.');
    // A URL is UTF-8: the bytes of a lone surrogate are not valid UTF-8, so they arrive as the
    // literal text "%ED%A0%80" and are searched for as such, never reaching the database as a surrogate.
    const surrogate = await app.inject({ method: 'GET', url: `/api/materials/logs?project_id=${projectId}&q=a%ED%A0%80b`, headers: { cookie: boss } });
    expect(surrogate.statusCode).toBe(200);
    expect(surrogate.json().total).toBe(0);
    const picker = await app.inject({ method: 'GET', url: `/api/materials/item?project_id=${projectId}&number=BLT%00`, headers: { cookie: boss } });
    expectRefused(picker, 'number', 'Part number contains a character that is not allowed.');
  });

  it('in a path parameter', async () => {
    const nul = await app.inject({ method: 'GET', url: '/api/users/by-email/boss%00@example.com', headers: { cookie: boss } });
    expectRefused(nul, 'email', 'Email contains a character that is not allowed.');
    const part = await app.inject({
      method: 'PUT',
      url: '/api/materials/BLT%00/stock-warnings',
      headers: { cookie: boss },
      payload: { project_id: projectId, low_threshold: 3 },
    });
    expectRefused(part, 'part', 'Part number contains a character that is not allowed.');
    const surrogate = await app.inject({ method: 'GET', url: '/api/users/by-email/a%ED%A0%80@example.com', headers: { cookie: boss } });
    expectRefused(surrogate, 'path', 'The address contains a character that is not allowed.');
  });

  it('in a body text, with or without a session', async () => {
    const before = await eventCount();
    expectRefused(
      await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'boss\u0000@example.com', password: 'x' } }),
      'email',
      'Email contains a character that is not allowed.',
    );
    expectRefused(
      await app.inject({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email: 'a\ud800@example.com' } }),
      'email',
      'Email contains a character that is not allowed.',
    );
    expectRefused(
      await app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { email: 'boss@example.com', token: '12\u00003456' } }),
      'token',
      'Code contains a character that is not allowed.',
    );
    const receive = await app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: boss },
      payload: { project_id: projectId, part_number: 'NEW-1', quantity: 1, part_name: 'Bad\u0000name', standard_name: 'x' },
    });
    expectRefused(receive, 'part_name', 'Part name contains a character that is not allowed.');
    const project = await app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie: boss },
      payload: { project_name: 'Lone \udc00', project_number: 'X-1' },
    });
    expectRefused(project, 'project_name', 'Project name contains a character that is not allowed.');
    expect(await eventCount()).toBe(before);
  });

  it('in a CSV cell of a bulk upload: the whole file is refused and nothing applied', async () => {
    const before = await inventory();
    const csv = ['Part Number,Part Name,Part Nickname,Quantity', 'NUT-1,Nut,Nut,4', 'NUT-2,Nut\u0000two,Nut,4'].join('\n');
    const response = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${projectId}`,
      headers: { cookie: boss, 'content-type': 'text/csv' },
      payload: csv,
    });
    expectRefused(response, 'csv', 'Row 2: Part Name contains a character that is not allowed.');
    const lone = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${projectId}`,
      headers: { cookie: boss },
      payload: { csv: 'Part Number,Part Name,Part Nickname,Quantity\nN\ud800,Nut,Nut,1' },
    });
    expectRefused(lone, 'csv', 'Row 1: Part Number contains a character that is not allowed.');
    expect(await inventory()).toEqual(before);
  });
});

describe('a quantity is a whole number from 1 to 1,000,000,000', () => {
  const receive = (quantity: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: boss },
      payload: { project_id: projectId, part_number: 'BLT-1', quantity },
    });

  it('refuses 2147483648 and 1e308 as too large, never with a 500', async () => {
    const before = await inventory();
    expectRefused(await receive(2147483648), 'quantity', 'Quantity must be at most 1,000,000,000.');
    expectRefused(await receive(1e308), 'quantity', 'Quantity must be at most 1,000,000,000.');
    // 1e400 is not a JSON number JavaScript can hold: it parses to Infinity.
    const infinite = await app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: boss, 'content-type': 'application/json' },
      payload: `{"project_id":"${projectId}","part_number":"BLT-1","quantity":1e400}`,
    });
    expectRefused(infinite, 'quantity', 'Quantity must be a number.');
    expect(await inventory()).toEqual(before);
  });

  it('refuses 2147483647 twice, and never lets a part grow past what the read tables hold', async () => {
    const before = await inventory();
    for (let attempt = 0; attempt < 2; attempt += 1) expectRefused(await receive(2147483647), 'quantity', 'Quantity must be at most 1,000,000,000.');
    expect(await inventory()).toEqual(before);
    // Within the limit each time, the sum still may not pass 2,147,483,647: the third receive is refused by the rule.
    const big = (n: number) =>
      app.inject({
        method: 'POST',
        url: '/api/materials/receive',
        headers: { cookie: boss },
        payload: { project_id: projectId, part_number: 'BIG-1', quantity: n, part_name: 'Big', standard_name: 'Big' },
      });
    expect((await big(1_000_000_000)).statusCode).toBe(200);
    expect((await big(1_000_000_000)).statusCode).toBe(200);
    const third = await big(1_000_000_000);
    expect(third.statusCode).toBe(422);
    expect(third.json().message).toBe("This would take the part's stock past 2,147,483,647, the most a part can hold.");
    // The part still takes movements afterwards: nothing was bricked.
    expect((await big(1)).statusCode).toBe(200);
  });

  it('calls 1.5 not a whole number, not "greater than zero"', async () => {
    const before = await inventory();
    expectRefused(await receive(1.5), 'quantity', 'Quantity must be a whole number.');
    const lost = await app.inject({
      method: 'POST',
      url: '/api/materials/lost',
      headers: { cookie: boss },
      payload: { project_id: projectId, part_number: 'BLT-1', quantity: '1.5' },
    });
    expectRefused(lost, 'quantity', 'Quantity must be a whole number.');
    expect(await inventory()).toEqual(before);
  });

  it('marks a bulk row past the limit invalid', async () => {
    const csv = ['Part Number,Part Name,Part Nickname,Quantity', 'BLT-1,Bolt,Bolt,2147483648'].join('\n');
    const response = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${projectId}`,
      headers: { cookie: boss, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(response.json().results).toEqual([
      { row: 1, part_number: 'BLT-1', quantity: 2147483648, status: 'Invalid row', on_hand_before: null, on_hand_after: null },
    ]);
  });
});

describe('every string has a maximum length', () => {
  it('refuses a 100,000-character e-mail in an invitation, and invites no one', async () => {
    const before = await users();
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: { cookie: boss },
      payload: { first_name: 'Long', last_name: 'Address', email: `${'x'.repeat(100_000)}@example.com` },
    });
    expectRefused(response, 'email', 'Email is too long (at most 254 characters).');
    expect(await users()).toEqual(before);
  });

  it('marks a bulk row with a 100,000-character part number invalid, as the forms would refuse it', async () => {
    const before = await inventory();
    const csv = ['Part Number,Part Name,Part Nickname,Quantity', `${'P'.repeat(100_000)},Long,Long,1`].join('\n');
    const response = await app.inject({
      method: 'POST',
      url: `/api/materials/bulk?project_id=${projectId}`,
      headers: { cookie: boss, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results[0].status).toBe('Invalid row');
    expect(await inventory()).toEqual(before);
    const form = await app.inject({
      method: 'POST',
      url: '/api/materials/receive',
      headers: { cookie: boss },
      payload: { project_id: projectId, part_number: 'P'.repeat(101), quantity: 1 },
    });
    expectRefused(form, 'part_number', 'Part number is too long (at most 100 characters).');
  });
});

describe('an error answer is never turned into a 500 by its own schema', () => {
  it('answers every bad update-password body with a 400 naming the password', async () => {
    const before = await eventCount();
    const update = (payload: object) => app.inject({ method: 'POST', url: '/api/auth/update-password', headers: { cookie: boss }, payload });
    expectRefused(await update({}), 'password', 'Password is required');
    expectRefused(await update({ password: 12345678 }), 'password', 'Password must be text.');
    expectRefused(await update({ password: 'short' }), 'password', 'Password must be at least 8 characters');
    expectRefused(await update({ password: 'x'.repeat(1025) }), 'password', 'Password is too long (at most 1,024 characters).');
    expectRefused(await update({ password: 'long enough\u0000' }), 'password', 'Password contains a character that is not allowed.');
    expect(await eventCount()).toBe(before);
    expect((await app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: boss } })).statusCode).toBe(200);
  });
});
