/**
 * Checks the global seal against the events, in ledger_seq order: the sequence is dense, every
 * chain hash recomputes, every sealed event is still there with the hash it had when sealed, every
 * stored block head and every checkpoint's chain hash and tree head recompute, and every checkpoint's
 * signature verifies. A stream rewritten with consistent stream hashes, or an event deleted, passes
 * the per-stream chains but not this.
 */
import { sql } from 'kysely';
import type { PublicKey } from '../../contract/ledger.ts';
import type { Db } from '../event-store/event-store.ts';
import { chainHash, GENESIS_CHAIN_HASH } from './chain.ts';
import { toHex } from '../event-store/hash-chain.ts';
import { BLOCK, leafHash, MerkleFrontier, memorySource, subtreeHash } from './merkle.ts';
import { toCheckpoint } from './seal-store.ts';
import { verifyCheckpointSignature } from './signing-key.ts';

export interface SealReport {
  sealed: number;
  unsealed: number;
  checkpoints: number;
  problems: string[];
}

interface SealRow {
  ledger_seq: number;
  global_position: number;
  stream_id: string;
  stream_version: number;
  event_hash: Uint8Array;
  chain_hash: Uint8Array;
  e_stream_id: string | null;
  e_stream_version: number | null;
  e_hash: Uint8Array | null;
}

const PAGE = 20_000;
const MAX_PROBLEMS = 1000;

export async function verifySeal(
  db: Db,
  options: { publicKey?: Pick<PublicKey, 'public_key_pem' | 'key_id'>; onProgress?: (checked: number, total: number) => void } = {},
): Promise<SealReport> {
  const problems: string[] = [];
  const problem = (text: string) => {
    if (problems.length < MAX_PROBLEMS) problems.push(text);
  };
  const checkpointRows = await db.selectFrom('ledger_checkpoints').selectAll().orderBy('ledger_seq').execute();
  const checkpoints = new Map(checkpointRows.map((row) => [Number(row.ledger_seq), toCheckpoint(row)]));
  for (const checkpoint of checkpoints.values()) {
    if (!options.publicKey) continue;
    if (checkpoint.key_id !== options.publicKey.key_id)
      problem(`checkpoint at ledger_seq ${checkpoint.ledger_seq} was signed by key ${checkpoint.key_id}, not by this ledger's key ${options.publicKey.key_id}`);
    else if (!verifyCheckpointSignature(checkpoint, options.publicKey))
      problem(`checkpoint at ledger_seq ${checkpoint.ledger_seq}: its signature does not verify`);
  }
  const blocks = new Map((await db.selectFrom('ledger_merkle_blocks').selectAll().execute()).map((row) => [Number(row.block), Buffer.from(row.hash)]));
  const totals = await sql<{
    sealed: number;
    events: number;
  }>`select (select count(*) from ledger_seal)::int8 as sealed, (select count(*) from events)::int8 as events`.execute(db);
  const total = Number(totals.rows[0]!.sealed);

  let expected = 1;
  let chain: Buffer = GENESIS_CHAIN_HASH;
  const frontier = new MerkleFrontier();
  let blockLeaves: Buffer[] = [];
  let checked = 0;
  for (let after = 0; ; ) {
    const { rows } = await sql<SealRow>`
      select s.ledger_seq, s.global_position, s.stream_id, s.stream_version, s.event_hash, s.chain_hash,
             e.stream_id as e_stream_id, e.stream_version as e_stream_version, e.hash as e_hash
        from ledger_seal s left join events e on e.global_position = s.global_position
       where s.ledger_seq > ${after} order by s.ledger_seq limit ${PAGE}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const seq = Number(row.ledger_seq);
      const where = `ledger_seq ${seq}, stream ${row.stream_id} version ${row.stream_version}, position ${Number(row.global_position)}`;
      if (seq !== expected) problem(`ledger_seq ${expected}${seq > expected + 1 ? `…${seq - 1}` : ''} missing from the seal (next is ${seq})`);
      expected = seq + 1;
      chain = chainHash(chain, row.event_hash);
      if (!chain.equals(Buffer.from(row.chain_hash))) {
        problem(`${where}: the chain hash does not recompute: the seal was rewritten`);
        chain = Buffer.from(row.chain_hash);
      }
      if (row.e_hash === null) problem(`${where}: the sealed event is missing from the ledger (deleted)`);
      else if (row.e_stream_id !== row.stream_id || row.e_stream_version !== row.stream_version)
        problem(`${where}: the event at that position is now stream ${row.e_stream_id} version ${row.e_stream_version}`);
      else if (!Buffer.from(row.e_hash).equals(Buffer.from(row.event_hash)))
        problem(`${where}: the event's hash differs from the hash sealed: it was rewritten after sealing`);
      const leaf = leafHash(row.event_hash);
      frontier.push(leaf);
      blockLeaves.push(leaf);
      if (blockLeaves.length === BLOCK) {
        const block = seq / BLOCK - 1;
        const stored = blocks.get(block);
        const head = subtreeHash(memorySource(blockLeaves), 0, BLOCK);
        if (stored && !stored.equals(head)) problem(`Merkle block ${block} (ledger_seq ${block * BLOCK + 1}…${seq}): its stored head does not recompute`);
        blockLeaves = [];
      }
      const checkpoint = checkpoints.get(seq);
      if (checkpoint) {
        if (checkpoint.chain_hash !== toHex(chain)) problem(`checkpoint at ledger_seq ${seq}: its chain hash differs from the seal's`);
        if (checkpoint.tree_root !== toHex(frontier.root())) problem(`checkpoint at ledger_seq ${seq}: its tree head differs from the seal's`);
      }
    }
    checked += rows.length;
    after = Number(rows[rows.length - 1]!.ledger_seq);
    options.onProgress?.(checked, total);
  }
  for (const seq of checkpoints.keys()) if (seq >= expected) problem(`checkpoint at ledger_seq ${seq} is beyond the seal, which ends at ${expected - 1}`);
  return { sealed: checked, unsealed: Math.max(0, Number(totals.rows[0]!.events) - checked), checkpoints: checkpoints.size, problems };
}
