/** Corrections of a project's log entries: a compensating entry, never an edit (issue 16). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { correctionAnswer, correctionBody } from '../../../contract/corrections.ts';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { runCorrection } from '../../materials/correction-commands.ts';
import { commandOptions } from '../../plugins/command-context.ts';

export async function correctionRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/materials/corrections',
    {
      config: { access: 'material.correct', projectAccess: { level: 'curate', from: 'body' } },
      schema: {
        summary:
          "Correct a project's log entry (a receive, return, assign, unassign, lost or found) with a compensating entry naming it (position), the quantity it should have had (0 reverses it), the reason, and when the correction applies (occurred_at, in the past and not before the entry; default: when the entry happened). A superadmin or the project's admin; an entry is corrected once and a correction is not corrected; refused when it would take any figure below zero at any time from then on (422) and while transactions are frozen (423).",
        tags: ['materials'],
        body: correctionBody,
        response: { 200: correctionAnswer, ...errors },
      },
    },
    async (request) => {
      const project = request.project!;
      const { position, quantity, reason, occurred_at } = request.body;
      const outcome = await runCorrection(
        app.store,
        { projectId: project.id, position, quantity, reason, appliesAt: occurred_at ? new Date(occurred_at) : null },
        commandOptions(request),
      );
      return { position: outcome.position ?? 0, ...outcome.result };
    },
  );
}
