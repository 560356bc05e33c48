/**
 * One error shape for every failure: `{ error, message }`. Validation names the field in words and
 * adds its path as `field`; domain errors carry the spec's message; nothing internal (stack, SQL)
 * reaches a client.
 */
import { SERVER_FAILED } from '../../contract/messages.ts';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DomainError, pgErrorCode } from '../../ledger/errors.ts';
import { fieldLabel, type ErrorBody } from '../../contract/errors.ts';
import { FieldError } from '../field-error.ts';

// Connection failures and server shutdowns: the database is away, not the request at fault.
const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08003', '08006', '08001', '08004']);

// query_canceled: the statement ran past the server's statement timeout.
const STATEMENT_TIMEOUT = '57014';

function isDatabaseUnavailable(error: unknown): boolean {
  const code = pgErrorCode(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  const message = error instanceof Error ? error.message : '';
  return /Connection terminated|timeout exceeded when trying to connect|connect ECONNREFUSED/i.test(message);
}

// zod's own wording ("Invalid UUID", "Too big: …") names no field; ours ("Part name is too long …") does.
const ZOD_DEFAULT_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized|Expected)/;

/** The first refused input as one sentence naming it, and its path for the form. */
export function validationAnswer(issues: ReadonlyArray<{ instancePath?: string; message?: string }>, where: string): ErrorBody {
  const first = issues[0];
  const path = (first?.instancePath ?? '').split('/').filter(Boolean);
  const field = path.length > 0 ? path.join('.') : where;
  const message = first?.message ?? 'The request is not valid.';
  const sentence = ZOD_DEFAULT_MESSAGE.test(message) ? `${fieldLabel(field)} is not valid (${message.charAt(0).toLowerCase()}${message.slice(1)}).` : message;
  return { error: 'VALIDATION', message: sentence, field };
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = (error.validationContext ?? 'body').replace('querystring', 'query');
      return reply.code(400).send(validationAnswer(error.validation, where));
    }
    if (error instanceof FieldError) {
      return reply.code(error.status).send({ error: error.code, message: error.message, field: error.field });
    }
    if (error instanceof DomainError) {
      return reply.code(error.status).send({ error: error.code, message: error.message, ...(error.field ? { field: error.field } : {}) });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ error: 'PAYLOAD_TOO_LARGE', message: `The request body is larger than the limit of ${app.initialConfig.bodyLimit} bytes.` });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && error.statusCode === 400)) {
      return reply.code(400).send({ error: 'INVALID_JSON', message: 'The request body is not valid JSON.' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Send the request body as application/json.' });
    }
    if (pgErrorCode(error) === STATEMENT_TIMEOUT) {
      request.log.error({ err: error }, 'database too slow');
      return reply.code(503).send({ error: 'UNAVAILABLE', message: 'The database took too long to answer. Please try again in a moment.' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply.code(503).send({ error: 'UNAVAILABLE', message: 'The database is unavailable right now. Please try again in a moment.' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      return reply.code(status).send({ error: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ error: 'INTERNAL', message: SERVER_FAILED });
  });
}
