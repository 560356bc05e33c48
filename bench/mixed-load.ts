/**
 * The mixed load: 24 connections read ten projects' inventories while 8 receive into the same
 * projects, at the same time, for the same seconds; what a site sees when the office is reading while
 * the crews book deliveries. The same driver runs against our server and against the Emmett peer's
 * (both answer `POST /api/materials/receive` and `GET /api/inventory/materials?project_id=`).
 */
import { randomUUID } from 'node:crypto';
import { withBenchServer } from './bench-server.ts';
import { httpLoad, type LoadFigures } from './measure.ts';
import { withPeerServer } from './peer.ts';

export const MIXED = { projects: 10, partsPerProject: 20, readers: 24, writers: 8 } as const;

export interface MixedTarget {
  /** The server's origin. */
  url: string;
  /** Its session cookie (the peer ignores it). */
  headers: Record<string, string>;
  projectIds: readonly string[];
}

export interface MixedFigures {
  reads: LoadFigures;
  receives: LoadFigures;
}

function receiveBody(projectId: string, part: number): string {
  return JSON.stringify({ project_id: projectId, part_number: `MX-${part}`, quantity: 1, part_name: `Mixed part ${part}`, standard_name: `mx${part}` });
}

/** Every project gets its parts, one each, so every read answers a full inventory from the start. */
export async function seedMixed(target: MixedTarget): Promise<void> {
  const headers = { ...target.headers, 'content-type': 'application/json' };
  for (const projectId of target.projectIds) {
    for (let part = 0; part < MIXED.partsPerProject; part += 1) {
      const response = await fetch(`${target.url}/api/materials/receive`, { method: 'POST', headers, body: receiveBody(projectId, part) });
      if (!response.ok) throw new Error(`seeding the mixed load: ${response.status} ${(await response.text()).slice(0, 300)}`);
    }
  }
}

export async function measureMixed(target: MixedTarget, seconds: number): Promise<MixedFigures> {
  const { projectIds } = target;
  const inventoryPath = (i: number) => `/api/inventory/materials?project_id=${encodeURIComponent(projectIds[i % projectIds.length]!)}`;
  let read = 0;
  let written = 0;
  const [reads, receives] = await Promise.all([
    httpLoad({ url: `${target.url}${inventoryPath(0)}`, connections: MIXED.readers, seconds, headers: target.headers, path: () => inventoryPath(read++) }),
    httpLoad({
      url: `${target.url}/api/materials/receive`,
      connections: MIXED.writers,
      seconds,
      method: 'POST',
      headers: { ...target.headers, 'content-type': 'application/json' },
      body: () => {
        const n = written++;
        return receiveBody(projectIds[n % projectIds.length]!, Math.floor(n / projectIds.length) % MIXED.partsPerProject);
      },
    }),
  ]);
  return { reads, receives };
}

/** Ours: a fresh database, ten projects made through the API, the admin's session. */
export async function measureMixedOurs(baseUrl: string, seconds: number): Promise<MixedFigures> {
  return withBenchServer(baseUrl, { name: 'mixed', poolSize: 20 }, async ({ server, cookie, post }) => {
    const projectIds: string[] = [];
    for (let i = 1; i <= MIXED.projects; i += 1) {
      const { id } = await post<{ id: string }>('/api/projects', { project_name: `Mixed ${i}`, project_customer: null, project_number: `MIXED-${i}` });
      projectIds.push(id);
    }
    const target = { url: server.url, headers: { cookie }, projectIds };
    await seedMixed(target);
    console.log(`Mixed load, ours: ${MIXED.readers} connections reading ${MIXED.projects} projects, ${MIXED.writers} receiving…`);
    return measureMixed(target, seconds);
  });
}

/** The peer's: its server on a fresh database; its projects are any ids (it keeps no project table). */
export async function measureMixedPeer(baseUrl: string, seconds: number): Promise<MixedFigures> {
  return withPeerServer(baseUrl, async (url) => {
    const target = { url, headers: { cookie: 'session=bench-ignored' }, projectIds: Array.from({ length: MIXED.projects }, () => randomUUID()) };
    await seedMixed(target);
    console.log('Mixed load, the Emmett peer…');
    return measureMixed(target, seconds);
  });
}

export interface MixedPair {
  ours: MixedFigures;
  peer: MixedFigures;
  receiveRatio: number;
  readRatio: number;
}

/**
 * Three pairs, each the peer then ours (one pair's ratio moves by a third from run to run on a
 * shared two-core machine); the middle pair by the receive ratio is the figure.
 */
export async function mixedBesidePeer(baseUrl: string, seconds: number, pairs: number): Promise<{ middle: MixedPair; pairs: MixedPair[] }> {
  const runs: MixedPair[] = [];
  for (let i = 0; i < pairs; i += 1) {
    const peer = await measureMixedPeer(baseUrl, seconds);
    const ours = await measureMixedOurs(baseUrl, seconds);
    runs.push({
      ours,
      peer,
      receiveRatio: ours.receives.requestsPerSecond / peer.receives.requestsPerSecond,
      readRatio: ours.reads.requestsPerSecond / peer.reads.requestsPerSecond,
    });
  }
  const middle = [...runs].sort((a, b) => a.receiveRatio - b.receiveRatio)[Math.floor(runs.length / 2)]!;
  return { middle, pairs: runs };
}

const n = (x: number) => Math.round(x).toLocaleString('en');
const ms = (x: number) => `${x.toFixed(0)} ms`;

/** The table: ours beside the peer's, each pair, against the targets (≥ 2× receives, p99 ≤ 50 ms; ≥ 3× reads, p99 ≤ 30 ms). */
export function mixedRows(result: { middle?: MixedPair; pairs?: MixedPair[]; ours?: MixedFigures }): string[][] {
  const rows = [['Mixed load (24 reading, 8 receiving, 10 projects)', 'Ours', 'p99', 'Emmett peer', 'p99', 'Ratio', 'Target']];
  const ours = result.middle?.ours ?? result.ours;
  if (!ours) return rows;
  const peer = result.middle?.peer;
  const targets = [
    { label: 'Receives/s', side: 'receives', ratio: result.middle?.receiveRatio, least: 2, p99: 50 },
    { label: 'Inventory reads/s', side: 'reads', ratio: result.middle?.readRatio, least: 3, p99: 30 },
  ] as const;
  for (const t of targets) {
    const met = ours[t.side].p99 <= t.p99 && (t.ratio === undefined || t.ratio >= t.least);
    rows.push([
      t.label,
      n(ours[t.side].requestsPerSecond),
      ms(ours[t.side].p99),
      peer ? n(peer[t.side].requestsPerSecond) : '',
      peer ? ms(peer[t.side].p99) : '',
      t.ratio === undefined ? '' : `${t.ratio.toFixed(2)}×`,
      `≥ ${t.least}×, p99 ≤ ${t.p99} ms ${met ? 'MET' : 'not met'}`,
    ]);
  }
  for (const [i, pair] of (result.pairs ?? []).entries()) {
    rows.push([
      `  pair ${i + 1}`,
      `${n(pair.ours.receives.requestsPerSecond)} / ${n(pair.ours.reads.requestsPerSecond)}`,
      `${ms(pair.ours.receives.p99)} / ${ms(pair.ours.reads.p99)}`,
      `${n(pair.peer.receives.requestsPerSecond)} / ${n(pair.peer.reads.requestsPerSecond)}`,
      `${ms(pair.peer.receives.p99)} / ${ms(pair.peer.reads.p99)}`,
      `${pair.receiveRatio.toFixed(2)}× / ${pair.readRatio.toFixed(2)}×`,
      'receives / reads',
    ]);
  }
  return rows;
}
