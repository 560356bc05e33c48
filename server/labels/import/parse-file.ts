/**
 * Reading an uploaded label file (spec 02 §5, Label import): `.csv` or `.xlsx` only, size-limited,
 * parsed in a worker thread with a time limit and memory limits (parse-worker-source.ts), a few at
 * a time (parse-slots.ts). Errors carry the spec's words: `File is empty`, `Failed to parse file: {reason}`.
 *
 * XLSX goes through npm's `xlsx` 0.18.5, whose two advisories (prototype pollution, ReDoS) concern
 * parsing untrusted files: contained here by the worker (its own heap and prototypes, killed on
 * time), by the zip directory check before it, and by the refusal of any change to built-in
 * prototypes seen after the parse.
 */
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { checkZip } from './zip-check.ts';
import { IMPORT_MESSAGES } from '../../../contract/label-import.ts';
import { PARSE_WORKER_SOURCE } from './parse-worker-source.ts';
import type { ParseSlots } from './parse-slots.ts';

export const IMPORT_FILE_MESSAGES = {
  wrongType: IMPORT_MESSAGES.wrongType,
  empty: IMPORT_MESSAGES.empty,
  parse: (reason: string) => `Failed to parse file: ${reason}`,
  read: IMPORT_MESSAGES.read,
} as const;

export const IMPORT_FILE_TYPES = ['csv', 'xlsx'] as const;
export type ImportFileType = (typeof IMPORT_FILE_TYPES)[number];

export interface ParseLimits {
  /** Milliseconds a parse may take before its worker is ended. */
  timeoutMs: number;
  /** Heap of the parse worker, in MB. */
  heapMb: number;
  /** Bytes an XLSX's parts may unpack to. */
  maxUnpackedBytes: number;
  /** Rows a file may have. */
  maxRows: number;
}

export const DEFAULT_PARSE_LIMITS: ParseLimits = { timeoutMs: 15_000, heapMb: 1024, maxUnpackedBytes: 400 * 1024 * 1024, maxRows: 500_000 };

export interface ParseOptions {
  limits?: ParseLimits;
  /** How messages name the file. */
  fileName?: string;
  /** The process's parse slots; without them the parse starts at once. */
  slots?: ParseSlots;
  /** Wait for a slot as long as it takes (an import job) rather than be refused when busy (a preview). */
  patient?: boolean;
}

/** A file refused with the message the dialog shows. */
export class ImportFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportFileError';
  }
}

/** A parse stopped at its time limit: the file itself is too much to read, not malformed. */
export class ParseTimeoutError extends ImportFileError {
  constructor(fileName: string, type: ImportFileType, timeoutMs: number) {
    const limit = timeoutMs % 1000 === 0 ? `${timeoutMs / 1000} seconds` : `${timeoutMs} ms`;
    const advice = type === 'xlsx' ? 'Save it as CSV or split it into smaller files.' : 'Split it into smaller files.';
    super(IMPORT_FILE_MESSAGES.parse(`${fileName} took longer than ${limit} to read and was stopped. ${advice}`));
    this.name = 'ParseTimeoutError';
  }
}

// The parsers are loaded in the worker by absolute path; resolved from the running program so the
// bundled server (dist-server/main.js) finds the same node_modules as the sources do.
let parserPaths: { xlsxPath: string; csvPath: string } | null = null;
function parsers(): { xlsxPath: string; csvPath: string } {
  if (!parserPaths) {
    const from = createRequire(process.argv[1] ? resolve(process.argv[1]) : join(process.cwd(), 'index.js'));
    const fallback = createRequire(join(process.cwd(), 'index.js'));
    const find = (name: string) => {
      try {
        return from.resolve(name);
      } catch {
        return fallback.resolve(name);
      }
    };
    parserPaths = { xlsxPath: find('xlsx'), csvPath: find('csv-parse/sync') };
  }
  return parserPaths;
}

export function fileTypeOf(nameOrExtension: string): ImportFileType | null {
  const ext = nameOrExtension.toLowerCase().replace(/^.*\./, '');
  return ext === 'csv' || ext === 'xlsx' ? ext : null;
}

/** The rows of a file as text cells, or an ImportFileError with the spec's message (ParserBusyError when no slot came free). */
export async function parseImportFile(bytes: Buffer, type: ImportFileType, options: ParseOptions = {}): Promise<string[][]> {
  const limits = options.limits ?? DEFAULT_PARSE_LIMITS;
  if (bytes.length === 0) throw new ImportFileError(IMPORT_FILE_MESSAGES.empty);
  if (type === 'xlsx') {
    const zip = checkZip(bytes, limits.maxUnpackedBytes);
    if (!zip.ok) throw new ImportFileError(IMPORT_FILE_MESSAGES.parse(zip.reason));
  }
  const timedOut = () => new ParseTimeoutError(options.fileName ?? 'the file', type, limits.timeoutMs);
  const parse = () => inWorker(bytes, type, limits, timedOut);
  const rows = await (options.slots ? options.slots.run(parse, { patient: options.patient }) : parse());
  if (rows.length > limits.maxRows)
    throw new ImportFileError(IMPORT_FILE_MESSAGES.parse(`the file has more than ${limits.maxRows.toLocaleString('en-US')} rows`));
  if (!rows.some((row) => row.some((cell) => cell.trim() !== ''))) throw new ImportFileError(IMPORT_FILE_MESSAGES.empty);
  return rows;
}

function inWorker(bytes: Buffer, kind: ImportFileType, limits: ParseLimits, timedOut: () => ImportFileError): Promise<string[][]> {
  return new Promise((resolvePromise, reject) => {
    const worker = new Worker(PARSE_WORKER_SOURCE, {
      eval: true,
      workerData: { kind, bytes: new Uint8Array(bytes), ...parsers() },
      // A small young generation: a parse makes many short-lived strings, and a large nursery is
      // resident memory the server pays for the whole parse (100,000 XLSX rows: +223 MB → +149 MB).
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 8, codeRangeSizeMb: 32, stackSizeMb: 8 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (error: Error | null, rows?: string[][]) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // Answered once the thread is gone, so its slot is not handed on while its heap still stands.
      void worker.terminate().finally(() => (error ? reject(error) : resolvePromise(rows!)));
    };
    const timer = setTimeout(() => finish(timedOut()), limits.timeoutMs);
    worker.on('message', (message: { rows?: string[][]; error?: string }) => {
      if (message.rows) finish(null, message.rows);
      else finish(new ImportFileError(IMPORT_FILE_MESSAGES.parse(message.error ?? 'unknown error')));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      const reason = error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'the file needs too much memory to read' : error.message;
      finish(new ImportFileError(IMPORT_FILE_MESSAGES.parse(reason)));
    });
    worker.on('exit', (code) => finish(new ImportFileError(IMPORT_FILE_MESSAGES.parse(`the reader stopped (code ${code})`))));
  });
}
