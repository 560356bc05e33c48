/**
 * Printing labels: POST /api/labels/print streams the job as a PDF (sheets) or ZPL II (thermal
 * rolls); POST /api/labels/print/preview answers the first page as printed and every label that did
 * not print as written. Whatever can be refused is refused before the first byte (401, then access
 * as the screens that list the records, then the job's limits); a failure after the file began
 * cuts the connection, so a broken file is never taken for a whole one.
 */
import { PassThrough, type Writable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorResponses } from '../../contract/errors.ts';
import { labelsPerPage, pageCount } from '../../contract/label-media.ts';
import { type PrintBody, PRINT_LIMITS, PRINT_MESSAGES, printBody, printFileName, printPreview, type PrintFormat } from '../../contract/label-print.ts';
import { DomainError } from '../../ledger/errors.ts';
import type { LabelContent, PrintJob } from '../label-print/display-list.ts';
import { authorizePrint } from '../label-print/print-access.ts';
import { type ContentRule, jobHasCode, openSource, printLabels } from '../label-print/sources.ts';

const tags = ['labels'];

/** A body naming 100,000 records (ids of 36 characters, quoted, or places of four short fields) fits. */
export const PRINT_BODY_LIMIT = 8 * 1024 * 1024;

export const PRINT_CONTENT_TYPES: Record<PrintFormat, string> = {
  pdf: 'application/pdf',
  // Printer drivers and `lp -o raw` take ZPL as text; the .zpl name tells a person what it is.
  zpl: 'text/plain; charset=utf-8',
};

type Writer = (job: PrintJob, labels: AsyncIterable<LabelContent>, out: Writable) => Promise<{ labels: number; pages: number }>;

/**
 * The layout, its fonts, the code encoders and the PDF library load on the first print or preview:
 * most of a second off every server start, and most servers print now and then.
 */
const printing = async () => {
  const [layout, pdf, svg, zpl] = await Promise.all([
    import('../label-print/layout.ts'),
    import('../label-print/pdf-writer.ts'),
    import('../label-print/svg-writer.ts'),
    import('../label-print/zpl-writer.ts'),
  ]);
  const writers: Record<PrintFormat, Writer> = { pdf: pdf.writePdf, zpl: zpl.writeZpl };
  return { checkTextRoom: layout.checkTextRoom, previewPage: svg.previewPage, writers };
};

/** A job checked against every rule, with its labels ready to be read. */
interface PlannedPrint {
  job: PrintJob;
  labels: number;
  pages: number;
  contents: () => AsyncGenerator<LabelContent>;
}

export async function labelPrintRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The address the tracker links point at: the page the request came from, else the public address. */
  const originOf = (request: FastifyRequest) => {
    const origin = request.headers.origin;
    return typeof origin === 'string' && /^https?:\/\/[^/]+$/i.test(origin) ? origin : app.config.publicUrl;
  };

  async function plan(request: FastifyRequest, body: PrintBody): Promise<PlannedPrint> {
    const grant = await authorizePrint(app, request.caller, body);
    if (body.format === 'zpl' && body.medium.kind !== 'roll') throw new DomainError('VALIDATION', PRINT_MESSAGES.zplNeedsRoll, 'format');
    const perPage = labelsPerPage(body.medium);
    if (body.start_at > perPage) throw new DomainError('VALIDATION', PRINT_MESSAGES.startAtBeyondSheet(perPage), 'start_at');
    const rule: ContentRule =
      body.content.kind === 'template' ? { kind: 'template', lines: grant.templateLines!, includeCode: body.include_code } : { kind: 'builtin' };
    const records = await openSource(body.source, { db: app.db, origin: originOf(request), warehouse: grant.warehouse });
    if (records.count === 0) throw new DomainError('NOT_FOUND', PRINT_MESSAGES.nothingToPrint);
    const labels = records.count * body.copies;
    if (labels > PRINT_LIMITS.labels) throw new DomainError('VALIDATION', PRINT_MESSAGES.tooMany(labels), body.copies > 1 ? 'copies' : 'source');
    const job: PrintJob = { medium: body.medium, startAt: body.start_at, minFontPt: body.min_font_pt };
    (await printing()).checkTextRoom(job, jobHasCode(body.source.kind, rule));
    return { job, labels, pages: pageCount(body.medium, labels, body.start_at), contents: () => printLabels(records, rule, body) };
  }

  r.post(
    '/api/labels/print',
    {
      bodyLimit: PRINT_BODY_LIMIT,
      schema: {
        summary:
          'Print labels: a PDF of sheets, or ZPL II for a thermal roll, of labels, assets, parts or warehouse locations (built-in layout or a label template), streamed; X-Label-Count and X-Page-Count say what it holds. Access as the screens that list the records.',
        tags,
        body: printBody,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const body = request.body;
      const planned = await plan(request, body);
      // The file is made as it is sent: the answer starts with its first bytes, so a writer that
      // fails before them is still answered with an error, not an empty file.
      let started!: () => void;
      const firstBytes = new Promise<null>((resolve) => {
        started = () => resolve(null);
      });
      const out = new PassThrough({
        transform(chunk, _encoding, callback) {
          started();
          callback(null, chunk);
        },
      });
      const { writers } = await printing();
      const outcome = writers[body.format](planned.job, planned.contents(), out).then(
        () => null,
        (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
      );
      const early = await Promise.race([firstBytes, outcome]);
      if (early) throw early;
      void outcome.then((error) => {
        if (!error) return;
        // The headers are gone: the only honest answer left is a cut connection.
        request.log.error({ err: error }, 'label print failed while streaming');
        out.destroy(error);
      });
      const name = printFileName(body.format);
      reply.header('content-type', PRINT_CONTENT_TYPES[body.format]);
      reply.header('content-disposition', `attachment; filename="${name}"`);
      reply.header('cache-control', 'no-store');
      reply.header('x-label-count', String(planned.labels));
      reply.header('x-page-count', String(planned.pages));
      // The response schema describes only the refusals.
      return (reply as FastifyReply).send(out);
    },
  );

  r.post(
    '/api/labels/print/preview',
    {
      bodyLimit: PRINT_BODY_LIMIT,
      schema: {
        summary: "A print's first page as printed (SVG in millimetres), its label and page counts, and every label that did not print as written",
        tags,
        body: printBody,
        response: { 200: printPreview, ...errorResponses },
      },
    },
    async (request) => {
      const planned = await plan(request, request.body);
      return (await printing()).previewPage(planned.job, planned.contents());
    },
  );
}
