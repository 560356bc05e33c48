/**
 * `npm run bench -- --soak [--soak-minutes N]` (30 minutes by default): mixed load on one server for
 * a long time — inventory, logs and project reads, receives, assigns, unassigns and returns,
 * websockets that come and go, and full CSV exports — sampling the server's resident memory, its
 * open file handles, the p99 of the minute's requests and the errors once a minute. It passes when
 * nothing failed and neither memory nor handles keep growing: the second half's slope stays under
 * 1 MB and 2 handles a minute, and the last minute holds no more handles than the first plus 20.
 */
import { readdirSync } from 'node:fs';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '../e2e/helpers/server.ts';
import { memoryOf, percentile } from './measure.ts';
import { createProject, signIn } from './server-load.ts';

export interface SoakMinute {
  minute: number;
  rssMb: number;
  handles: number;
  requests: number;
  p99Ms: number;
  errors: number;
  sockets: number;
}

export interface SoakFigures {
  minutes: number;
  samples: SoakMinute[];
  rssSlopeMbPerMinute: number;
  handleSlopePerMinute: number;
  errors: number;
  passed: boolean;
}

/** Least-squares slope of y over x. */
function slope(points: Array<[number, number]>): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((s, [x]) => s + x, 0) / n;
  const my = points.reduce((s, [, y]) => s + y, 0) / n;
  const num = points.reduce((s, [x, y]) => s + (x - mx) * (y - my), 0);
  const den = points.reduce((s, [x]) => s + (x - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

export async function soak(databaseUrl: string, minutes: number, log: (line: string) => void, accessSeconds = 300): Promise<SoakFigures> {
  // Short-lived access cookies, so the soak refreshes sessions many times as browsers do.
  const server: RunningServer = await startServer({ DATABASE_URL: databaseUrl, ACCESS_TOKEN_TTL_SECONDS: String(accessSeconds) });
  try {
    let cookie = await signIn(server);
    // As a browser does: when the access cookie runs out (every 15 minutes by default), refresh it.
    let refreshing: Promise<void> | null = null;
    const refresh = () =>
      (refreshing ??= (async () => {
        const response = await fetch(`${server.url}/api/auth/refresh`, { method: 'POST', headers: { cookie } });
        if (response.status !== 200) throw new Error(`refresh failed: ${response.status}`);
        const renewed = new Map(cookie.split('; ').map((pair) => [pair.split('=')[0]!, pair] as const));
        for (const line of response.headers.getSetCookie()) {
          const pair = line.split(';')[0]!;
          renewed.set(pair.split('=')[0]!, pair);
        }
        cookie = [...renewed.values()].join('; ');
      })().finally(() => {
        refreshing = null;
      }));
    const me = (await (await fetch(`${server.url}/api/users/me`, { headers: { cookie } })).json()) as { id: string };
    const projects = [await createProject(server, cookie), await createProject(server, cookie), await createProject(server, cookie)];
    let latencies: number[] = [];
    let errors = 0;
    let running = true;
    const call = async (method: string, url: string, body?: object) => {
      const started = performance.now();
      try {
        const send = () =>
          fetch(`${server.url}${url}`, {
            method,
            headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
            body: body ? JSON.stringify(body) : undefined,
            signal: AbortSignal.timeout(30_000),
          });
        let response = await send();
        if (response.status === 401) {
          await response.arrayBuffer();
          await refresh();
          response = await send();
        }
        await response.arrayBuffer();
        // A refusal the rules give (not enough on hand for a return) is an answer, not a failure.
        if (response.status >= 500 || response.status === 401) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - started);
    };
    const writer = async (w: number) => {
      for (let i = 0; running; i += 1) {
        const project_id = projects[(w + i) % projects.length]!;
        const part_number = `SOAK-${w}-${i % 50}`;
        await call('POST', '/api/materials/receive', { project_id, part_number, quantity: 5, part_name: `Soak part ${i % 50}`, standard_name: 'Soak' });
        await call('POST', '/api/inventory/assign', { project_id, part_number, quantity: 2, user_id: me.id });
        await call('POST', '/api/inventory/unassign', { project_id, part_number, quantity: 1, user_id: me.id });
        await call('POST', '/api/materials/return', { project_id, part_number, quantity: 1 });
      }
    };
    const reader = async (r: number) => {
      for (let i = 0; running; i += 1) {
        const project_id = projects[(r + i) % projects.length]!;
        await call('GET', `/api/inventory/materials?project_id=${project_id}&limit=50&offset=0`);
        await call('GET', `/api/materials/logs?project_id=${project_id}&page=1&page_size=50&days=all`);
        await call('GET', '/api/projects');
      }
    };
    const exporter = async () => {
      while (running) {
        await call('GET', `/api/materials/logs?project_id=${projects[0]}&days=all&format=csv`);
        await new Promise((resolve) => setTimeout(resolve, 20_000));
      }
    };
    // Twenty browsers' sockets, each replaced by a new one every 30 seconds.
    const sockets = new Set<WebSocket>();
    const openSocket = () => {
      // The server's origin, as a browser page of the site sends it.
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers: { cookie, origin: server.url } });
      socket.on('open', () => socket.send(JSON.stringify({ type: 'subscribe', projectId: projects[0] })));
      socket.on('error', () => (errors += 1));
      socket.on('close', () => sockets.delete(socket));
      sockets.add(socket);
      setTimeout(() => socket.close(), 30_000).unref();
    };
    for (let i = 0; i < 20; i += 1) openSocket();
    const churn = setInterval(() => {
      while (running && sockets.size < 20) openSocket();
    }, 1000);

    const load = [writer(0), writer(1), reader(0), reader(1), reader(2), exporter()];
    const samples: SoakMinute[] = [];
    for (let minute = 1; minute <= minutes; minute += 1) {
      await new Promise((resolve) => setTimeout(resolve, 60_000));
      const sorted = latencies.sort((a, b) => a - b);
      const sample: SoakMinute = {
        minute,
        rssMb: Math.round(memoryOf(server.pid).rssMb),
        handles: readdirSync(`/proc/${server.pid}/fd`).length,
        requests: sorted.length,
        p99Ms: Math.round(percentile(sorted, 99) * 10) / 10,
        errors,
        sockets: sockets.size,
      };
      errors = 0;
      samples.push(sample);
      log(
        `soak minute ${minute}: RSS ${sample.rssMb} MB, ${sample.handles} handles, ${sample.requests} requests, p99 ${sample.p99Ms} ms, ${sample.errors} errors, ${sample.sockets} sockets`,
      );
      latencies = [];
    }
    running = false;
    clearInterval(churn);
    await Promise.all(load);
    for (const socket of sockets) socket.close();

    const secondHalf = samples.slice(Math.floor(samples.length / 2));
    const rssSlope = slope(secondHalf.map((s) => [s.minute, s.rssMb]));
    const handleSlope = slope(secondHalf.map((s) => [s.minute, s.handles]));
    const totalErrors = samples.reduce((sum, s) => sum + s.errors, 0);
    const first = samples[0]?.handles ?? 0;
    const last = samples.at(-1)?.handles ?? 0;
    const passed = totalErrors === 0 && rssSlope < 1 && handleSlope < 2 && last <= first + 20;
    return {
      minutes,
      samples,
      rssSlopeMbPerMinute: Math.round(rssSlope * 100) / 100,
      handleSlopePerMinute: Math.round(handleSlope * 100) / 100,
      errors: totalErrors,
      passed,
    };
  } finally {
    await server.stop();
  }
}
