/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: the same contract (unknown fields dropped), without running zod over every row of a
 * 5,000-part inventory on every request.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

type Serializer = (data: unknown) => string;

/**
 * A schema's writer depends on the schema alone, so it is built once per process: every app built
 * in the same process (the tests build hundreds) reuses it instead of converting and compiling
 * every route's answer again, a third of a second an app.
 */
const built = new WeakMap<z.ZodType, Serializer>();

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  let serialize = built.get(schema);
  if (!serialize) {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    serialize = fastJson(jsonSchema as Parameters<typeof fastJson>[0]) as Serializer;
    built.set(schema, serialize);
  }
  return serialize;
};
