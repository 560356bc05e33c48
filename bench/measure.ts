/** Load generators and samplers for the benchmark: HTTP load, the raw-insert baseline, memory. */
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';

export interface LoadFigures {
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers with an expected status. */
  requests: number;
  /** Answers with any other status, and connection errors. */
  errors: number;
  /** Requests sent but not answered when the time was up. */
  inFlight: number;
  /** Answers per status code. */
  statuses: Record<string, number>;
}

export async function httpLoad(options: {
  url: string;
  connections: number;
  seconds: number;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: () => string;
  /** Each GET's path and query, when they differ from request to request (`url` gives the first). */
  path?: () => string;
  /** The statuses that count as answered; 2xx when not given. */
  expect?: readonly number[];
}): Promise<LoadFigures> {
  const latencies: number[] = [];
  const statuses: Record<string, number> = {};
  const expected = (status: number) => (options.expect ? options.expect.includes(status) : status >= 200 && status < 300);
  let failed = 0;
  let finish!: (result: autocannon.Result) => void;
  let fail!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: options.seconds,
      method: options.method ?? 'GET',
      headers: options.headers,
      requests: options.body
        ? [{ method: options.method ?? 'POST', setupRequest: (request) => ({ ...request, body: options.body!() }) }]
        : options.path
          ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: options.path!() }) }]
          : undefined,
    },
    (error, result) => (error ? fail(error) : finish(result)),
  );
  // autocannon's summary has no p95; every response's time is kept here instead.
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    if (expected(statusCode)) latencies.push(responseTime);
    else failed += 1;
  });
  const result = await done;
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / options.seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors: failed + result.errors,
    // autocannon counts requests sent (not in its types) apart from those answered.
    inFlight: Math.max(0, ((result.requests as { sent?: number }).sent ?? result.requests.total) - result.requests.total),
    statuses,
  };
}

/** The p-th percentile of latencies sorted ascending (0 for none). */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The baseline for command throughput: the same event rows written by a bare INSERT, one per
 * transaction, into a plain table with the events table's columns and indexes, at the same concurrency.
 */
export async function rawInsertBaseline(url: string, connections: number, seconds: number): Promise<LoadFigures> {
  const pool = new pg.Pool({ connectionString: url, max: connections });
  await pool.query('drop table if exists bench_raw_events');
  await pool.query('create table bench_raw_events (like events including defaults including identity including indexes including constraints)');
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + seconds * 1000;
  const data = JSON.stringify({
    location: { kind: 'project', id: '00000000-0000-0000-0000-000000000000' },
    materialId: 'x',
    partNumber: 'PN-1',
    partName: 'Part',
    quantity: 1,
  });
  const metadata = JSON.stringify({ actorId: null, actorName: 'Bench' });
  const worker = async (w: number) => {
    const client = await pool.connect();
    let version = 0;
    try {
      while (performance.now() < deadline) {
        const started = performance.now();
        try {
          await client.query('begin');
          version += 1;
          await client.query(
            `insert into bench_raw_events (stream_id, stream_version, type, data, metadata, idempotency_key, occurred_at, prev_hash, hash)
             values ($1, $2, 'MaterialReceived', $3, $4, null, now(), null, '\\x00')`,
            [`bench:${w}`, version, data, metadata],
          );
          await client.query('commit');
          latencies.push(performance.now() - started);
        } catch {
          errors += 1;
          await client.query('rollback').catch(() => undefined);
        }
      }
    } finally {
      client.release();
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, (_, w) => worker(w)));
  const elapsed = (performance.now() - started) / 1000;
  await pool.query('drop table bench_raw_events');
  await pool.end();
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    requests: latencies.length,
    errors,
    inFlight: 0,
    statuses: {},
  };
}

/** Resident memory of a process in MB: current and the high-water mark. */
export function memoryOf(pid: number): { rssMb: number; peakMb: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(status.match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);
  return { rssMb: kb('VmRSS') / 1024, peakMb: kb('VmHWM') / 1024 };
}
