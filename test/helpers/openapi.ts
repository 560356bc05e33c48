/**
 * The API's own OpenAPI document, read by the tests that must cover every operation (the fuzz
 * suite, the hostile-value walk and the permission matrix): a route added tomorrow is covered
 * the day it is added.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
}
export interface Operation {
  parameters?: Array<{ name: string; in: 'query' | 'path'; required?: boolean; schema?: JsonSchema }>;
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export type Method = NonNullable<InjectOptions['method']>;
export interface DocumentedOperation {
  method: Method;
  path: string;
  operation: Operation;
}

export async function documentedOperations(app: FastifyInstance): Promise<DocumentedOperation[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase() as Method, path, operation })),
  );
}

export const typesOf = (schema: JsonSchema | undefined): string[] =>
  [schema?.type, ...(schema?.anyOf ?? []).map((s) => s.type)].flat().filter((t): t is string => typeof t === 'string');
export const isNumeric = (schema: JsonSchema | undefined) => typesOf(schema).some((t) => t === 'number' || t === 'integer');
