/**
 * The Requests badge and the request's attachments and mail (spec 01 §7 Requests): the unread count
 * and mark-read, the photo a requester attaches (through the file store: checked by its content, not
 * its name, and size-limited), the link that shows it, and the "request fulfilled" e-mail to the
 * requester, queued in the outbox.
 */
import { NO_PROJECT_ACCESS } from '../../../contract/messages.ts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import {
  imageAnswer,
  markReadBody,
  notifyFulfilledAnswer,
  notifyFulfilledBody,
  REQUEST_IMAGE_MAX_BYTES,
  REQUEST_MESSAGES,
  unreadAnswer,
  unreadQuery,
} from '../../../contract/requests.ts';
import { DomainError } from '../../../ledger/errors.ts';
import { findRequest } from '../../../projections/requests/queries.ts';
import { IMAGE_EXTENSIONS } from '../../requests/image-type.ts';
import { NOT_MULTIPART, REQUEST_IMAGE_FOLDER, storeRequestImage } from '../../requests/request-image.ts';
import { queueFulfilledMail } from '../../requests/fulfilled-mail.ts';
import { requestAccess } from '../../requests/request-access.ts';
import { markRead, unreadCount } from '../../requests/request-reads.ts';
import { projectAccess } from '../../projects/project-access.ts';
import { FileNotFoundError, isValidFileKey } from '../../storage/file-store.ts';
import { BodyTooLargeError, MULTIPART_OVERHEAD_BYTES, watchBodySize } from '../../storage/request-body.ts';

const tags = ['requests'];

/** Where a stored request image is shown to a signed-in member of its project. */
export function requestImageUrl(publicUrl: string, path: string): string {
  return `${publicUrl}/api/${path}`;
}

export async function requestFileRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/requests/unread-count',
    {
      config: { projectAccess: { level: 'view', from: 'query', field: 'projectId' } },
      schema: {
        summary: "Requests others submitted since the caller last marked the project read (a manager's count; others get 0)",
        tags,
        querystring: unreadQuery,
        response: { 200: unreadAnswer, ...errors },
      },
    },
    async (request) => ({ count: request.project!.manage ? await unreadCount(app.db, request.caller.id, request.project!.id) : 0 }),
  );

  r.post(
    '/api/requests/mark-read',
    {
      config: { projectAccess: { level: 'view', from: 'body', field: 'projectId' } },
      schema: { summary: "Mark the project's requests read for the caller", tags, body: markReadBody, response: { 200: unreadAnswer, ...errors } },
    },
    async (request) => {
      await markRead(app.db, request.caller.id, request.project!.id, new Date());
      return { count: 0 };
    },
  );

  r.post(
    '/api/notify-fulfilled',
    {
      schema: {
        summary:
          'E-mail the requester that their request was fulfilled, with the lines and quantities and the image link (manager; through the outbox; none when the requester turned assignment e-mails off)',
        tags,
        body: notifyFulfilledBody,
        response: { 200: notifyFulfilledAnswer, ...errors },
      },
    },
    async (request) => {
      const b = request.body;
      const { actor } = await requestAccess(app.db, app.access, request.caller, b.request_id);
      if (!actor.manager) throw new DomainError('FORBIDDEN', REQUEST_MESSAGES.managerOnly);
      const detail = (await findRequest(app.db, b.request_id, (path) => requestImageUrl(app.config.publicUrl, path)))!;
      if (b.to && b.to.toLowerCase() !== detail.requester_email.toLowerCase())
        throw new DomainError('VALIDATION', "to must be the requester's e-mail address.");
      const queued = await queueFulfilledMail(app.db, detail, {
        firstname: b.firstname,
        matlist: b.matlist,
        imageUrl: b.image_url ?? null,
        link: `${app.config.publicUrl}/dashboard/requests`,
      });
      if (queued > 0) app.mail.wake();
      return { queued };
    },
  );

  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: REQUEST_IMAGE_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6 } });
    const maxBodyBytes = REQUEST_IMAGE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES;
    const tooLarge = { error: 'PAYLOAD_TOO_LARGE', message: REQUEST_MESSAGES.imageTooLarge };
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/upload/request-image',
      {
        preHandler: app.uploads.guard({ maxBodyBytes, tooLargeMessage: REQUEST_MESSAGES.imageTooLarge }),
        schema: {
          summary: `A photo for a request: multipart with project_id first, then file (JPEG, PNG, WebP or HEIC by content, at most ${REQUEST_IMAGE_MAX_BYTES / 1024 / 1024} MB); answers the path to send as image_path and a link that shows it`,
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: imageAnswer, ...errors },
        },
      },
      async (request, reply) => {
        if (!request.isMultipart()) throw new DomainError('VALIDATION', NOT_MULTIPART);
        // Counted from the first byte, so a body past the limit is answered at once, whatever part of it grows.
        const bodyTooLarge = watchBodySize(request.raw, maxBodyBytes);
        try {
          const stored = storeRequestImage(request.parts(), app.storage, async (projectId) => {
            const access = await projectAccess(app.access, request.caller, projectId);
            if (!access?.view) throw new DomainError('FORBIDDEN', NO_PROJECT_ACCESS);
          });
          const image = await Promise.race([stored, bodyTooLarge]);
          return { path: image.key, signed_url: requestImageUrl(app.config.publicUrl, image.key), content_type: image.type, size: image.size };
        } catch (error) {
          const fileTooLarge = error instanceof DomainError && error.message === REQUEST_MESSAGES.imageTooLarge;
          if (error instanceof BodyTooLargeError || fileTooLarge) return reply.code(413).send(tooLarge);
          throw error;
        }
      },
    );
  });

  r.get(
    '/api/request-images/:projectId/:file',
    {
      config: { projectAccess: { level: 'view', from: 'params' } },
      schema: {
        summary: 'A request image (member of its project)',
        tags,
        params: z.object({ projectId: z.uuid({ error: 'projectId must be a valid project id' }), file: z.string().max(60) }),
      },
    },
    async (request, reply) => {
      const key = `${REQUEST_IMAGE_FOLDER}/${request.params.projectId}/${request.params.file}`;
      if (!isValidFileKey(key)) throw new DomainError('NOT_FOUND', 'Image not found');
      const extension = key.split('.').pop() ?? '';
      const type = Object.entries(IMAGE_EXTENSIONS).find(([, ext]) => ext === extension)?.[0];
      try {
        const stream = await app.storage.get(key);
        return reply
          .header('content-type', type ?? 'application/octet-stream')
          .header('cache-control', 'private, max-age=3600')
          .send(stream);
      } catch (error) {
        if (error instanceof FileNotFoundError) throw new DomainError('NOT_FOUND', 'Image not found');
        throw error;
      }
    },
  );
}
