/**
 * Limits on a request body as it arrives, so that a body past its limit costs the server only the
 * bytes up to the limit: counted as they come, refused the moment they pass it, and the connection
 * closed with the answer so the rest is never read.
 */
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Transform } from 'node:stream';

/** A multipart upload whose form holds no file part. */
export const NO_FILE = 'The upload has no file.';

/** Room for a multipart form's fields, part headers and boundaries around its one file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body is larger than the limit of ${maxBytes} bytes.`);
    this.name = 'BodyTooLargeError';
  }
}

/** Passes bytes on until more than `maxBytes` went through, then fails with BodyTooLargeError. */
export function byteLimit(maxBytes: number): Transform {
  let passed = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      passed += chunk.length;
      if (passed > maxBytes) done(new BodyTooLargeError(maxBytes));
      else done(null, chunk);
    },
  });
}

/**
 * Counts a request's body as it arrives, whoever reads it; the promise rejects with
 * BodyTooLargeError once more than `maxBytes` arrived (and otherwise never settles). Start it in the
 * same turn as the body's reader (a multipart parser) so no chunk goes by uncounted.
 */
export function watchBodySize(raw: IncomingMessage, maxBytes: number): Promise<never> {
  return new Promise<never>((_resolve, reject) => {
    let received = 0;
    const count = (chunk: Buffer) => {
      received += chunk.length;
      if (received <= maxBytes) return;
      raw.off('data', count);
      reject(new BodyTooLargeError(maxBytes));
    };
    raw.on('data', count);
  });
}

// How long, and for how many more bytes, a connection answered early stays open: long enough for
// the client to read the answer before the connection is cut (a cut with bytes still arriving is a
// reset, which can take the unread answer with it), too short to send much more.
const LINGER_MS = 2000;
const LINGER_BYTES = 4 * 1024 * 1024;

/**
 * An answer sent before its request's body has all arrived (a refusal, a limit passed) ends the
 * connection. Kept open, Node would read the rest of the body, however large, to reach the next
 * request on the connection. The end is a lingering close: the answer and then the end of the
 * server's side go out at once, and whatever the client still sends is dropped until it stops or
 * the linger is over, when the connection is cut. (Answered with `Connection: close`, Node would
 * cut it the moment the answer is out, so that header, which Fastify sets on its own body-limit
 * answers, is taken off: the end of the connection says the same.)
 */
export function closeConnectionsAnsweredEarly(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete === false) {
      reply.removeHeader('connection');
      lingeringClose(request.raw, reply.raw);
    }
    done(null, payload);
  });
}

function lingeringClose(request: IncomingMessage, response: ServerResponse): void {
  const socket = request.socket;
  let dropped = 0;
  const cut = () => socket.destroy();
  request.unpipe();
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) cut();
  });
  request.resume();
  response.once('finish', () => {
    socket.end();
    setTimeout(cut, LINGER_MS).unref();
  });
}
