/**
 * `WORKERS=n`: n server processes listening on one port through Node's cluster (the primary hands
 * out connections in turn). Everything they share goes through PostgreSQL already (websocket
 * fan-out by LISTEN/NOTIFY, the outbox, housekeeping), so the primary only keeps n of them running:
 * a worker that dies is replaced, and a stop signal stops them all.
 */
import cluster, { type Worker } from 'node:cluster';

/** A worker that dies sooner than this after starting is replaced after a pause, not at once. */
const QUICK_DEATH_MS = 5_000;
const RESTART_PAUSE_MS = 1_000;

export const NEEDS_POSTGRES = (workers: number) =>
  `WORKERS=${workers} needs DATABASE_URL: the embedded database (PGlite) belongs to one process. Set DATABASE_URL to a PostgreSQL server, or leave WORKERS unset.`;

export function superviseWorkers(count: number, onListening: (port: number) => void): void {
  let stopping = false;
  let announced = false;
  const startedAt = new Map<Worker, number>();
  const start = () => {
    const worker = cluster.fork();
    startedAt.set(worker, Date.now());
  };
  cluster.on('listening', (worker, address) => {
    // Until a process listens, the primary hands it no connection: say when each one can serve.
    console.log(`Server process ${worker.process.pid} is listening`);
    if (announced) return;
    announced = true;
    onListening(address.port);
  });
  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? `exit code ${code}`}); starting another`);
    if (lived < QUICK_DEATH_MS) setTimeout(start, RESTART_PAUSE_MS);
    else start();
  });
  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    // Each worker closes within its own 10 s; past that the primary gives up on them.
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  for (let i = 0; i < count; i += 1) start();
}
