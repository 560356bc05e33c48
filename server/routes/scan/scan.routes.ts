/**
 * Scan to act, the lookup: what a scanned or typed code is, for the caller, with what they may do
 * with it (server/scan/scan-resolve.ts). Any signed-in person may ask; the answer holds only what
 * they may see.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses as errors } from '../../../contract/errors.ts';
import { resolveQuery, SCAN_PATHS, scanAnswer } from '../../../contract/scan.ts';
import { resolveScan } from '../../scan/scan-resolve.ts';

const tags = ['scan'];

export async function scanRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    SCAN_PATHS.resolve,
    {
      schema: {
        summary:
          'What a scanned code names (an asset, an asset type, a part, a location, a transfer, a request, a label), among what the caller may see, with the actions they may take; project_id and warehouse_id are the page the scan was made on',
        tags,
        querystring: resolveQuery,
        response: { 200: scanAnswer, ...errors },
      },
    },
    async (request) => resolveScan({ db: app.db, access: app.access }, request.caller, request.query),
  );
}
