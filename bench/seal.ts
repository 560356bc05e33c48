/**
 * `npm run bench -- --seal`: what the global seal costs and whether it keeps up. Two servers on
 * fresh databases, one sealing (LEDGER_SEALER=on) and one not, take receives at 16 connections in
 * alternating rounds; after each sealing round the backlog left and the time to clear it are read
 * from /api/ledger/status. Then 100,000 receives go into one project of the sealing server's
 * database, its bundle is downloaded, and `npm run ledger -- audit` checks it offline.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../e2e/helpers/server.ts';
import { runStock } from '../server/materials/stock-commands.ts';
import { openRuntime } from '../server/runtime.ts';
import { SYSTEM_ACTOR } from '../server/users/user-commands.ts';
import { httpLoad, type LoadFigures } from './measure.ts';
import { admin } from './bench-server.ts';
import { signIn } from './server-load.ts';

export interface SealFigures {
  rounds: number;
  secondsPerRound: number;
  withoutSealer: LoadFigures[];
  withSealer: LoadFigures[];
  /** Mean receives/s with the sealer over without it. */
  ratio: number;
  /** Events left unsealed when each sealing round ended, and the seconds until they were sealed. */
  backlogAtEnd: number[];
  catchUpSeconds: number[];
  /** Events the sealer sealed per second during the rounds, and events committed per second. */
  sealedPerSecond: number;
  committedPerSecond: number;
  bundle: { events: number; bytes: number; downloadSeconds: number; auditSeconds: number; auditOutput: string };
}

const root = path.resolve(import.meta.dirname, '..');
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function freshServer(baseUrl: string, sealer: 'on' | 'off') {
  const dbName = `stockledger_bench_seal_${sealer}_${randomBytes(4).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  await admin(baseUrl, `create database ${dbName}`);
  const server = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', DB_POOL_SIZE: '20', LEDGER_SEALER: sealer });
  const cookie = await signIn(server);
  const headers = { cookie, 'content-type': 'application/json' };
  const created = await fetch(`${server.url}/api/projects`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ project_name: 'Seal', project_customer: null, project_number: `SEAL-${sealer}` }),
  });
  if (!created.ok) throw new Error(`creating the project: ${created.status} ${await created.text()}`);
  const projectId = ((await created.json()) as { id: string }).id;
  const receive = (part: number) =>
    JSON.stringify({ project_id: projectId, part_number: `PS-${part}`, quantity: 1, part_name: `Seal part ${part}`, standard_name: `ps${part}` });
  for (let i = 0; i < 100; i += 1) {
    const seeded = await fetch(`${server.url}/api/materials/receive`, { method: 'POST', headers, body: receive(i) });
    if (!seeded.ok) throw new Error(`seeding: ${seeded.status}`);
  }
  const status = async () => (await (await fetch(`${server.url}/api/ledger/status`, { headers: { cookie } })).json()) as { events: number; sealed: number };
  return {
    server,
    projectId,
    headers,
    cookie,
    receive,
    status,
    url: url.toString(),
    close: async () => {
      await server.stop();
      await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
    },
  };
}

export async function measureSeal(
  baseUrl: string,
  options: { seconds: number; rounds: number; bundleEvents: number; log: (line: string) => void },
): Promise<SealFigures> {
  const { seconds, rounds, log } = options;
  const off = await freshServer(baseUrl, 'off');
  const on = await freshServer(baseUrl, 'on');
  const dir = mkdtempSync(path.join(tmpdir(), 'stockledger-seal-'));
  try {
    const withoutSealer: LoadFigures[] = [];
    const withSealer: LoadFigures[] = [];
    const backlogAtEnd: number[] = [];
    const catchUpSeconds: number[] = [];
    let sealedDuring = 0;
    let committedDuring = 0;
    let next = 0;
    // Each run starts from the same state: the last run's writes flushed and the machine idle for a
    // moment, so one server's background work (checkpoints, autovacuum) does not fall in the
    // other's run.
    const settle = async () => {
      await admin(baseUrl, 'checkpoint');
      await new Promise((r) => setTimeout(r, 1000));
    };
    // The same receives against either server, cycling through its 100 parts.
    const receives = (site: typeof on) =>
      httpLoad({
        url: `${site.server.url}/api/materials/receive`,
        connections: 16,
        seconds,
        method: 'POST',
        headers: site.headers,
        body: () => site.receive(next++ % 100),
      });
    const loadOff = async () => {
      await settle();
      withoutSealer.push(await receives(off));
    };
    const loadOn = async () => {
      await settle();
      const before = await on.status();
      withSealer.push(await receives(on));
      const after = await on.status();
      sealedDuring += after.sealed - before.sealed;
      committedDuring += after.events - before.events;
      backlogAtEnd.push(after.events - after.sealed);
      const started = performance.now();
      for (;;) {
        const now = await on.status();
        if (now.sealed >= after.events) break;
        await new Promise((r) => setTimeout(r, 20));
      }
      catchUpSeconds.push((performance.now() - started) / 1000);
    };
    for (let round = 0; round < rounds; round += 1) {
      // The order alternates, so neither server always runs second on a machine still busy with the first.
      const sealerFirst = round % 2 === 1;
      log(
        `Round ${round + 1} of ${rounds}: receives ${sealerFirst ? 'with the sealer, then without it' : 'without the sealer, then with it'} (16 connections, ${seconds} s each)…`,
      );
      if (sealerFirst) {
        await loadOn();
        await loadOff();
      } else {
        await loadOff();
        await loadOn();
      }
    }

    log(`${options.bundleEvents.toLocaleString('en')} receives into one project, then its bundle and the offline audit…`);
    const startedAt = new Date();
    // Through the command path in this process (group commit), not HTTP: the server seals them as they commit.
    const runtime = await openRuntime({ databaseUrl: on.url, dataDir: '', poolSize: 4, migrate: false });
    try {
      const location = { kind: 'project' as const, id: on.projectId };
      for (let done = 0; done < options.bundleEvents; done += 500) {
        await Promise.all(
          Array.from({ length: Math.min(500, options.bundleEvents - done) }, (_, i) =>
            runStock(
              runtime.store,
              { type: 'receive', location, partNumber: `PS-${(done + i) % 100}`, quantity: 1, partName: null, partNickname: null },
              { metadata: SYSTEM_ACTOR, now: new Date() },
            ),
          ),
        );
      }
    } finally {
      await runtime.close();
    }
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const downloadStarted = performance.now();
    const response = await fetch(`${on.server.url}/api/ledger/bundle?project_id=${on.projectId}&from=${day(startedAt)}&to=${day(new Date())}`, {
      headers: { cookie: on.cookie },
    });
    if (!response.ok) throw new Error(`bundle: ${response.status} ${await response.text()}`);
    const file = path.join(dir, 'bundle.json');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const downloadSeconds = (performance.now() - downloadStarted) / 1000;
    const auditStarted = performance.now();
    const auditOutput = execFileSync(
      process.execPath,
      ['--max-semi-space-size=64', '--import', 'tsx', path.join(root, 'server/ledger-cli.ts'), 'audit', file],
      { cwd: root, encoding: 'utf8' },
    );
    const auditSeconds = (performance.now() - auditStarted) / 1000;
    const events = Number(auditOutput.match(/, (\d+) events/)?.[1] ?? 0);
    const ratio = mean(withSealer.map((f) => f.requestsPerSecond)) / mean(withoutSealer.map((f) => f.requestsPerSecond));
    return {
      rounds,
      secondsPerRound: seconds,
      withoutSealer,
      withSealer,
      ratio,
      backlogAtEnd,
      catchUpSeconds,
      sealedPerSecond: sealedDuring / (rounds * seconds),
      committedPerSecond: committedDuring / (rounds * seconds),
      bundle: { events, bytes: statSync(file).size, downloadSeconds, auditSeconds, auditOutput },
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await off.close();
    await on.close();
  }
}

const n = (value: number, digits = 0) => value.toLocaleString('en', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export function sealRows(f: SealFigures): string[][] {
  const without = mean(f.withoutSealer.map((x) => x.requestsPerSecond));
  const withIt = mean(f.withSealer.map((x) => x.requestsPerSecond));
  return [
    ['Figure', 'Measured', 'Baseline', 'Target', ''],
    [
      `Receives/s with the sealer (16 conn, ${f.rounds} × ${f.secondsPerRound} s)`,
      n(withIt),
      `${n(without)} without (${n(f.ratio * 100, 1)}%)`,
      'within 5%',
      f.ratio >= 0.95 ? 'met' : 'MISSED',
    ],
    [
      '  each round with / without',
      f.withSealer.map((x, i) => `${n(x.requestsPerSecond)} / ${n(f.withoutSealer[i]!.requestsPerSecond)}`).join(', '),
      '',
      '',
      '',
    ],
    ['  p99 with / without', `${n(mean(f.withSealer.map((x) => x.p99)), 1)} ms / ${n(mean(f.withoutSealer.map((x) => x.p99)), 1)} ms`, '', '', ''],
    ['Sealed events/s during the rounds', n(f.sealedPerSecond), `${n(f.committedPerSecond)} committed/s`, '', ''],
    ['  unsealed when a round ended', f.backlogAtEnd.map((x) => n(x)).join(', '), '', '', ''],
    // Keeping up: whatever a round left unsealed is sealed within two seconds of its end.
    [
      '  seconds until all were sealed (keeps up)',
      f.catchUpSeconds.map((x) => n(x, 2)).join(', '),
      '',
      '≤ 2 s',
      Math.max(...f.catchUpSeconds) <= 2 ? 'met' : 'MISSED',
    ],
    [
      `Offline audit of a bundle of ${n(f.bundle.events)} events`,
      `${n(f.bundle.auditSeconds, 2)} s`,
      `${n(f.bundle.bytes / 2 ** 20, 1)} MB, downloaded in ${n(f.bundle.downloadSeconds, 2)} s`,
      '≤ 10 s',
      f.bundle.auditSeconds <= 10 ? 'met' : 'MISSED',
    ],
  ];
}
