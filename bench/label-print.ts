/**
 * Label printing's figures (issue 31): on a fresh database (PostgreSQL when a URL is given, else the
 * embedded one) a project's labels are imported through the import route in requests of 5,000, then
 * over HTTP a selection of 10,000 is printed from a template to a PDF on Avery L7160, and every
 * label of the project (all matching one search) is streamed the same way. The server's resident
 * memory is sampled every 50 ms during each print, against its level after a warm-up print.
 */
import { findPreset, pageCount } from '../contract/label-media.ts';
import { LABEL_LIMITS } from '../contract/labels.ts';
import { withBenchServer } from './bench-server.ts';
import { syntheticLabel } from './labels.ts';
import { memoryOf } from './measure.ts';

export const LABEL_PRINT_TARGETS = { seconds: 5, memoryGrowthMb: 100 } as const;

export interface PrintRun {
  labels: number;
  pages: number;
  seconds: number;
  bytes: number;
  /** Largest resident memory of the server during the print, less its level before it. */
  memoryGrowthMb: number;
}

export interface LabelPrintFigures {
  database: 'postgresql' | 'pglite';
  labelsInProject: number;
  seedSeconds: number;
  /** The selection printed from a template (10,000 by id). */
  selection: PrintRun;
  /** Every label of the project, found by one search, streamed. */
  stream: PrintRun;
  passed: boolean;
}

const medium = findPreset('avery-l7160')!.medium;
const PAGE_OBJECT = /\/Type \/Page(?![a-z])/g;

/** Posts a print and reads its file as it streams, counting bytes and page objects, with the server's memory sampled. */
async function timedPrint(baseUrl: string, cookie: string, pid: number, body: object): Promise<PrintRun> {
  const before = memoryOf(pid).rssMb;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryOf(pid).rssMb)), 50);
  const started = performance.now();
  try {
    const response = await fetch(`${baseUrl}/api/labels/print`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`print answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
    let bytes = 0;
    let pages = 0;
    let tail = '';
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
      // A page object's marker may straddle two chunks: the end of the last one is read again.
      const text = tail + Buffer.from(chunk).toString('latin1');
      pages += (text.match(PAGE_OBJECT) ?? []).length;
      tail = text.slice(-16);
      pages -= (tail.match(PAGE_OBJECT) ?? []).length;
    }
    pages += (tail.match(PAGE_OBJECT) ?? []).length;
    const seconds = (performance.now() - started) / 1000;
    const labels = Number(response.headers.get('x-label-count'));
    const expected = pageCount(medium, labels);
    if (pages !== expected || Number(response.headers.get('x-page-count')) !== expected)
      throw new Error(`the PDF has ${pages} pages, its header says ${response.headers.get('x-page-count')}, ${labels} labels make ${expected}`);
    return { labels, pages, seconds, bytes, memoryGrowthMb: Math.max(peak, memoryOf(pid).rssMb) - before };
  } finally {
    clearInterval(sampler);
  }
}

export async function measureLabelPrint(
  baseUrl: string | null,
  { labels, selection, log }: { labels: number; selection: number; log: (line: string) => void },
): Promise<LabelPrintFigures> {
  return withBenchServer(baseUrl, { name: 'print', poolSize: 10 }, async ({ server, cookie, post }) => {
    const project = await post<{ id: string }>('/api/projects', { project_name: 'Print bench', project_customer: null, project_number: 'PB-1' });

    log(`Importing ${labels.toLocaleString('en')} labels (${baseUrl ? 'PostgreSQL' : 'PGlite'})…`);
    const seedStarted = performance.now();
    const ids: string[] = [];
    for (let start = 0; start < labels; start += LABEL_LIMITS.importBatch) {
      const batch = Array.from({ length: Math.min(LABEL_LIMITS.importBatch, labels - start) }, (_, i) => {
        const label = syntheticLabel(start + i);
        return { label_lines: label.lines, system: label.system, cluster_pod: label.clusterPod };
      });
      const answer = await post<{ ids: string[] }>('/api/labels/import', { project_id: project.id, labels: batch });
      if (ids.length < selection) ids.push(...answer.ids.slice(0, selection - ids.length));
    }
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    log(`  imported in ${seedSeconds.toFixed(1)} s`);

    const template = await post<{ id: string }>(`/api/labels/templates?project_id=${project.id}`, {
      name: 'Cable',
      template_data: {
        columns: ['Line 1', 'Line 2', 'Line 3', 'Line 4', 'System'],
        lines: [
          { id: 'id', fields: [{ name: 'Line 1' }], casing: 'uppercase' },
          { id: 'where', fields: [{ name: 'Line 2' }, { name: 'Line 3' }], separator: ' · ' },
          { id: 'what', fields: [{ name: 'Line 4' }, { name: 'System', prependText: '(', appendText: ')' }] },
        ],
      },
    });
    const content = { kind: 'template', template_id: template.id, project_id: project.id };
    // A first small print warms the code paths and loads the font, as a running server's would be.
    await timedPrint(server.url, cookie, server.pid, { source: { kind: 'labels', project_id: project.id, ids: ids.slice(0, 100) }, content, medium });

    log(`Printing ${ids.length.toLocaleString('en')} selected labels from a template to PDF…`);
    const selected = await timedPrint(server.url, cookie, server.pid, { source: { kind: 'labels', project_id: project.id, ids }, content, medium });
    log(`  ${selected.seconds.toFixed(2)} s, ${selected.pages} pages, server memory +${selected.memoryGrowthMb.toFixed(1)} MB`);
    log(`Streaming all ${labels.toLocaleString('en')} labels (one search) from the template…`);
    const stream = await timedPrint(server.url, cookie, server.pid, {
      source: { kind: 'labels', project_id: project.id, search: { q: 'CAB-' } },
      content,
      medium,
    });
    log(`  ${stream.seconds.toFixed(2)} s, ${stream.pages} pages, server memory +${stream.memoryGrowthMb.toFixed(1)} MB`);
    if (stream.labels !== labels) throw new Error(`the search printed ${stream.labels} labels of ${labels}`);
    const passed =
      selected.seconds <= LABEL_PRINT_TARGETS.seconds &&
      selected.memoryGrowthMb <= LABEL_PRINT_TARGETS.memoryGrowthMb &&
      stream.memoryGrowthMb <= LABEL_PRINT_TARGETS.memoryGrowthMb;
    return { database: baseUrl ? 'postgresql' : 'pglite', labelsInProject: labels, seedSeconds, selection: selected, stream, passed };
  });
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** The print figures as rows of the benchmark's table. */
export function labelPrintRows(figures: LabelPrintFigures[]): string[][] {
  const { seconds, memoryGrowthMb } = LABEL_PRINT_TARGETS;
  return [
    ['Label print (template, PDF on L7160)', 'labels', 'pages', 'time', 'server memory', 'target', ''],
    ...figures.flatMap((f) => [
      [
        `${f.database}: selection by id`,
        n(f.selection.labels),
        n(f.selection.pages),
        `${n(f.selection.seconds, 2)} s`,
        `+${n(f.selection.memoryGrowthMb, 1)} MB`,
        `≤ ${seconds} s, ≤ ${memoryGrowthMb} MB`,
        mark(f.selection.seconds <= seconds && f.selection.memoryGrowthMb <= memoryGrowthMb),
      ],
      [
        `${f.database}: every label of one search, streamed`,
        n(f.stream.labels),
        n(f.stream.pages),
        `${n(f.stream.seconds, 2)} s`,
        `+${n(f.stream.memoryGrowthMb, 1)} MB`,
        `≤ ${memoryGrowthMb} MB`,
        mark(f.stream.memoryGrowthMb <= memoryGrowthMb),
      ],
    ]),
  ];
}
