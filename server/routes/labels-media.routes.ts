/**
 * Label media saved by name for the whole site (issue 31): every signed-in person's print dialog
 * lists them; saving, changing and deleting them is the label admins' (global admin or superadmin).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contract/errors.ts';
import { MEDIA_MESSAGES, savedMedium, savedMediumBody, savedMediumIdParams } from '../../contract/label-media.ts';
import { DomainError } from '../../ledger/errors.ts';
import { findSavedMedium, savedMedia } from '../../projections/label-media/queries.ts';
import { changeMedium, deleteMedium, saveMedium } from '../labels/media-commands.ts';
import { commandOptions } from '../plugins/command-context.ts';

const tags = ['labels'];

export async function labelMediaRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const labelAdmin = { config: { access: 'label.admin' as const } };

  const read = async (mediumId: string) => {
    const saved = await findSavedMedium(app.db, mediumId);
    if (!saved) throw new DomainError('NOT_FOUND', MEDIA_MESSAGES.notFound);
    return saved;
  };

  r.get(
    '/api/labels/media',
    {
      schema: {
        summary: "The site's saved label media, by name",
        tags,
        response: { 200: z.object({ items: z.array(savedMedium) }), ...errorResponses },
      },
    },
    async () => ({ items: await savedMedia(app.db) }),
  );

  r.post(
    '/api/labels/media',
    {
      ...labelAdmin,
      schema: {
        summary: 'Save a label medium (a sheet or a roll) under a name for the whole site (admins)',
        tags,
        body: savedMediumBody,
        response: { 201: savedMedium, ...errorResponses },
      },
    },
    async (request, reply) => {
      const mediumId = await saveMedium(app.store, request.body, commandOptions(request));
      return reply.code(201).send(await read(mediumId));
    },
  );

  r.put(
    '/api/labels/media/:id',
    {
      ...labelAdmin,
      schema: {
        summary: 'Change a saved label medium: its name and sizes (admins)',
        tags,
        params: savedMediumIdParams,
        body: savedMediumBody,
        response: { 200: savedMedium, ...errorResponses },
      },
    },
    async (request) => {
      await changeMedium(app.store, { mediumId: request.params.id, ...request.body }, commandOptions(request));
      return read(request.params.id);
    },
  );

  r.delete(
    '/api/labels/media/:id',
    {
      ...labelAdmin,
      schema: {
        summary: 'Delete a saved label medium (admins); prints made on it are not affected',
        tags,
        params: savedMediumIdParams,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteMedium(app.store, { mediumId: request.params.id }, commandOptions(request));
      return reply.code(204).send();
    },
  );
}
