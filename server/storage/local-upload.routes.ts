/**
 * The local store's upload endpoint, standing in for S3's browser POST: multipart form data whose
 * fields (key, Content-Type, policy, signature) come before the file. The signature, not a session,
 * is the permission, as with S3. A body announced larger than the cap is refused before it is
 * read, and a file growing past its policy's limit is cut off and removed, so a huge upload costs
 * the server neither memory nor disk and other requests keep being served.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import multipart from '@fastify/multipart';
import { Transform } from 'node:stream';
import { LOCAL_UPLOAD_PATH, type LocalFileStore } from './local-store.ts';

// Room for the form fields and multipart boundaries around the file itself.
const FORM_OVERHEAD_BYTES = 64 * 1024;

class UploadTooLarge extends Error {}

function refuse(reply: FastifyReply, status: number, error: string, message: string) {
  // Closing the connection stops a client that is still sending a body we will not read.
  if (status === 413) reply.header('connection', 'close');
  return reply.code(status).send({ error, message });
}

export async function localUploadRoutes(app: FastifyInstance, options: { store: LocalFileStore; maxUploadBytes: number }): Promise<void> {
  const { store, maxUploadBytes } = options;
  await app.register(multipart, { limits: { fileSize: maxUploadBytes, files: 1, fields: 10, fieldSize: 8 * 1024, parts: 12 } });

  app.post(LOCAL_UPLOAD_PATH, { schema: { hide: true } }, async (request, reply) => {
    const announced = Number(request.headers['content-length'] ?? 0);
    if (announced > maxUploadBytes + FORM_OVERHEAD_BYTES)
      return refuse(reply, 413, 'PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${maxUploadBytes} bytes.`);
    if (!request.isMultipart()) return refuse(reply, 400, 'VALIDATION', 'The upload must be multipart form data.');

    const part = await request.file();
    if (!part) return refuse(reply, 400, 'VALIDATION', 'The upload has no file.');
    const field = (name: string): string | undefined => {
      const value = part.fields[name];
      return value && !Array.isArray(value) && value.type === 'field' ? String(value.value) : undefined;
    };
    const check = await store.checkPolicy(field('policy'), field('signature'));
    if (!check.ok) {
      part.file.resume();
      return refuse(reply, 403, 'FORBIDDEN', check.reason === 'expired' ? 'The upload link has expired.' : 'The upload is not allowed.');
    }
    const { policy } = check;
    if (field('key') !== policy.key || field('Content-Type') !== policy.contentType) {
      part.file.resume();
      return refuse(reply, 403, 'FORBIDDEN', 'The upload is not allowed.');
    }

    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        if (received > policy.maxBytes) done(new UploadTooLarge());
        else done(null, chunk);
      },
    });
    // The cut-off can happen before the store starts reading (it first makes the folder); the
    // store still sees the error, since a pipeline reports a stream that already failed.
    limit.on('error', () => {});
    try {
      await store.put(policy.key, part.file.pipe(limit), policy.contentType);
    } catch (error) {
      if (error instanceof UploadTooLarge || (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        return refuse(reply, 413, 'PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${policy.maxBytes} bytes.`);
      }
      throw error;
    }
    if (part.file.truncated) {
      await store.delete(policy.key);
      return refuse(reply, 413, 'PAYLOAD_TOO_LARGE', `The file is larger than the limit of ${policy.maxBytes} bytes.`);
    }
    // S3 answers a browser POST with 204 and no body unless asked otherwise.
    return reply.code(204).send();
  });
}
