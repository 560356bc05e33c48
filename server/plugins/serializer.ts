/**
 * Responses are written by fast-json-stringify from the JSON Schema of each route's zod response
 * schema: the same contract (unknown fields dropped), without running zod over every row of a
 * 5,000-part inventory on every request.
 */
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) return (data: unknown) => JSON.stringify(data);
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
