/**
 * Starts a worker thread on a TypeScript module. Workers start without the TypeScript loader that
 * vitest or tsx gave this thread: tsx's API (its ESM build, which the exports map names) loads the
 * module. The worker posts `{ part }` messages as it goes (handed to `onPart`) and one `{ done }`,
 * its result.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

export type WorkerMessage<Part, Result> = { part: Part } | { done: Result };

export function runTsWorker<Result, Part = never>(moduleUrl: URL, input: unknown, onPart?: (part: Part) => void): Promise<Result> {
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs');
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(moduleUrl.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Promise<Result>((resolve, reject) => {
    let result: { value: Result } | null = null;
    let failure: unknown = null;
    const worker = new Worker(bootstrap, { eval: true, workerData: input });
    worker.on('message', (message: WorkerMessage<Part, Result>) => {
      if ('done' in message) result = { value: message.done };
      else if (onPart && failure === null) {
        try {
          onPart(message.part);
        } catch (error) {
          failure = error;
          void worker.terminate();
        }
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (failure !== null) reject(failure);
      else if (result && code === 0) resolve(result.value);
      else reject(new Error(`worker ${moduleUrl.pathname.split('/').pop()} stopped with code ${code}`));
    });
  });
}
