/**
 * Label templates (spec 02 §7, Labels; §2.12 Template editor): a project's templates are listed to
 * anyone with access to the project (the import dialog picks one); creating, editing and deleting
 * need the global role admin or superadmin.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../contract/errors.ts';
import { labelTemplate, projectQuery, templateBody, templateIdParams } from '../../contract/labels.ts';
import { DomainError } from '../../ledger/errors.ts';
import { TEMPLATE_NOT_FOUND } from '../../ledger/label-template/decide.ts';
import { findTemplate, projectTemplates } from '../../projections/label-templates/queries.ts';
import { commandOptions } from '../plugins/command-context.ts';
import { changeTemplate, createTemplate, deleteTemplate } from '../labels/label-commands.ts';

const tags = ['labels'];

export async function labelTemplateRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = { config: { projectAccess: { level: 'view' as const, from: 'query' as const } } };
  /** Changing templates: the label policy, in a project the caller may see. */
  const labelAdmin = { config: { access: 'label.admin' as const, projectAccess: viewer.config.projectAccess } };

  const read = async (projectId: string, templateId: string) => {
    const template = await findTemplate(app.db, projectId, templateId);
    if (!template) throw new DomainError('NOT_FOUND', TEMPLATE_NOT_FOUND);
    return template;
  };

  r.get(
    '/api/labels/templates',
    {
      ...viewer,
      schema: {
        summary: "A project's label templates, by name",
        tags,
        querystring: projectQuery,
        response: { 200: z.object({ items: z.array(labelTemplate) }), ...errorResponses },
      },
    },
    async (request) => ({ items: await projectTemplates(app.db, request.project!.id) }),
  );

  r.post(
    '/api/labels/templates',
    {
      ...labelAdmin,
      schema: {
        summary: 'Create a label template in a project (admins)',
        tags,
        querystring: projectQuery,
        body: templateBody,
        response: { 201: labelTemplate, ...errorResponses },
      },
    },
    async (request, reply) => {
      const projectId = request.project!.id;
      const { name, template_data } = request.body;
      const templateId = await createTemplate(app.store, { projectId, name, templateData: template_data }, commandOptions(request));
      return reply.code(201).send(await read(projectId, templateId));
    },
  );

  r.put(
    '/api/labels/templates/:id',
    {
      ...labelAdmin,
      schema: {
        summary: 'Change a label template: its name, columns and lines (admins)',
        tags,
        params: templateIdParams,
        querystring: projectQuery,
        body: templateBody,
        response: { 200: labelTemplate, ...errorResponses },
      },
    },
    async (request) => {
      const projectId = request.project!.id;
      const { name, template_data } = request.body;
      await changeTemplate(app.store, { templateId: request.params.id, projectId, name, templateData: template_data }, commandOptions(request));
      return read(projectId, request.params.id);
    },
  );

  r.delete(
    '/api/labels/templates/:id',
    {
      ...labelAdmin,
      schema: {
        summary: 'Delete a label template (admins); labels formatted with it keep their lines',
        tags,
        params: templateIdParams,
        querystring: projectQuery,
        response: { 204: z.undefined(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteTemplate(app.store, { templateId: request.params.id, projectId: request.project!.id }, commandOptions(request));
      return reply.code(204).send();
    },
  );
}
