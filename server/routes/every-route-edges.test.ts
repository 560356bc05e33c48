/**
 * Every route, read from the OpenAPI document, given hostile values in each of its inputs (a NUL,
 * a lone surrogate, an enormous number, a fraction, a 100,000-character text): none answers 500,
 * and every 400 is the API's error shape naming a field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { buildTestApp, createUser, signIn } from '../../test/helpers/test-app.ts';
import { createProject } from '../projects/project-commands.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { type DocumentedOperation, documentedOperations, isNumeric, type JsonSchema } from '../../test/helpers/openapi.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
let boss: string;
let projectId: string;
let operations: DocumentedOperation[];

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  await createUser(runtime, 'boss@example.com', 'boss password', 'superadmin');
  boss = await signIn(app, 'boss@example.com', 'boss password');
  projectId = await createProject(runtime.store, { name: 'Edges', customer: null, number: 'E-1' }, { metadata: SYSTEM_ACTOR });
  operations = await documentedOperations(app);
});
afterAll(async () => {
  await app.close();
  await runtime.close();
});

const HOSTILE: Array<{ name: string; text: string; number: unknown }> = [
  { name: 'a NUL', text: 'x\u0000y', number: 'x\u0000' },
  { name: 'a lone surrogate', text: 'x\ud800y', number: '\udc00' },
  { name: 'an enormous number', text: '1e308', number: 1e308 },
  { name: 'a number past 32 bits', text: '2147483648', number: 2147483648 },
  { name: 'a fraction', text: '1.5', number: 1.5 },
  { name: 'a 100,000-character text', text: 'x'.repeat(100_000), number: 'x'.repeat(100_000) },
];

/** A valid-looking value for each field, except one, which is hostile. */
function bodyWith(schema: JsonSchema, target: string, value: { text: string; number: unknown }): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    if (name === target) body[name] = isNumeric(field) ? value.number : value.text;
    else if (name === 'project_id') body[name] = projectId;
    else if (isNumeric(field)) body[name] = 1;
    else if (field.type === 'boolean') body[name] = true;
    else if (field.type === 'array') body[name] = [projectId];
    else body[name] = 'P-1';
  }
  return body;
}

const queryValue = (text: string) => encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')).concat(text.match(/[\ud800-\udfff]/) ? '%ED%A0%80' : '');

describe('no route answers 500 to a hostile input', () => {
  for (const hostile of HOSTILE) {
    it(`in any path, query or body field: ${hostile.name}`, async () => {
      const failures: string[] = [];
      const check = async (label: string, request: InjectOptions) => {
        const response = await app.inject({ ...request, headers: { cookie: boss } });
        if (response.statusCode >= 500) failures.push(`${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        if (response.statusCode === 400) {
          const body = response.json();
          if (typeof body.message !== 'string' || typeof body.error !== 'string')
            failures.push(`${label}: 400 without the error shape: ${response.body.slice(0, 200)}`);
        }
      };
      for (const { method, path, operation } of operations) {
        if (path.startsWith('/api/docs') || path === '/api/logout') continue;
        const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
        const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
        const fill = (target?: string) =>
          path.replace(/\{(\w+)\}/g, (_, name: string) =>
            name === target ? queryValue(hostile.text) : name === 'action' ? 'assign' : name === 'id' || name === 'projectId' ? projectId : 'P-1',
          );
        const baseQuery = (target?: string) =>
          queryParams
            .map(
              (p) =>
                `${p.name}=${p.name === target ? queryValue(hostile.text) : p.name === 'project_id' ? projectId : p.name === 'format' ? 'json' : isNumeric(p.schema) ? '1' : 'P-1'}`,
            )
            .join('&');
        const jsonSchema = operation.requestBody?.content['application/json']?.schema;
        const body = jsonSchema?.properties ? bodyWith(jsonSchema, '', hostile) : undefined;
        for (const p of pathParams) await check(`${method} ${path} path ${p.name}`, { method, url: `${fill(p.name)}?${baseQuery()}`, payload: body });
        for (const p of queryParams) await check(`${method} ${path} query ${p.name}`, { method, url: `${fill()}?${baseQuery(p.name)}`, payload: body });
        for (const field of Object.keys(jsonSchema?.properties ?? {})) {
          await check(`${method} ${path} body ${field}`, { method, url: `${fill()}?${baseQuery()}`, payload: bodyWith(jsonSchema!, field, hostile) });
        }
      }
      expect(failures).toEqual([]);
    });
  }
});
