import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendEvents } from '../../test/helpers/raw-events.ts';
import { openTestRuntime } from '../../test/helpers/test-database.ts';
import { checkpointMessage } from '../../contract/ledger.ts';
import { chainHash, GENESIS_CHAIN_HASH } from './chain.ts';
import { toHex } from '../event-store/hash-chain.ts';
import { BLOCK, consistencyProof, leafHash, memorySource, treeRoot, verifyConsistency } from './merkle.ts';
import { storedTreeRoot, writeCheckpoint } from './seal-page.ts';
import { blockHashes, listCheckpoints, withStoredTree } from './seal-store.ts';
import { sealCommitted } from './seal-testing.ts';
import { KEY_FILE_NAME, loadSigningKey, newSigningKeyPem, signingKeyFromPem, verifyCheckpointSignature } from './signing-key.ts';
import { verifySeal } from './verify-seal.ts';

let runtime: Awaited<ReturnType<typeof openTestRuntime>>;
const key = signingKeyFromPem(newSigningKeyPem());

beforeAll(async () => {
  runtime = await openTestRuntime();
});
afterAll(async () => {
  await runtime.close();
});

describe('the global seal', () => {
  it('gives every event a dense ledger_seq and a chain hash over the one before, pages or not', async () => {
    for (let round = 0; round < 20; round += 1) await appendEvents(runtime.store, `round${round}`, 7);
    expect(await sealCommitted(runtime.store, 50)).toBe(140);
    const rows = await runtime.store.db.selectFrom('ledger_seal').selectAll().orderBy('ledger_seq').execute();
    const events = await runtime.store.readAllAfterPosition(0, 1000);
    expect(rows.map((r) => Number(r.ledger_seq))).toEqual(events.map((_, i) => i + 1));
    let chain = GENESIS_CHAIN_HASH;
    for (const [i, row] of rows.entries()) {
      expect(Number(row.global_position)).toBe(events[i]!.globalPosition);
      chain = chainHash(chain, events[i]!.hash);
      expect(toHex(row.chain_hash)).toBe(toHex(chain));
    }
    const blocks = await runtime.store.db.selectFrom('ledger_merkle_blocks').selectAll().orderBy('block').execute();
    expect(blocks).toHaveLength(Math.floor(140 / BLOCK));
    // Read back end to end in one value, each block's head where its number says.
    const heads = await blockHashes(runtime.store.db, blocks.length);
    expect(heads.count).toBe(blocks.length);
    for (const block of blocks) expect(toHex(heads.at(block.block)!)).toBe(toHex(block.hash));
    expect(heads.at(blocks.length)).toBeUndefined();
  });

  it('signs checkpoints whose heads and proofs the stored tree reproduces, and which verify', async () => {
    const first = (await writeCheckpoint(runtime.store.db, key))!;
    expect(await writeCheckpoint(runtime.store.db, key)).toEqual(first);
    await appendEvents(runtime.store, 'later', 14);
    await sealCommitted(runtime.store);
    const second = (await writeCheckpoint(runtime.store.db, key))!;
    expect(second.ledger_seq).toBe(first.ledger_seq + 14);
    expect((await listCheckpoints(runtime.store.db, { limit: 10 })).map((c) => c.ledger_seq)).toEqual([second.ledger_seq, first.ledger_seq]);
    expect(verifyCheckpointSignature(second, key.publicKey)).toBe(true);
    expect(verifyCheckpointSignature({ ...second, ledger_seq: second.ledger_seq + 1 }, key.publicKey)).toBe(false);
    expect(checkpointMessage(second)).toContain(second.chain_hash);

    const events = await runtime.store.readAllAfterPosition(0, 1000);
    const leaves = events.map((e) => leafHash(e.hash));
    expect(second.tree_root).toBe(toHex(treeRoot(memorySource(leaves), second.ledger_seq)));
    expect(toHex(await storedTreeRoot(runtime.store.db, first.ledger_seq))).toBe(first.tree_root);
    const proof = await withStoredTree(runtime.store.db, second.ledger_seq, (source) => consistencyProof(source, first.ledger_seq, second.ledger_seq));
    expect(proof.map(toHex)).toEqual(consistencyProof(memorySource(leaves), first.ledger_seq, second.ledger_seq).map(toHex));
    expect(verifyConsistency(first.ledger_seq, second.ledger_seq, Buffer.from(first.tree_root, 'hex'), Buffer.from(second.tree_root, 'hex'), proof)).toBe(true);

    const report = await verifySeal(runtime.store.db, { publicKey: key.publicKey });
    expect(report).toMatchObject({ sealed: 154, unsealed: 0, checkpoints: 2, problems: [] });
  });

  it('refuses to change or remove what is sealed', async () => {
    await expect(runtime.store.db.updateTable('ledger_seal').set({ stream_id: 'x' }).execute()).rejects.toThrow(/immutable/);
    await expect(runtime.store.db.deleteFrom('ledger_checkpoints').execute()).rejects.toThrow(/immutable/);
    await expect(runtime.store.db.deleteFrom('ledger_merkle_blocks').execute()).rejects.toThrow(/immutable/);
  });
});

describe('the signing key', () => {
  it('is made on first start in a 0600 file under the data directory, then read back the same', () => {
    const dir = mkdtempSync(join(tmpdir(), 'ledger-key-'));
    try {
      const made = loadSigningKey({ dataDir: dir });
      expect(statSync(join(dir, KEY_FILE_NAME)).mode & 0o777).toBe(0o600);
      expect(loadSigningKey({ dataDir: dir }).publicKey).toEqual(made.publicKey);
      expect(made.publicKey.public_key_pem).toContain('BEGIN PUBLIC KEY');
      // LEDGER_SIGNING_KEY wins over the file.
      const pem = newSigningKeyPem();
      expect(loadSigningKey({ dataDir: dir, envKey: pem }).publicKey).toEqual(signingKeyFromPem(pem).publicKey);
      expect(readFileSync(join(dir, KEY_FILE_NAME), 'utf8')).toContain('PRIVATE KEY');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
