/**
 * Schema-driven fuzzing of every operation in the OpenAPI document, as a signed-in superadmin: bodies
 * that are missing, empty, arrays, malformed JSON, another content type or prototype-polluting; each
 * body field alone with a wrong type, null, a huge text, a negative, zero, enormous or fractional
 * number, or SQL- and script-like text where no free text belongs; each query parameter and path id
 * broken the same ways. Every answer is a 4xx in the API's error shape (a validation answer names its
 * field), none leaks a stack, SQL or a file path, and nothing the API reads has changed afterwards.
 * It reads the document, not a list: a new route is fuzzed the day it is added.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { type DocumentedOperation, documentedOperations, isNumeric, type JsonSchema, typesOf } from '../../test/helpers/openapi.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let projectId: string;
let operations: DocumentedOperation[];

// Sign-out ends the fuzzer's own session; the documentation is static.
const NOT_FUZZED = new Set(['POST /api/logout', 'GET /api/docs', 'GET /api/docs/json']);

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  projectId = await createProject(runtime.store, { name: 'Fuzz', customer: null, number: 'F-1' }, { metadata: SYSTEM_ACTOR });
  await app.inject({
    method: 'POST',
    url: '/api/materials/receive',
    headers: { cookie: boss },
    payload: { project_id: projectId, part_number: 'FZ-1', part_name: 'Fuzzed part', standard_name: 'Fuzzed', quantity: 10 },
  });
  operations = (await documentedOperations(app)).filter((o) => !NOT_FUZZED.has(`${o.method} ${o.path}`));
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const isFreeText = (s: JsonSchema | undefined) => typesOf(s).includes('string') && !s?.format && !s?.enum && !(s?.anyOf ?? []).some((a) => a.format || a.enum);

const HUGE = 'x'.repeat(100_000);
const SQL = "' OR 1=1; DROP TABLE events; --";
const SCRIPT = '<script>alert(1)</script>';

/** Values that no field of this schema accepts. */
function badValuesFor(schema: JsonSchema | undefined): Array<[string, unknown]> {
  const values: Array<[string, unknown]> = [
    ['null', null],
    ['an object', { nested: true }],
    ['an array', [1, 2]],
    ['a NUL', 'a\u0000b'],
    ['a lone surrogate', 'a\ud800b'],
  ];
  if (isNumeric(schema)) {
    values.push(['text', 'twelve'], ['-1', -1], ['1e308', 1e308], ['1.5', 1.5], ['a huge text', HUGE], ['SQL', SQL]);
    if (!typesOf(schema).includes('string')) values.push(['boolean', true]);
  } else if (typesOf(schema).includes('boolean')) {
    values.push(['text', 'yes please'], ['a number', 7]);
  } else {
    values.push(['a number', 12345], ['a boolean', false], ['a huge text', HUGE]);
    if (!isFreeText(schema)) values.push(['SQL', SQL], ['script', SCRIPT]);
  }
  return values;
}

const PATH_VALUES: Array<[string, string]> = [
  ['a non-uuid', 'not-a-uuid'],
  ['an oversized id', 'a'.repeat(5000)],
  ['SQL', encodeURIComponent(SQL)],
  ['a NUL', '%00'],
];
const QUERY_VALUES: Array<[string, string]> = [
  ['a huge text', HUGE],
  ['SQL', encodeURIComponent(SQL)],
  ['a NUL', '%00'],
  ['-1', '-1'],
  ['1e308', '1e308'],
  ['1.5', '1.5'],
  ['an array', 'a&__repeat=b'],
];

/** A request that is valid up to the path: real ids where ids belong. */
function pathOf(path: string, target?: string, value?: string): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => (name === target ? value! : name === 'action' ? 'assign' : /id$/i.test(name) ? projectId : 'FZ-1'));
}

interface Finding {
  label: string;
  problem: string;
}

const LEAKS = /node_modules|\.ts:\d+|\bat [\w.<>]+ \(|syntax error at|relation "|violates|duplicate key|ZodError|pg_|SELECT |INSERT INTO/;

async function probe(findings: Finding[], label: string, request: InjectOptions): Promise<void> {
  const response = await app.inject({ ...request, headers: { cookie: boss, ...request.headers } });
  const status = response.statusCode;
  const text = response.body;
  if (status >= 500) findings.push({ label, problem: `${status} ${text.slice(0, 160)}` });
  else if (status < 400) findings.push({ label, problem: `accepted with ${status}` });
  if (LEAKS.test(text)) findings.push({ label, problem: `leaks internals: ${text.slice(0, 160)}` });
  if (status >= 400 && status !== 404 && status !== 405) {
    let body: { error?: unknown; message?: unknown; field?: unknown };
    try {
      body = response.json();
    } catch {
      findings.push({ label, problem: `${status} is not JSON: ${text.slice(0, 80)}` });
      return;
    }
    if (typeof body.error !== 'string' || typeof body.message !== 'string')
      findings.push({ label, problem: `${status} without {error, message}: ${text.slice(0, 120)}` });
    if (body.error === 'VALIDATION' && typeof body.field !== 'string')
      findings.push({ label, problem: `validation answer names no field: ${text.slice(0, 120)}` });
  }
}

/** What the API reads, reduced to a comparable text: the ledger's length and the main lists. */
async function snapshot(): Promise<string> {
  const { rows } = await sql<{ n: number; last: number | null }>`select count(*)::int as n, max(global_position) as last from events`.execute(runtime.store.db);
  const reads = await Promise.all(
    ['/api/projects', `/api/inventory/materials?project_id=${projectId}`, '/api/users?page=1', `/api/materials/logs?project_id=${projectId}&days=all`].map(
      async (url) => (await app.inject({ method: 'GET', url, headers: { cookie: boss } })).body,
    ),
  );
  return JSON.stringify({ events: rows[0], reads });
}

describe('fuzzing every operation of the OpenAPI document', () => {
  it('answers every bad input with a 4xx in the error shape, leaks nothing, and changes nothing', { timeout: 180_000 }, async () => {
    const before = await snapshot();
    const findings: Finding[] = [];
    let requests = 0;
    const send = async (label: string, request: InjectOptions) => {
      requests += 1;
      await probe(findings, label, request);
    };
    for (const { method, path, operation } of operations) {
      const name = `${method} ${path}`;
      const params = operation.parameters ?? [];
      const required = params.filter((p) => p.in === 'query' && p.required);
      const query = required.map((p) => `${p.name}=${p.name === 'project_id' ? projectId : isNumeric(p.schema) ? '1' : 'FZ-1'}`).join('&');
      const url = `${pathOf(path)}${query ? `?${query}` : ''}`;
      const schema = operation.requestBody?.content['application/json']?.schema;

      for (const p of params.filter((q) => q.in === 'path')) {
        for (const [what, value] of PATH_VALUES)
          await send(`${name}: path ${p.name} ${what}`, {
            method,
            url: `${pathOf(path, p.name, value)}${query ? `?${query}` : ''}`,
            payload: schema ? {} : undefined,
          });
      }
      for (const p of params.filter((q) => q.in === 'query')) {
        // Search text may rightly be anything short of huge or broken: SQL-like text is searched for, safely.
        const values = isFreeText(p.schema) ? QUERY_VALUES.filter(([what]) => ['a huge text', 'a NUL', 'an array'].includes(what)) : QUERY_VALUES;
        for (const [what, value] of values) {
          const others = required.filter((r) => r.name !== p.name).map((r) => `${r.name}=${r.name === 'project_id' ? projectId : 'FZ-1'}`);
          const bad = what === 'an array' ? `${p.name}=a&${p.name}=b` : `${p.name}=${value}`;
          await send(`${name}: query ${p.name} ${what}`, { method, url: `${pathOf(path)}?${[...others, bad].join('&')}`, payload: schema ? {} : undefined });
        }
      }
      if (!schema) continue;
      await send(`${name}: no body`, { method, url, headers: { 'content-type': 'application/json' } });
      await send(`${name}: an empty object`, { method, url, payload: {} });
      await send(`${name}: an array`, { method, url, payload: [] as unknown as object });
      await send(`${name}: malformed JSON`, { method, url, headers: { 'content-type': 'application/json' }, payload: '{"a":' });
      await send(`${name}: text/plain`, { method, url, headers: { 'content-type': 'text/plain' }, payload: 'hello' });
      await send(`${name}: a prototype-polluting body`, {
        method,
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":1}}}',
      });
      await send(`${name}: only an unknown field`, { method, url, payload: { surely_not_a_field: 1 } });
      for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
        for (const [what, value] of badValuesFor(fieldSchema)) await send(`${name}: body ${field} ${what}`, { method, url, payload: { [field]: value } });
      }
    }
    expect(({} as { isAdmin?: boolean }).isAdmin).toBeUndefined();
    expect(await snapshot()).toBe(before);
    expect(requests).toBeGreaterThan(1000);
    expect(findings.map((f) => `${f.label}: ${f.problem}`)).toEqual([]);
  });
});
