/**
 * The local store's upload endpoint, standing in for S3's browser POST: multipart form data whose
 * fields (key, Content-Type, policy, signature) come before the file. The signature is the
 * permission, as with S3, and besides S3's terms the upload must come with the session that asked
 * for the policy and may use it once. Nothing is read before the sender, the announced size and the
 * sender's quota are checked; a body growing past its limit is answered 413 at once and its
 * connection closed; whatever ends a write early (the limit, the client going away) removes the
 * partial file, so an upload costs the disk at most its policy's bytes, and only when it succeeds.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import { pipeline } from 'node:stream';
import { LOCAL_UPLOAD_PATH, type LocalFileStore, type UploadPolicy } from './local-store.ts';
import { BodyTooLargeError, byteLimit, MULTIPART_OVERHEAD_BYTES, NO_FILE, watchBodySize } from './request-body.ts';
import { claimUploadPolicy } from './upload-policy-uses.ts';
import { uploadGuard, type UploadsInFlight } from './upload-quota.ts';

const FORM_FIELDS = ['key', 'Content-Type', 'policy', 'signature'] as const;

function refuse(reply: FastifyReply, status: number, error: string, message: string) {
  return reply.code(status).send({ error, message });
}

const tooLarge = (maxBytes: number) => `The file is larger than the limit of ${maxBytes} bytes.`;

/** The form's fields as the browser sent them before the file. */
function formFields(part: MultipartFile): Partial<Record<(typeof FORM_FIELDS)[number], string>> {
  const fields: Partial<Record<(typeof FORM_FIELDS)[number], string>> = {};
  for (const name of FORM_FIELDS) {
    const value = part.fields[name];
    if (value && !Array.isArray(value) && value.type === 'field') fields[name] = String(value.value);
  }
  return fields;
}

/**
 * The form's policy when this request may use it, marked used; otherwise why not. The mark comes
 * last, so a refused attempt (another session's) does not spend the owner's policy.
 */
async function claimPolicy(
  app: FastifyInstance,
  store: LocalFileStore,
  request: FastifyRequest,
  part: MultipartFile,
): Promise<{ ok: true; policy: UploadPolicy } | { ok: false; message: string }> {
  const fields = formFields(part);
  const check = await store.checkPolicy(fields.policy, fields.signature);
  if (!check.ok) return { ok: false, message: check.reason === 'expired' ? 'The upload link has expired.' : 'The upload is not allowed.' };
  const { policy } = check;
  if (fields.key !== policy.key || fields['Content-Type'] !== policy.contentType) return { ok: false, message: 'The upload is not allowed.' };
  if ((await request.session())?.sessionId !== policy.sessionId) return { ok: false, message: 'This upload link was given to another session.' };
  if (!(await claimUploadPolicy(app.db, policy.id, new Date(policy.expiresAt))))
    return { ok: false, message: 'This upload link has already been used; ask for a new one.' };
  return { ok: true, policy };
}

export async function localUploadRoutes(
  app: FastifyInstance,
  options: { store: LocalFileStore; maxUploadBytes: number; inFlight: UploadsInFlight },
): Promise<void> {
  const { store, maxUploadBytes } = options;
  const maxBodyBytes = maxUploadBytes + MULTIPART_OVERHEAD_BYTES;
  await app.register(multipart, {
    limits: { fileSize: maxUploadBytes, files: 1, fields: FORM_FIELDS.length, fieldSize: 4 * 1024, parts: FORM_FIELDS.length + 1 },
  });

  app.post(
    LOCAL_UPLOAD_PATH,
    { schema: { hide: true }, preHandler: uploadGuard(options.inFlight, { maxBodyBytes, tooLargeMessage: tooLarge(maxUploadBytes) }) },
    async (request, reply) => {
      if (!request.isMultipart()) return refuse(reply, 400, 'VALIDATION', 'The upload must be multipart form data.');
      const bodyTooLarge = watchBodySize(request.raw, maxBodyBytes);
      try {
        const part = await Promise.race([request.file(), bodyTooLarge]);
        if (!part) return refuse(reply, 400, 'VALIDATION', NO_FILE);
        const allowed = await claimPolicy(app, store, request, part);
        if (!allowed.ok) return refuse(reply, 403, 'FORBIDDEN', allowed.message);
        const { policy } = allowed;

        // A pipeline, not pipe(): the file stream's failure (the client gone) must reach the store,
        // whose write then fails and removes its partial file.
        const file = pipeline(part.file, byteLimit(policy.maxBytes), () => {});
        const cutOff = (error: Error) => file.destroy(error);
        part.file.once('limit', () => cutOff(new BodyTooLargeError(policy.maxBytes)));
        bodyTooLarge.catch(cutOff);
        await store.put(policy.key, file, policy.contentType);
        // S3 answers a browser POST with 204 and no body unless asked otherwise.
        return reply.code(204).send();
      } catch (error) {
        // The policy's limit, or the endpoint's when the form around the file was what grew too large.
        if (error instanceof BodyTooLargeError) return refuse(reply, 413, 'PAYLOAD_TOO_LARGE', tooLarge(Math.min(error.maxBytes, maxUploadBytes)));
        if (request.raw.destroyed && !request.raw.complete) return refuse(reply, 400, 'VALIDATION', 'The upload was cut off before it ended.');
        throw error;
      }
    },
  );
}
