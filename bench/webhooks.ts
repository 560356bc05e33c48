/**
 * Webhook delivery under load (`npm run bench -- --webhooks`): a server on PostgreSQL with one
 * site-wide endpoint to a local receiver in a process of its own (which verifies every request with
 * the standardwebhooks library), receives through the API at a steady 1,000 a second for 10 seconds
 * after a 2-second warm-up at that rate, spread over two projects. Per event, the lag runs from its commit (the event's `recorded_at`, a little before
 * the commit, so the figure errs high) to the receiver having its body. Target: the sender keeps
 * up (every event delivered, none out of order) with p99 lag ≤ 1 s.
 */
import { randomBytes } from 'node:crypto';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
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
  /** Of the lag, from the commit to the delivery being queued. */
  queueLagMs: { p50: number; p99: number };
  /** After the load stopped, until the last event arrived. */
  drainSeconds: number;
  passed: boolean;
}

interface Arrival {
  id: string;
  position: number;
  atMs: number;
}

/** The receiver, in a child process (bench/webhook-receiver.ts): a receiver is another system. */
async function startBenchReceiver() {
  const child = fork(fileURLToPath(new URL('./webhook-receiver.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m: { type: string; url: string }) => (m.type === 'ready' ? resolve(m.url) : reject(new Error('receiver did not start'))));
    child.once('exit', () => reject(new Error('receiver exited')));
  });
  return {
    url,
    setSecret: (secret: string) => child.send({ type: 'secret', secret }),
    /** The arrivals so far, asked of the receiver. */
    report: () =>
      new Promise<{ arrivals: Arrival[]; unverified: number }>((resolve) => {
        child.once('message', (m: { type: string; arrivals: Arrival[]; unverified: number }) => resolve({ arrivals: m.arrivals, unverified: m.unverified }));
        child.send({ type: 'report' });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.disconnect();
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
  const receiver = await startBenchReceiver();
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
        receiver.setSecret(
          (await post<{ secret: string }>('/api/webhooks', { project_id: null, url: receiver.url, kinds: ['stock.moved'], description: 'Bench receiver' }))
            .secret,
        );
        // Every part once before the clock starts: a part's first receive also defines it in the catalogue.
        log('Webhooks: seeding 200 parts…');
        await steadyReceives(server.url, cookie, projects, 400, 0.5);
        // Then a warm-up at the full rate, not measured: the server's, the sender's and the receiver's
        // code paths compiled, as in a server that has been up for a while. Measured once it drained.
        log(`Webhooks: warming up, ${rate} receives a second for 2 s…`);
        await steadyReceives(server.url, cookie, projects, rate, 2);
        const { rows: head } = await sql<{ p: number }>`select coalesce(max(global_position), 0)::int as p from events`.execute(handle.db);
        const from = Number(head[0]!.p);
        for (const drainBy = Date.now() + 30_000; Date.now() < drainBy; ) {
          if ((await receiver.report()).arrivals.some((a) => a.position >= from)) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }

        log(`Webhooks: ${rate} receives a second for ${seconds} s, one endpoint…`);
        const loadStarted = performance.timeOrigin + performance.now();
        const receives = await steadyReceives(server.url, cookie, projects, rate, seconds);
        const loadEnded = performance.timeOrigin + performance.now();
        const { rows: events } = await sql<{ position: number; recorded_ms: number }>`
          select global_position as position, (extract(epoch from recorded_at) * 1000)::float8 as recorded_ms
            from events where global_position > ${from} and type = 'MaterialReceived' order by global_position`.execute(handle.db);
        const deadline = Date.now() + 60_000;
        const firstArrival = new Map<number, Arrival>();
        let received = await receiver.report();
        const seen = () => {
          for (const a of received.arrivals) if (a.position > from && !firstArrival.has(a.position)) firstArrival.set(a.position, a);
          return events.every((e) => firstArrival.has(Number(e.position)));
        };
        while (!seen() && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          received = await receiver.report();
        }
        const lastArrival = Math.max(...[...firstArrival.values()].map((a) => a.atMs));

        // Where the lag is spent: from the commit to the delivery being queued (the subscription), the rest is sending.
        const { rows: queued } = await sql<{ p50: number; p99: number }>`
          select percentile_cont(0.5) within group (order by ms) as p50, percentile_cont(0.99) within group (order by ms) as p99
            from (select extract(epoch from d.enqueued_at - e.recorded_at) * 1000 as ms
                    from webhook_deliveries d join events e on e.global_position = d.position
                   where d.position > ${from} and e.type = 'MaterialReceived') lag`.execute(handle.db);
        const lags = events.filter((e) => firstArrival.has(Number(e.position))).map((e) => firstArrival.get(Number(e.position))!.atMs - Number(e.recorded_ms));
        lags.sort((a, b) => a - b);
        const ids = new Set<string>();
        const ordered = received.arrivals.filter((a) => a.position > from && !ids.has(a.id) && ids.add(a.id));
        let outOfOrder = 0;
        for (let i = 1; i < ordered.length; i += 1) if (ordered[i]!.position < ordered[i - 1]!.position) outOfOrder += 1;
        const inLoad = [...firstArrival.values()].filter((a) => a.atMs >= loadStarted && a.atMs <= loadEnded).length;
        const figures: WebhookFigures = {
          rate,
          seconds,
          receives,
          delivered: firstArrival.size,
          repeated: received.arrivals.filter((a) => a.position > from).length - firstArrival.size,
          outOfOrder,
          unverified: received.unverified,
          deliveriesPerSecond: inLoad / ((loadEnded - loadStarted) / 1000),
          lagMs: { p50: Math.round(percentile(lags, 50)), p99: Math.round(percentile(lags, 99)), max: Math.round(lags.at(-1) ?? 0) },
          queueLagMs: { p50: Math.round(Number(queued[0]?.p50 ?? 0)), p99: Math.round(Number(queued[0]?.p99 ?? 0)) },
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
    ['  of it, commit → queued p50 / p99', `${f.queueLagMs.p50} / ${f.queueLagMs.p99} ms`, ''],
    ['Drained after the load', `${f.drainSeconds.toFixed(2)} s`, ''],
    ['Result', f.passed ? 'met' : 'MISSED', ''],
  ];
}
