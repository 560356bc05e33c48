import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebhookEventKind, WebhookPayload } from '../../contract/webhooks.ts';
import { sealCommitted } from '../../ledger/seal/seal-testing.ts';
import { buildTestApp, createUser } from '../../test/helpers/test-app.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { importLabels } from '../labels/label-commands.ts';
import { runStock } from '../materials/stock-commands.ts';
import { createProject } from '../projects/project-commands.ts';
import { changeSiteSettings } from '../site/site-settings.ts';
import { SYSTEM_ACTOR } from '../users/user-commands.ts';
import { createEndpoint } from './endpoints.ts';
import { WEBHOOKS_SUBSCRIPTION } from './webhooks.plugin.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
let app: FastifyInstance;
const projects: string[] = [];
const endpoints: Record<'one' | 'two' | 'site' | 'seals', string> = { one: '', two: '', site: '', seals: '' };
let adminId: string;
const system = { metadata: SYSTEM_ACTOR };
const PARTS = ['W-1', 'W-2', 'W-3'];
const RECEIVES = 1000;

/** A receiver on this machine that nothing answers: nothing here sends, and nothing may go further. */
const RECEIVER = 'http://127.0.0.1:9/hook';

async function register(projectId: string | null, kinds: WebhookEventKind[]): Promise<string> {
  return (await createEndpoint(runtime.store, { project_id: projectId, url: RECEIVER, kinds, description: '' }, adminId)).id;
}

interface DeliveryRow {
  seq: number;
  position: number;
  message_id: string;
  kind: string;
  payload: WebhookPayload;
}

async function deliveries(endpointId: string): Promise<DeliveryRow[]> {
  const rows = await runtime.store.db
    .selectFrom('webhook_deliveries')
    .select(['seq', 'position', 'message_id', 'kind', 'payload'])
    .where('endpoint_id', '=', endpointId)
    .orderBy('seq')
    .execute();
  return rows.map((r) => ({ ...r, seq: Number(r.seq), position: Number(r.position), payload: r.payload as WebhookPayload }));
}

/** The receives of these projects as the ledger committed them: by (transaction_id, global_position). */
async function receivesInCommitOrder(projectIds: string[]): Promise<Array<{ position: number; stream: string; quantity: number }>> {
  const { rows } = await sql<{ global_position: string; stream_id: string; quantity: number }>`
    select e.global_position::text as global_position, e.stream_id, (e.data->>'quantity')::int as quantity from events e
     where e.type = 'MaterialReceived' and e.data->'location'->>'id' = any(${projectIds}::text[])
     order by e.transaction_id, e.global_position`.execute(runtime.store.db);
  return rows.map((r) => ({ position: Number(r.global_position), stream: r.stream_id, quantity: r.quantity }));
}

beforeAll(async () => {
  runtime = await openTestRuntime();
  app = await buildTestApp(runtime);
  adminId = (await createUser(runtime, 'hooks@example.com', 'hooks password', 'superadmin', { firstName: 'Hana', lastName: 'Hooks' })).userId;
  await changeSiteSettings(runtime.store, { webhooks_allow_private: true }, system);
  for (const number of ['H-1', 'H-2']) projects.push(await createProject(runtime.store, { name: `Hooks ${number}`, customer: null, number }, system));
  // History before the endpoints exist: they hear only of what comes after.
  await runStock(
    runtime.store,
    { type: 'receive', location: { kind: 'project', id: projects[0]! }, partNumber: 'W-1', quantity: 7, partName: 'Wire', partNickname: 'W' },
    system,
  );
  endpoints.one = await register(projects[0]!, ['stock.moved']);
  endpoints.two = await register(projects[1]!, ['stock.moved', 'request.changed']);
  endpoints.site = await register(null, ['stock.moved', 'label_import.finished']);
  endpoints.seals = await register(null, ['checkpoint.signed']);

  // Eight callers at once, each receiving in turn into both projects: commits interleave.
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < RECEIVES; i = next++) {
      const projectId = projects[i % 2]!;
      const partNumber = PARTS[i % PARTS.length]!;
      await runStock(
        runtime.store,
        { type: 'receive', location: { kind: 'project', id: projectId }, partNumber, quantity: (i % 5) + 1, partName: 'Wire', partNickname: 'W' },
        system,
      );
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  await app.webhooks.drained();
}, 600_000);
afterAll(async () => {
  await app.close();
  await runtime.close();
});

describe('queueing deliveries from the ledger', () => {
  it("gives each endpoint exactly its events, in the order the ledger committed them, with each part's figures after each", async () => {
    const [first, second] = projects as [string, string];
    // The first receive came before the endpoints were registered: none hears of it, but it counts in the figures.
    const [earlier, ...receives] = await receivesInCommitOrder([first, second]);
    expect(earlier!.quantity).toBe(7);
    for (const [endpoint, scope] of [
      [endpoints.one, [first]],
      [endpoints.two, [second]],
      [endpoints.site, [first, second]],
    ] as const) {
      const rows = await deliveries(endpoint);
      const expected = receives.filter((e) => scope.some((p) => e.stream.startsWith(`stock:project:${p}:`)));
      expect(expected).toHaveLength(scope.length === 2 ? RECEIVES : RECEIVES / 2);
      expect(rows.map((r) => r.position)).toEqual(expected.map((e) => e.position));
      expect(rows.every((r) => r.kind === 'stock.moved' && r.message_id === `evt_${r.position}`)).toBe(true);

      // On hand rises by each receive's quantity, part by part.
      const onHand = new Map<string, number>([[earlier!.stream, 7]]);
      for (const [index, row] of rows.entries()) {
        const { data } = row.payload;
        expect(data).toMatchObject({
          event: 'MaterialReceived',
          position: row.position,
          stream: expected[index]!.stream,
          project_id: data.stream!.split(':')[2],
        });
        const after = (onHand.get(data.stream!) ?? 0) + expected[index]!.quantity;
        onHand.set(data.stream!, after);
        expect(data.figures).toEqual({ on_hand: after, field_assigned: 0, lost: 0 });
      }
    }
  });

  it('writes nothing twice when the subscription reads the ledger again from the start', async () => {
    const before = await runtime.store.db.selectFrom('webhook_deliveries').select(['endpoint_id', 'message_id', 'seq']).orderBy('seq').execute();
    await sql`update projection_checkpoints set transaction_id = '0'::xid8, global_position = 0 where name = ${WEBHOOKS_SUBSCRIPTION}`.execute(
      runtime.store.db,
    );
    await app.webhooks.drained();
    const after = await runtime.store.db.selectFrom('webhook_deliveries').select(['endpoint_id', 'message_id', 'seq']).orderBy('seq').execute();
    expect(after).toEqual(before);
  });

  it('queues a signed checkpoint after the events it covers, for the endpoints that ask, once', async () => {
    await sealCommitted(runtime.store);
    const signed = (await app.ledgerSeal.checkpointNow())!;
    await app.webhooks.drained();
    await app.webhooks.drained();
    const rows = await deliveries(endpoints.seals);
    expect(rows.map((r) => r.message_id)).toEqual([`ckpt_${signed.ledger_seq}`]);
    const head = await runtime.store.db
      .selectFrom('ledger_seal')
      .select('global_position')
      .where('ledger_seq', '=', signed.ledger_seq)
      .executeTakeFirstOrThrow();
    expect(rows[0]!.position).toBe(Number(head.global_position));
    expect(rows[0]!.payload.data).toMatchObject({
      event: 'CheckpointSigned',
      position: Number(head.global_position),
      details: { ledger_seq: signed.ledger_seq, tree_root: signed.tree_root, chain_hash: signed.chain_hash, signature: signed.signature },
      figures: { events: signed.ledger_seq, position: Number(head.global_position) },
    });
    const lastEventSeq = Math.max(...(await deliveries(endpoints.site)).map((r) => r.seq));
    expect(rows[0]!.seq).toBeGreaterThan(lastEventSeq);
    expect(await deliveries(endpoints.one)).toHaveLength(RECEIVES / 2);
  });

  it('tells a site-wide endpoint once when an import of many labels has finished, without the labels', async () => {
    const labels = Array.from({ length: 2500 }, (_, i) => ({ lines: [`L-${i}`], system: null, clusterPod: null }));
    await importLabels(runtime.store, { projectId: projects[1]!, labels }, system);
    await app.webhooks.drained();
    const imports = (await deliveries(endpoints.site)).filter((r) => r.kind === 'label_import.finished');
    const events = await runtime.store.db
      .selectFrom('events')
      .select('global_position')
      .where('type', '=', 'LabelsImported')
      .orderBy('global_position')
      .execute();
    expect(events).toHaveLength(3);
    expect(imports.map((r) => r.position)).toEqual([Number(events[2]!.global_position)]);
    expect(imports[0]!.payload.data.details).toEqual({ projectId: projects[1], importId: expect.any(String) });
  });
});

describe('replay', () => {
  it('queues again exactly the matching events after the position, in ledger order, behind what was there, with the same bodies', async () => {
    const before = await deliveries(endpoints.one);
    const from = before[Math.floor(before.length / 2)]!.position;
    const lastSeq = Math.max(...(await runtime.store.db.selectFrom('webhook_deliveries').select('seq').execute()).map((r) => Number(r.seq)));
    const expected = (await receivesInCommitOrder([projects[0]!])).filter((e) => e.position > from);

    const queued = await app.webhooks.replay(endpoints.one, from);

    expect(queued).toBe(expected.length);
    const after = await deliveries(endpoints.one);
    const replayed = after.filter((r) => r.seq > lastSeq);
    expect(replayed.map((r) => r.position)).toEqual(expected.map((e) => e.position));
    const firstTime = new Map(before.map((r) => [r.message_id, r.payload]));
    for (const row of replayed) {
      const { timestamp: _t1, ...body } = row.payload;
      const { timestamp: _t2, ...original } = firstTime.get(row.message_id)!;
      expect(body).toEqual(original);
    }
    // Everything the endpoint heard of before the position stays as it was.
    expect(after.filter((r) => r.seq <= lastSeq).map((r) => r.position)).toEqual(before.filter((r) => r.position <= from).map((r) => r.position));
  });

  it('reaches before the endpoint was registered', async () => {
    const queued = await app.webhooks.replay(endpoints.one, 0);
    expect(queued).toBe(RECEIVES / 2 + 1);
    const rows = await deliveries(endpoints.one);
    expect(rows[0]!.payload.data.figures).toEqual({ on_hand: 7, field_assigned: 0, lost: 0 });
  });
});
