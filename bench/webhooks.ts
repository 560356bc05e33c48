/**
 * Webhook delivery under load (`npm run bench -- --webhooks`): a server on PostgreSQL with one
 * site-wide endpoint to a local receiver (which verifies every request with the standardwebhooks
 * library), receives through the API at a steady 1,000 a second for 10 seconds, spread over two
 * projects. Per event, the lag runs from its commit (the event's `recorded_at`, a little before
 * the commit, so the figure errs high) to the receiver having its body. Target: the sender keeps
 * up (every event delivered, none out of order) with p99 lag ≤ 1 s.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { Webhook } from 'standardwebhooks';
import { Pool } from 'undici';
import { openDatabase } from '../ledger/database.ts';
import { withBenchServer } from './bench-server.ts';
import { percentile } from './measure.ts';

export const WEBHOOK_LAG_BUDGET_MS = 1000;

export interface WebhookFigures {
  rate: number;
  seconds: number;
  receives: { sent: number; acknowledged: number; failed: number; perSecond: number };
  /** Events of the load the receiver got (first arrivals). */
  delivered: number;
  /** Arrivals beyond the first of a message. */
  repeated: number;
  /** First arrivals whose ledger position is below one that came before. */
  outOfOrder: number;
  unverified: number;
  deliveriesPerSecond: number;
  lagMs: { p50: number; p99: number; max: number };
  /** After the load stopped, until the last event arrived. */
  drainSeconds: number;
  passed: boolean;
}

interface Arrival {
  id: string;
  position: number;
  atMs: number;
}

/** The receiver: notes each arrival's wall-clock time first, then verifies it. */
async function startBenchReceiver(secret: () => string) {
  const arrivals: Arrival[] = [];
  let unverified = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const atMs = performance.timeOrigin + performance.now();
      const body = Buffer.concat(chunks).toString('utf8');
      try {
        new Webhook(secret()).verify(body, request.headers as Record<string, string>);
        const payload = JSON.parse(body) as { data: { position: number } };
        arrivals.push({ id: String(request.headers['webhook-id']), position: payload.data.position, atMs });
        response.writeHead(204).end();
      } catch {
        unverified += 1;
        response.writeHead(400).end();
      }
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/stockledger`,
    arrivals,
    unverified: () => unverified,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Receives at a steady rate (not as fast as possible): a tick every 10 ms starts its share. */
async function steadyReceives(origin: string, cookie: string, projects: string[], rate: number, seconds: number) {
  const pool = new Pool(origin, { connections: 64 });
  const counts = { sent: 0, acknowledged: 0, failed: 0 };
  const inFlight = new Set<Promise<void>>();
  const started = performance.now();
  let next = 0;
  const one = (n: number) => {
    const body = JSON.stringify({
      project_id: projects[n % projects.length],
      part_number: `WH-${n % 200}`,
      quantity: 1,
      part_name: `Hooked ${n % 200}`,
      standard_name: 'Hooked',
    });
    counts.sent += 1;
    const done = pool
      .request({ path: '/api/materials/receive', method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body })
      .then(async (r) => {
        await r.body.dump();
        if (r.statusCode === 200) counts.acknowledged += 1;
        else counts.failed += 1;
      })
      .catch(() => {
        counts.failed += 1;
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  while (performance.now() - started < seconds * 1000) {
    const due = Math.floor(((performance.now() - started) / 1000) * rate);
    while (next < due) one(next++);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  await pool.close();
  return { ...counts, perSecond: counts.acknowledged / elapsed };
}

export async function measureWebhooks(baseUrl: string, options: { rate: number; seconds: number; log: (line: string) => void }): Promise<WebhookFigures> {
  const { rate, seconds, log } = options;
  let secret = '';
  const receiver = await startBenchReceiver(() => secret);
  try {
    return await withBenchServer(baseUrl, { name: 'webhooks', poolSize: 20 }, async ({ server, cookie, post, databaseUrl }) => {
      const handle = await openDatabase({ url: databaseUrl, poolSize: 2 });
      try {
        // The receiver listens on loopback over plain http: the site must allow private receivers.
        const allowed = await fetch(`${server.url}/api/site/settings`, {
          method: 'PATCH',
          headers: { cookie, 'content-type': 'application/json' },
          body: JSON.stringify({ webhooks_allow_private: true }),
        });
        if (!allowed.ok) throw new Error(`allowing private receivers: ${allowed.status} ${await allowed.text()}`);
        const projects: string[] = [];
        for (const name of ['Hooks A', 'Hooks B'])
          projects.push(
            (
              await post<{ id: string }>('/api/projects', {
                project_name: name,
                project_customer: null,
                project_number: `WH-${randomBytes(3).toString('hex')}`,
              })
            ).id,
          );
        secret = (
          await post<{ secret: string }>('/api/webhooks', { project_id: null, url: receiver.url, kinds: ['stock.moved'], description: 'Bench receiver' })
        ).secret;
        // Every part once before the clock starts: a part's first receive also defines it in the catalogue.
        log('Webhooks: seeding 200 parts…');
        await steadyReceives(server.url, cookie, projects, 400, 0.5);
        const { rows: head } = await sql<{ p: number }>`select coalesce(max(global_position), 0)::int as p from events`.execute(handle.db);
        const from = Number(head[0]!.p);

        log(`Webhooks: ${rate} receives a second for ${seconds} s, one endpoint…`);
        const loadStarted = performance.timeOrigin + performance.now();
        const receives = await steadyReceives(server.url, cookie, projects, rate, seconds);
        const loadEnded = performance.timeOrigin + performance.now();
        const { rows: events } = await sql<{ position: number; recorded_ms: number }>`
          select global_position as position, (extract(epoch from recorded_at) * 1000)::float8 as recorded_ms
            from events where global_position > ${from} and type = 'MaterialReceived' order by global_position`.execute(handle.db);
        const deadline = Date.now() + 60_000;
        const firstArrival = new Map<number, Arrival>();
        const seen = () => {
          for (const a of receiver.arrivals) if (a.position > from && !firstArrival.has(a.position)) firstArrival.set(a.position, a);
          return events.every((e) => firstArrival.has(Number(e.position)));
        };
        while (!seen() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        const lastArrival = Math.max(...[...firstArrival.values()].map((a) => a.atMs));

        const lags = events.filter((e) => firstArrival.has(Number(e.position))).map((e) => firstArrival.get(Number(e.position))!.atMs - Number(e.recorded_ms));
        lags.sort((a, b) => a - b);
        const ids = new Set<string>();
        const ordered = receiver.arrivals.filter((a) => a.position > from && !ids.has(a.id) && ids.add(a.id));
        let outOfOrder = 0;
        for (let i = 1; i < ordered.length; i += 1) if (ordered[i]!.position < ordered[i - 1]!.position) outOfOrder += 1;
        const inLoad = [...firstArrival.values()].filter((a) => a.atMs >= loadStarted && a.atMs <= loadEnded).length;
        const figures: WebhookFigures = {
          rate,
          seconds,
          receives,
          delivered: firstArrival.size,
          repeated: receiver.arrivals.filter((a) => a.position > from).length - firstArrival.size,
          outOfOrder,
          unverified: receiver.unverified(),
          deliveriesPerSecond: inLoad / ((loadEnded - loadStarted) / 1000),
          lagMs: { p50: Math.round(percentile(lags, 50)), p99: Math.round(percentile(lags, 99)), max: Math.round(lags.at(-1) ?? 0) },
          drainSeconds: Math.max(0, (lastArrival - loadEnded) / 1000),
          passed: false,
        };
        figures.passed =
          events.length > 0 &&
          figures.delivered === events.length &&
          outOfOrder === 0 &&
          figures.unverified === 0 &&
          receives.perSecond >= rate * 0.95 &&
          figures.lagMs.p99 <= WEBHOOK_LAG_BUDGET_MS;
        return figures;
      } finally {
        await handle.close();
      }
    });
  } finally {
    await receiver.close();
  }
}

export function webhookRows(f: WebhookFigures): string[][] {
  return [
    ['Webhooks (one endpoint, local receiver)', 'Measured', 'Target'],
    [
      'Receives through the API',
      `${Math.round(f.receives.perSecond)}/s (${f.receives.acknowledged} of ${f.receives.sent}, ${f.receives.failed} failed)`,
      `${f.rate}/s`,
    ],
    ['Deliveries during the load', `${Math.round(f.deliveriesPerSecond)}/s`, 'keep up'],
    ['Events delivered (repeats, out of order, unverified)', `${f.delivered} (${f.repeated}, ${f.outOfOrder}, ${f.unverified})`, 'all (-, 0, 0)'],
    ['Lag commit → receiver p50 / p99 / max', `${f.lagMs.p50} / ${f.lagMs.p99} / ${f.lagMs.max} ms`, `p99 ≤ ${WEBHOOK_LAG_BUDGET_MS} ms`],
    ['Drained after the load', `${f.drainSeconds.toFixed(2)} s`, ''],
    ['Result', f.passed ? 'met' : 'MISSED', ''],
  ];
}
