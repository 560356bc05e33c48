/**
 * The figures measured on a fresh database, as the Emmett peer measures them: 100 parts seeded with
 * one each, receives through HTTP at 16 connections (and whether any was lost or doubled: the
 * on-hand sum must equal the seed plus the acknowledged receives, give or take those still in
 * flight), then reads of that 100-part inventory at 32 connections.
 */
import { randomBytes } from 'node:crypto';
import { startServer } from '../e2e/helpers/server.ts';
import { httpLoad, rawInsertBaseline, type LoadFigures } from './measure.ts';
import { admin } from './bench-server.ts';
import { signIn } from './server-load.ts';

export const SEEDED_PARTS = 100;

export interface FreshFigures {
  receives: LoadFigures & { lostOrDoubled: number };
  rawInsert: LoadFigures;
  inventoryReads: LoadFigures;
}

export async function measureFresh(baseUrl: string, seconds: number): Promise<FreshFigures> {
  const dbName = `stockledger_bench_fresh_${randomBytes(4).toString('hex')}`;
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  await admin(baseUrl, `create database ${dbName}`);
  const server = await startServer({ DATABASE_URL: url.toString(), LOG_LEVEL: 'warn', LOGIN_RATE_LIMIT: '1000', DB_POOL_SIZE: '20' });
  try {
    const cookie = await signIn(server);
    const headers = { cookie, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/api/projects`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ project_name: 'Bench', project_customer: null, project_number: 'BENCH-1' }),
    });
    if (!created.ok) throw new Error(`creating the project: ${created.status} ${await created.text()}`);
    const projectId = ((await created.json()) as { id: string }).id;
    const receive = (part: number) =>
      JSON.stringify({ project_id: projectId, part_number: `PF-${part}`, quantity: 1, part_name: `Perf part ${part}`, standard_name: `pp${part}` });
    for (let i = 0; i < SEEDED_PARTS; i += 1) {
      const seeded = await fetch(`${server.url}/api/materials/receive`, { method: 'POST', headers, body: receive(i) });
      if (!seeded.ok) throw new Error(`seeding part ${i}: ${seeded.status} ${await seeded.text()}`);
    }

    console.log(`Receives on a fresh database (${SEEDED_PARTS} parts, 16 connections)…`);
    let next = 0;
    const receives = await httpLoad({
      url: `${server.url}/api/materials/receive`,
      connections: 16,
      seconds,
      method: 'POST',
      headers,
      body: () => receive(next++ % SEEDED_PARTS),
    });
    const inventoryUrl = `${server.url}/api/inventory/materials?project_id=${projectId}`;
    const inventory = (await (await fetch(inventoryUrl, { headers: { cookie } })).json()) as { items: { PartNumber: string; QtyOnHand: number }[] };
    const onHand = inventory.items.filter((r) => r.PartNumber.startsWith('PF-')).reduce((sum, r) => sum + Number(r.QtyOnHand), 0);
    const least = SEEDED_PARTS + receives.requests;
    const most = least + receives.inFlight;
    const lostOrDoubled = onHand < least ? onHand - least : onHand > most ? onHand - most : 0;
    const rawInsert = await rawInsertBaseline(url.toString(), 16, seconds);

    console.log(`Inventory reads of ${SEEDED_PARTS} parts (32 connections)…`);
    const inventoryReads = await httpLoad({ url: inventoryUrl, connections: 32, seconds, headers: { cookie } });
    return { receives: { ...receives, lostOrDoubled }, rawInsert, inventoryReads };
  } finally {
    await server.stop();
    await admin(baseUrl, `drop database if exists ${dbName} with (force)`);
  }
}
