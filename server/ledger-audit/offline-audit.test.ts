/**
 * The offline audit passes on an untouched bundle and fails on each tampering of issue 16 point 4:
 * a bundle edited after download (a CSV row, an event), and books changed in the database by a
 * superuser with the triggers disabled (a quantity edited, a stream's last event deleted, a stream
 * rewritten with recomputed stream hashes), which `ledger verify`'s checks also name.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditBundle, Checkpoint } from '../../contract/ledger.ts';
import { eventHash } from '../../ledger/event-store/hash-chain.ts';
import { verifyHashChains } from '../../ledger/event-store/verify-chains.ts';
import { newSigningKeyPem, signingKeyFromPem } from '../../ledger/seal/signing-key.ts';
import { verifySeal } from '../../ledger/seal/verify-seal.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { runAudit } from './audit-command.ts';
import { sealCommitted } from '../../ledger/seal/seal-testing.ts';
import { writeCheckpoint } from '../../ledger/seal/seal-page.ts';
import { projectWithHistory, takeBundle, withoutTriggers } from '../../test/fixtures/audit-history.ts';
import { AuditFailure, auditBundleData } from './offline-audit.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const key = signingKeyFromPem(newSigningKeyPem());
const dir = mkdtempSync(join(tmpdir(), 'ledger-audit-'));
const projects: Record<'untouched' | 'edited' | 'truncated' | 'rewritten' | 'forged', string> = {
  untouched: '',
  edited: '',
  truncated: '',
  rewritten: '',
  forged: '',
};
/** The checkpoint an auditor saved before anything was tampered with. */
let saved: Checkpoint;

const audit = (bundle: AuditBundle, checkpoint: Checkpoint | null = null) => {
  const lines: string[] = [];
  try {
    auditBundleData(bundle, checkpoint, (line) => lines.push(line));
    return { ok: true, lines, failure: null };
  } catch (error) {
    if (!(error instanceof AuditFailure)) throw error;
    return { ok: false, lines, failure: error.message };
  }
};
const copy = (bundle: AuditBundle): AuditBundle => structuredClone(bundle);

beforeAll(async () => {
  runtime = await openTestRuntime();
  for (const name of Object.keys(projects) as Array<keyof typeof projects>)
    projects[name] = await projectWithHistory(runtime.store, name.toUpperCase().slice(0, 4));
  saved = (await takeBundle(runtime.store, key, projects.untouched)).checkpoint;
});
afterAll(async () => {
  await runtime.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the offline audit of an untouched bundle', () => {
  it('checks every row, event, chain link, signature and figure, and the saved checkpoint', async () => {
    // One more movement after the saved checkpoint, so the bundle's books must extend it.
    await projectWithHistory(runtime.store, 'MORE');
    const { bundle, text } = await takeBundle(runtime.store, key, projects.untouched, saved.ledger_seq);
    expect(bundle.events.map((e) => e.type)).toEqual(['MaterialReceived', 'MaterialReturned', 'MaterialAssigned', 'MaterialMarkedLost']);
    expect(bundle.figures.map((f) => [f.part_number, f.opening.on_hand, f.closing.on_hand, f.closing.field, f.closing.lost])).toEqual([
      ['UNTO-A', 40, 25, 10, 0],
      ['UNTO-B', 0, 10, 0, 2],
    ]);
    const result = audit(bundle, saved);
    expect(result.failure).toBeNull();
    expect(result.lines).toHaveLength(7);
    expect(result.lines.at(-1)).toContain(`extend your checkpoint at ledger_seq ${saved.ledger_seq}`);

    writeFileSync(join(dir, 'bundle.json'), text);
    writeFileSync(join(dir, 'checkpoint.json'), JSON.stringify(saved));
    const printed: string[] = [];
    expect(runAudit([join(dir, 'bundle.json'), '--checkpoint', join(dir, 'checkpoint.json')], (line) => printed.push(line))).toBe(0);
    expect(printed.at(-1)).toMatch(/^audit: OK/);
    expect(runAudit([], () => undefined)).toBe(2);
  });

  it('fails on a CSV row or an event edited in the file, and on a saved checkpoint it cannot vouch for', async () => {
    const { bundle } = await takeBundle(runtime.store, key, projects.untouched);
    const row = copy(bundle);
    row.csv = row.csv.replace('"-5","0","0"', '"-3","0","0"');
    expect(audit(row).failure).toMatch(/^CSV line \d+ \(position \d+\): On Hand Change is "-3" but its event says "-5"$/);

    const event = copy(bundle);
    (event.events[1]!.data as { quantity: number }).quantity = 3;
    expect(audit(event).failure).toMatch(/^event at position \d+ \(stream stock:project:.+ version 2\): its hash does not recompute: the event was changed$/);

    const signature = copy(bundle);
    signature.checkpoints[signature.checkpoints.length - 1]!.signature = signature.checkpoints[0]!.signature;
    expect(audit(signature).failure).toMatch(/signature does not verify/);

    const forged = { ...saved, chain_hash: 'f'.repeat(64) };
    expect(audit(bundle, forged).failure).toMatch(/your checkpoint at ledger_seq \d+: its signature does not verify/);
    writeFileSync(join(dir, 'edited.json'), JSON.stringify(row));
    const printed: string[] = [];
    expect(runAudit([join(dir, 'edited.json')], (line) => printed.push(line))).toBe(1);
    expect(printed.at(-1)).toBe('audit: FAILED');
  });
});

describe('books changed in the database with the triggers disabled', () => {
  async function stockEvents(projectId: string) {
    const { rows } = await sql<{ global_position: number; stream_id: string; stream_version: number; type: string }>`
      select global_position, stream_id, stream_version, type from events where stream_id like ${`stock:project:${projectId}:%`} order by global_position`.execute(
      runtime.store.db,
    );
    return rows.map((r) => ({ ...r, global_position: Number(r.global_position) }));
  }

  it('an edited quantity: verify names the stream, and the bundle fails the audit', async () => {
    const returned = (await stockEvents(projects.edited)).find((e) => e.type === 'MaterialReturned')!;
    await withoutTriggers(runtime.store, async () => {
      await sql`update events set data = jsonb_set(data, '{quantity}', '1') where global_position = ${returned.global_position}`.execute(runtime.store.db);
    });
    const chains = await verifyHashChains(runtime.store);
    expect(chains.problems).toContainEqual(
      expect.objectContaining({
        streamId: returned.stream_id,
        streamVersion: returned.stream_version,
        problem: expect.stringContaining('hash does not match the event'),
      }),
    );
    const { bundle } = await takeBundle(runtime.store, key, projects.edited);
    expect(audit(bundle, saved).failure).toBe(
      `event at position ${returned.global_position} (stream ${returned.stream_id} version ${returned.stream_version}): its hash does not recompute: the event was changed`,
    );
  });

  it("a stream's last event deleted: verify names the stream, and the bundle fails the audit", async () => {
    const events = await stockEvents(projects.truncated);
    const last = events.filter((e) => e.stream_id === events[0]!.stream_id).at(-1)!;
    await withoutTriggers(runtime.store, async () => {
      await sql`delete from events where global_position = ${last.global_position}`.execute(runtime.store.db);
    });
    const seal = await verifySeal(runtime.store.db, { publicKey: key.publicKey });
    expect(seal.problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `stream ${last.stream_id} version ${last.stream_version}, position ${last.global_position}: the sealed event is missing from the ledger \\(deleted\\)`,
        ),
      ),
    );
    const { bundle } = await takeBundle(runtime.store, key, projects.truncated);
    expect(audit(bundle, saved).failure).toMatch(/^the CSV has 4 rows for 3 events$/);
  });

  it('a stream rewritten with recomputed stream hashes: the stream chains pass, verify names it by the seal, and the bundle fails the audit', async () => {
    const events = await stockEvents(projects.rewritten);
    const streamId = events.find((e) => e.type === 'MaterialReturned')!.stream_id;
    const stream = await runtime.store.readStream(runtime.store.db, streamId);
    await withoutTriggers(runtime.store, async () => {
      let prev: Uint8Array | null = null;
      for (const e of stream) {
        const data = e.type === 'MaterialReturned' ? { ...(e.data as object), quantity: 1 } : e.data;
        const hash = eventHash(prev, { ...e, data });
        await sql`update events set data = ${JSON.stringify(data)}::jsonb, prev_hash = ${prev}, hash = ${hash} where global_position = ${e.globalPosition}`.execute(
          runtime.store.db,
        );
        prev = hash;
      }
    });
    const chains = await verifyHashChains(runtime.store);
    expect(chains.problems.filter((p) => p.streamId === streamId)).toEqual([]);
    const seal = await verifySeal(runtime.store.db, { publicKey: key.publicKey });
    expect(seal.problems).toContainEqual(
      expect.stringMatching(
        new RegExp(`stream ${streamId} version 2, position \\d+: the event's hash differs from the hash sealed: it was rewritten after sealing`),
      ),
    );
    const { bundle } = await takeBundle(runtime.store, key, projects.rewritten);
    expect(audit(bundle, saved).failure).toMatch(
      new RegExp(`^event at position \\d+ \\(stream ${streamId} version 2, ledger_seq \\d+\\): its hash is not the one sealed$`),
    );
  });

  it('books rewritten everywhere, the seal rebuilt and signed afresh: only the checkpoint saved before shows it', async () => {
    const events = await stockEvents(projects.forged);
    const streamId = events[0]!.stream_id;
    const stream = await runtime.store.readStream(runtime.store.db, streamId);
    const tables = ['events', 'ledger_seal', 'ledger_merkle_blocks', 'ledger_checkpoints'];
    for (const table of tables) await sql`alter table ${sql.table(table)} disable trigger user`.execute(runtime.store.db);
    try {
      // Who received the part is rewritten, the stream's hashes recomputed, the log rows made to agree.
      let prev: Uint8Array | null = null;
      for (const e of stream) {
        const metadata = { ...e.metadata, actorName: 'Someone else' };
        const hash = eventHash(prev, { ...e, metadata });
        await sql`update events set metadata = ${JSON.stringify(metadata)}::jsonb, prev_hash = ${prev}, hash = ${hash} where global_position = ${e.globalPosition}`.execute(
          runtime.store.db,
        );
        await sql`update activity_log set actor_name = 'Someone else', hash = ${Buffer.from(hash).toString('hex')} where position = ${e.globalPosition}`.execute(
          runtime.store.db,
        );
        prev = hash;
      }
      // The whole seal thrown away and made again from the rewritten events, then signed by the running server.
      for (const table of tables.slice(1)) await sql`delete from ${sql.table(table)}`.execute(runtime.store.db);
    } finally {
      for (const table of tables) await sql`alter table ${sql.table(table)} enable trigger user`.execute(runtime.store.db);
    }
    await sealCommitted(runtime.store);
    await writeCheckpoint(runtime.store.db, key);
    expect((await verifyHashChains(runtime.store)).problems.filter((p) => p.streamId === streamId)).toEqual([]);
    expect((await verifySeal(runtime.store.db, { publicKey: key.publicKey })).problems).toEqual([]);

    const { bundle } = await takeBundle(runtime.store, key, projects.forged);
    expect(audit(bundle).failure).toBeNull();
    expect(audit(bundle, saved).failure).toMatch(
      new RegExp(
        `^at ledger_seq ${saved.ledger_seq} the bundle's chain hash is [0-9a-f]{64}, your checkpoint's is ${saved.chain_hash}: the books were rewritten since you saved it$`,
      ),
    );
  });
});
