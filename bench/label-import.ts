/**
 * Label import figures (issue 15): a 100,000-row CSV and a 100,000-row XLSX imported end to end
 * as the browser does it (upload URL, multipart upload, start, status polls until success) into a
 * fresh server on PostgreSQL, with the server's resident memory sampled throughout. Targets:
 * CSV ≤ 10 s, XLSX ≤ 20 s, memory growth < 200 MB.
 */
import { startServer } from '../e2e/helpers/server.ts';
import { csvFile, xlsxFile } from '../server/labels/import/import-fixtures.ts';
import { importRows, pollImport, startImport, uploadImportFile } from './label-import-client.ts';
import { memoryOf } from './measure.ts';
import { admin } from './bench-server.ts';
import { signIn } from './server-load.ts';

export interface ImportRun {
  rows: number;
  fileBytes: number;
  seconds: number;
  /** Peak resident memory during the import over the resident memory before it, in MB. */
  memoryGrowthMb: number;
}

export interface LabelImportFigures {
  csv: ImportRun;
  xlsx: ImportRun;
}

const n = (value: number, digits = 0) => value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const mark = (ok: boolean) => (ok ? 'yes' : 'NO');

async function session(url: string, credentials: { email: string; password: string }): Promise<{ cookie: string; projectId: string }> {
  const cookie = await signIn({ url, admin: credentials });
  const project = await fetch(`${url}/api/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ project_name: 'Import bench', project_customer: null, project_number: `IB-${Date.now()}` }),
  });
  return { cookie, projectId: ((await project.json()) as { id: string }).id };
}

async function importOnce(
  url: string,
  pid: number,
  cookie: string,
  projectId: string,
  bytes: Buffer,
  extension: 'csv' | 'xlsx',
  rows: number,
): Promise<ImportRun> {
  const before = memoryOf(pid).rssMb;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, memoryOf(pid).rssMb);
  }, 50);
  const started = performance.now();
  try {
    const key = await uploadImportFile(url, cookie, projectId, bytes, extension);
    const job = await startImport(url, cookie, projectId, key);
    const done = await pollImport(url, cookie, job, (s) => s.status === 'success', { everyMs: 50, timeoutMs: 300_000 });
    if (done.status !== 'success' || done.imported !== rows)
      throw new Error(`${extension} import ended ${done.status}: ${done.imported} of ${rows} (${done.message})`);
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  return { rows, fileBytes: bytes.length, seconds, memoryGrowthMb: Math.max(0, peak - before) };
}

export async function measureLabelImport(baseUrl: string, options: { rows: number; log: (line: string) => void }): Promise<LabelImportFigures> {
  const dbName = `stockledger_import_bench_${process.pid}`;
  await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
  await admin(baseUrl, `create database ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const server = await startServer({ DATABASE_URL: url.toString() });
  try {
    const { cookie, projectId } = await session(server.url, server.admin);
    const rows = importRows(options.rows);
    const csv = csvFile(rows);
    const xlsx = xlsxFile(rows);
    options.log(`Importing ${n(options.rows)} rows as CSV (${n(csv.length / 1024)} KB)…`);
    const csvRun = await importOnce(server.url, server.pid, cookie, projectId, csv, 'csv', options.rows);
    options.log(`  ${n(csvRun.seconds, 2)} s, memory +${n(csvRun.memoryGrowthMb)} MB`);
    options.log(`Importing ${n(options.rows)} rows as XLSX (${n(xlsx.length / 1024)} KB)…`);
    const xlsxRun = await importOnce(server.url, server.pid, cookie, projectId, xlsx, 'xlsx', options.rows);
    options.log(`  ${n(xlsxRun.seconds, 2)} s, memory +${n(xlsxRun.memoryGrowthMb)} MB`);
    return { csv: csvRun, xlsx: xlsxRun };
  } finally {
    await server.stop();
    await admin(baseUrl, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
  }
}

export function labelImportRows(f: LabelImportFigures): string[][] {
  const row = (name: string, run: ImportRun, limit: number): string[][] => [
    [
      `Label import, ${n(run.rows)}-row ${name} end to end`,
      `${n(run.seconds, 2)} s`,
      `${n(run.fileBytes / 1024)} KB`,
      '',
      '',
      `≤ ${limit} s`,
      mark(run.seconds <= limit),
    ],
    ['  server memory growth', `${n(run.memoryGrowthMb)} MB`, '', '', '', '< 200 MB', mark(run.memoryGrowthMb < 200)],
  ];
  return [...row('CSV', f.csv, 10), ...row('XLSX', f.xlsx, 20)];
}
