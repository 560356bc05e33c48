/**
 * Starts a worker thread on a TypeScript module. Workers start without the TypeScript loader that
 * vitest or tsx gave this thread: tsx's API (its ESM build, which the exports map names) loads the
 * module. The worker posts one message, its result.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export function runTsWorker<Result>(moduleUrl: URL, input: unknown): Promise<Result> {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Promise<Result>((resolve, reject) => {
    let result: { value: Result } | null = null;
    const worker = new Worker(bootstrap, { eval: true, workerData: input });
    worker.once('message', (value: Result) => {
      result = { value };
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (result && code === 0) resolve(result.value);
      else reject(new Error(`worker ${moduleUrl.pathname.split('/').pop()} stopped with code ${code}`));
    });
  });
}
